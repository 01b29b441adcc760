% cell2mat joins items of one class, as MATLAB's does; a cell mixing classes is an error rather
% than the silent char that [1, 'a'] would give.
disp(cell2mat({[1 2], 3; [4 5], 6}))
% expect:    1   2   3
% expect:    4   5   6
disp(cell2mat({'ab', 'c'}))
% expect: abc
x = cell2mat({1, 'a'});
% expect error: cell2mat_one_class.m:8:5: error: cell2mat: every item must have the same class (item 1 is double, item 2 is char)
