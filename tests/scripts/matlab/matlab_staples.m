% MATLAB staples Octave's tests call (issue #26): ismac/ispc/isunix, toeplitz, poly, pow2.
% Values as Octave 7.3 prints them.
disp([ismac(), ispc(), isunix()])        % expect:   0  0  1
disp(toeplitz([1, 2, 3], [1; -3; -5]))
% expect:    1  -3  -5
% expect:    2   1  -3
% expect:    3   2   1
disp(toeplitz([1 2]))
% expect:    1   2
% expect:    2   1
disp(poly([1, 2, 3]))                    % expect:     1   -6   11   -6
disp(round(poly([1, 2; 3, 4]) * 1000) / 1000) % expect:    1  -5  -2
disp(isreal(poly([1i, -1i])))            % expect: 1
disp(pow2([3, 0, -3]))                   % expect:    8.0000   1.0000   0.1250
disp(pow2(3, 2))                         % expect: 12
