% accumarray in matlab code takes MATLAB's full form (issue #26): accumarray(subs, vals, sz,
% func, fillval) with subs an N-by-D matrix of subscripts (an N-D result for D > 2) or a cell
% of index vectors, a function handle applied to each group's values as a column (in their
% order), and fillval where no subscript points; a sparse result is an error. Values as
% Octave 7.3 prints them.
disp(accumarray([1; 2; 4; 2; 4], 101:105))
% expect:    101
% expect:    206
% expect:      0
% expect:    208
disp(accumarray([1 1; 2 1; 2 3; 2 1; 2 3], 101:105, [2 4], @max, NaN))
% expect:    101   NaN   NaN   NaN
% expect:    104   NaN   105   NaN
disp(accumarray([1 1; 2 1; 2 3; 2 1; 2 3], 101:105, [], @prod))
% expect:      101       0       0
% expect:    10608       0   10815
disp(double(accumarray([1 1; 2 1; 2 3; 2 1; 2 3], 101:105, [2 4], @(x) length(x) > 1)))
% expect:    0   0   0   0
% expect:    1   0   1   0
disp(class(accumarray([1; 2; 2], 1, [], @(x) numel(x) > 1))) % expect: logical
A = accumarray([1 1 1; 2 1 2; 2 3 2; 2 1 2; 2 3 2], 101:105);
disp(size(A)), disp(A(:, :, 2))
% expect:    2   3   2
% expect:      0     0     0
% expect:    206     0   208
disp(accumarray({[1 2 1], [2 2 2]}, [10 20 30]))
% expect:     0   40
% expect:     0   20
c = accumarray([1; 2; 1], [5; 6; 7], [], @(x) {x});
disp(c{1}')                              % expect:    5   7
disp(accumarray([1; 2], [3; 4], [1, 2], @min)) % expect:    3   4
disp(size(accumarray(zeros(0, 1), [], [0 1]))) % expect:    0   1
accumarray([1; 2], [3; 4], [2 1], @min, 0, true) % expect error: sparse
