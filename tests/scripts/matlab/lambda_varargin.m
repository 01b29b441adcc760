% MATLAB's anonymous functions in matlab code: a last parameter varargin takes the arguments
% left over, and a parameter not given is unset (an error only where the body reads it, even
% when the captured scope held that name).
f = @(varargin) numel(varargin);
disp([f(1, 2, 3), f()])
% expect:    3   0
g = @(a, varargin) a + numel(varargin);
disp(g(10, 'x', 'y'))
% expect: 12
h = @(x, y) x;
disp(h(4))
% expect: 4
y = 100;
k = @(x, y) x + y;
k(1)
% expect error: lambda_varargin.m:14:17: error: undefined variable 'y'
