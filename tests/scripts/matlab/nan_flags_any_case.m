% MATLAB's NaN flags read in any letter case (MATLAB's rule for option words), by the builtins
% and by their gradient rules alike.
x = [1 NaN 3];
disp(sum(x, 'OmitNaN'))
disp(mean(x, 'OMITNAN'))
disp(prod(x, 'omitNaN'))
disp(max(x, [], 'OmitNaN'))
disp(sum(x, 'IncludeNaN'))
[v, d] = value_and_grad(@(z) sum(z, 'OmitNaN'), x);
disp(d)
% expect: 4
% expect: 2
% expect: 3
% expect: 3
% expect: NaN
% expect:    1   0   1
