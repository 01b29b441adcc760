% [a, b] = c{:} and [a, b] = s.f take one value each from MATLAB's comma-separated list.
x = {1, 2};
[a, b] = x{:};
disp(a + b)
% expect: 3
s = struct('v', {10, 20});
[p, q] = s.v;
disp([p q])
% expect:    10   20
c = {5, 6, 7};
[u, ~, w] = c{:};
disp([u w])
% expect:    5   7
[a1, a2] = c{2:3};
disp(a2)
% expect: 7
[e1, e2] = c{1};
% expect error: multi_assign_lists.m:17:1: error: multi-assign: expected 2 values, function returned 1
