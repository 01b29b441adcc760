% linspace in matlab code takes MATLAB's forms (issue #26): a count cut down to a whole number
% (below 1 gives no points, [] one), complex ends, and vectors of ends giving one row of points
% per pair. Values as Octave 7.3 prints them.
disp(linspace(10, 20, 2.9))              % expect:    10   20
disp(size(linspace(10, 20, -1)))         % expect:    1   0
disp(linspace(0, 1, []))                 % expect: 1
disp(linspace([1 2], [3 6], 3))
% expect:    1   2   3
% expect:    2   4   6
disp(linspace([1; 2], 5, 3))
% expect:    1.0000   3.0000   5.0000
% expect:    2.0000   3.5000   5.0000
z = linspace(1, 5-5i, 5);
printf('%g%+gi ', [real(z); imag(z)]); printf('\n') % expect: 1+0i 2-1.25i 3-2.5i 4-3.75i 5-5i
x = linspace(-1-1i, 1+1i, 10);
disp(all(x == -fliplr(x)))               % expect: 1
linspace(1, [], 3)                       % expect error: START and END must be scalars or vectors
