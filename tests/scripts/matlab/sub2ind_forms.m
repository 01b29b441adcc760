% sub2ind in matlab code takes any number of subscripts (the last spanning the dims it leaves)
% and checks they are of one size and within range, as MATLAB does (issue #26). Values as
% Octave 7.3 prints them.
disp(sub2ind([10 10 10], [1 2], [1 2], [2 1])) % expect:    101    12
disp(sub2ind([2 3 4], 2, 3, 4))          % expect: 24
disp(sub2ind([2 3 4], 2, 12))            % expect: 24
disp(sub2ind([3 4], [1; 2], [2; 3])')    % expect:    4   8
sub2ind([10 10], ones(1, 2), ones(2, 1)) % expect error: the subscripts must all be of the same size
