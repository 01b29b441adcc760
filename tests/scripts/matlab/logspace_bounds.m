% logspace and bounds in matlab code (issue #26): logspace(a, b, n) is 10.^linspace(a, b,
% fix(n)), b = pi meaning log10(pi), infinite ends as Octave's linspace makes them; bounds
% works along a dimension as min and max do. Values as Octave 7.3 prints them.
disp(size(logspace(1, 2, 10.1)))         % expect:     1   10
disp(logspace(1, pi, 3))                 % expect:    10.0000    5.6050    3.1416
disp(logspace(0, Inf, 3))                % expect:      1   Inf   Inf
disp(logspace(-Inf, Inf, 3))             % expect:      0     1   Inf
disp(bounds(magic(3)))                   % expect:    3   1   2
[lo, hi] = bounds(magic(3), 2);
disp([lo, hi])
% expect:    1   8
% expect:    3   7
% expect:    2   9
