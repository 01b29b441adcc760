% Set operations on numbers in matlab code keep MATLAB's shapes (issue #26): a row when the
% operands are rows (unique: x; union, intersect, setxor: both; setdiff: a), a column otherwise;
% index outputs are columns; "rows" works on rows; unique takes "first"/"last"; intersect with
% an empty operand is []. Values as Octave 7.3 prints them.
disp(size(union([1 2 3], [2; 5])))       % expect:    4   1
disp(union([1 2 3], [2 5]))              % expect:    1   2   3   5
[c, ia, ib] = union([1 2 3], [2 5]);
disp(size(ia)), disp(ib')
% expect:    3   1
% expect: 2
disp(intersect([1; 2; 3], [2 3])')       % expect:    2   3
[c, ia, ib] = intersect([5 1 3], [3 5 7]);
disp(c), disp(ia'), disp(ib')
% expect:    3   5
% expect:    3   1
% expect:    1   2
disp(size(setdiff([1 2 3], [2; 3])))     % expect:    1   1
disp(setdiff([4; 1; 3], 3)')             % expect:    1   4
disp(setxor([1 2 3], [2 5]))             % expect:    1   3   5
[c, ia, ib] = setxor([1 2 3], [2 5]);
disp(ia'), disp(ib')
% expect:    1   3
% expect: 2
[u, i, j] = unique([3 1 1 2]);
disp(u), disp(i'), disp(j')
% expect:    1   2   3
% expect:    2   4   1
% expect:    3   1   1   2
[u, i] = unique([3 1 1 2], 'last');
disp(i')                                 % expect:    3   4   1
disp(size(unique([3; 1; 1])))            % expect:    2   1
disp(unique([3 1 1 2], 'stable'))        % expect:    3   1   2
[u, i, j] = unique([3 1; 1 2; 3 1], 'rows');
disp(u), disp(i'), disp(j')
% expect:    1   2
% expect:    3   1
% expect:    2   1
% expect:    2   1   2
disp(union([1 2; 3 4], [1 2; 5 6], 'rows'))
% expect:    1   2
% expect:    3   4
% expect:    5   6
disp(intersect([1 2; 3 4], [3 4; 5 6], 'rows')) % expect:    3   4
disp(setdiff([1 2; 3 4], [1 2], 'rows')) % expect:    3   4
[tf, loc] = ismember([1 2; 5 6; 3 4], [3 4; 1 2], 'rows');
disp(double(tf')), disp(loc')
% expect:    1   0   1
% expect:    2   0   1
disp(size(intersect([], [1 2])))         % expect:    0   0
disp(size(unique([])))                   % expect:    0   0
unique(1, 'first', 'last')               % expect error: cannot specify both "first" and "last"
