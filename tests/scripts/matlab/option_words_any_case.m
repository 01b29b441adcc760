% MATLAB reads option words in any letter case: "all", "stable", the sort direction, interp1's
% method, and the gradient rule of sum(x, "all") reads the word as the builtin does.
x = [3 1 2 1];
disp(sum([1 2; 3 4], 'All'))
disp(unique(x, 'Stable'))
disp(sort(x, 'Descend'))
disp(interp1([1 2 3], [10 20 30], 2.5, 'Linear'))
disp(union([3 1], [2 1], 'STABLE'))
[v, d] = value_and_grad(@(z) sum(z .^ 2, 'ALL'), [1 2; 3 4]);
disp(d)
% expect: 10
% expect:    3   1   2
% expect:    3   2   1   1
% expect: 25
% expect:    3   1   2
% expect:    2   4
% expect:    6   8
