% Inside parentheses nested in brackets or braces a space separates nothing, as MATLAB
% reads it: [(max (1, 2))] is one element (issue #26).
disp([(max (1, 2)) 5])                   % expect:    2   5
c = {1; (max (3, 2))};
disp(c{2})                               % expect: 3
disp([abs(min (-4, 2)) 1])               % expect:    4   1
