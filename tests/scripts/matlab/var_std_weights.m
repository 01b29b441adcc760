% var and std in matlab code take MATLAB's second argument, the normalization or a weight
% vector, and any dim (issue #26). Values as Octave 7.3 prints them.
disp(var(1:7, 1:7))                  % expect: 3
disp(var([1 2 3 4]))                 % expect: 1.6667
disp(var([1 2 3 4], 1))              % expect: 1.2500
disp(std([1 2 3 4], 1))              % expect: 1.1180
disp(var([1; 2; 3; 4], []))          % expect: 1.6667
disp(var([1 2 3], [], 1))            % expect:    0   0   0
disp(var([1 2 3], [], 3))            % expect:    0   0   0
disp(max(abs(var(eye(3), 1:3) - [5/36, 2/9, 1/4])) < 1e-15)
% expect: 1
disp(std([2 4; 6 8], 0, 2)')         % expect:    1.4142   1.4142
var([1 2 3], 2)                      % expect error: w must be 0, 1 or a vector of weights, got 2
