% nchoosek(v, k) of a vector in matlab code lists every choice of k of its elements, one per
% row, in the order of their positions (issue #26); k = 0 gives one empty row and k past the
% count no rows; a cell gives a cell. Values as Octave 7.3 prints them.
disp(nchoosek(1:4, 2))
% expect:    1   2
% expect:    1   3
% expect:    1   4
% expect:    2   3
% expect:    2   4
% expect:    3   4
disp(nchoosek([5 7 9], 3))               % expect:    5   7   9
disp(size(nchoosek(1:2, 0)))             % expect:    1   0
disp(size(nchoosek(1:2, 3)))             % expect:    0   3
c = nchoosek({1, 'b', 3}, 2);
disp(size(c)), disp(c{2, 2})
% expect:    3   2
% expect: 3
disp(nchoosek(5, 2))                     % expect: 10
nchoosek(ones(3, 3), 1)                  % expect error: V must be a scalar or a vector
