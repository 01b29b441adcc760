% In matlab code an empty array reduces along the dim it is given, whatever its shape, as
% MATLAB does: sum(zeros(1, 0), 1) is 1-by-0, sum(zeros(0, 1), 2) 0-by-1 (issue #26). Values as
% Octave 7.3 prints them.
disp(size(sum(zeros(1, 0), 1)))          % expect:    1   0
disp(size(sum(zeros(0, 1), 2)))          % expect:    0   1
disp(size(prod(zeros(1, 0), 1)))         % expect:    1   0
disp(size(sum([], 1)))                   % expect:    1   1
disp(size(mean(zeros(0, 3), 2)))         % expect:    0   1
disp(sum(zeros(1, 0)))                   % expect: 0
disp(size(sum(zeros(0, 3))))             % expect:    1   3
