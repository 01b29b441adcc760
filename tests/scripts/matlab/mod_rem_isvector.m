% mod and rem compensate round-off in matlab code (issue #26, MATLAB's documented rule): where
% x/m is within eps of a non-zero integer and m is not an integer, the result is 0; complex x
% is an error. isvector is true for any 1×N or N×1 value. Values as Octave 7.3 prints them.
disp(mod(2.1, 0.1))                      % expect: 0
disp(rem(0.94, 0.01))                    % expect: 0
disp(mod(-7, 3))                         % expect: 2
disp(rem(5.5, 2))                        % expect: 1.5000
disp([isvector('test'), isvector('t'), isvector(struct('a', 1)), isvector({1, 2})]) % expect:   1  1  1  1
disp(isvector(ones(2)))                  % expect: 0
rem(1i, 1)                               % expect error: x must be real
