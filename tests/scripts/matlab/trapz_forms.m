% trapz in matlab code takes MATLAB's forms (issue #26): trapz(y) along the first
% non-singleton dim, trapz(y, dim), trapz(x, y) with a spacing, abscissae or y's shape, and
% trapz(x, y, dim). Values as Octave 7.3 prints them.
disp(trapz([1 2 3]))                 % expect: 4
disp(trapz([1; 2; 3]))               % expect: 4
disp(trapz([1 2; 3 4; 5 6]))         % expect:    6   8
disp(trapz([1 2; 3 4; 5 6], 2))
% expect:    1.5000
% expect:    3.5000
% expect:    5.5000
disp(trapz(0.5, [1 2 3]))            % expect: 2
disp(trapz([0 1 3], [1 2 3]))        % expect: 6.5000
disp(trapz([0 1 3], [1 2; 2 3; 3 4], 1))
% expect:    6.5000   9.5000
disp(trapz(5))                       % expect: 0
