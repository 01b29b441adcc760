% sub2ind in matlab code takes any number of subscripts (the last spanning the dims it leaves)
% and checks they are of one size and within range, as MATLAB does; ind2sub takes a size of
% any length (issue #26). Values as Octave 7.3 prints them.
disp(sub2ind([10 10 10], [1 2], [1 2], [2 1])) % expect:    101    12
disp(sub2ind([2 3 4], 2, 3, 4))          % expect: 24
disp(sub2ind([2 3 4], 2, 12))            % expect: 24
disp(sub2ind([3 4], [1; 2], [2; 3])')    % expect:    4   8
[r, c, s] = ind2sub([2 2 2], 1:8);
disp([r; c; s])
% expect:    1   2   1   2   1   2   1   2
% expect:    1   1   2   2   1   1   2   2
% expect:    1   1   1   1   2   2   2   2
[r, c] = ind2sub([2 2 2], 1:8);
disp(c)                                  % expect:    1   1   2   2   3   3   4   4
disp(ind2sub(9, [2 8]))                  % expect:    2   8
sub2ind([10 10], ones(1, 2), ones(2, 1)) % expect error: the subscripts must all be of the same size
