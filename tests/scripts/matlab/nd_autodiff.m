% N-D gradients and attention in the matlab dialect (issue #27): the same builtins and rules as
% in rlab code, MATLAB's shapes around them.
rng(5);
x = rand(2, 3, 4);
g = grad(@(y) sum(y .^ 2, 'all'), x);
disp(size(g))
% expect:    2   3   4
disp(max(abs(g(:) - 2 * x(:))))
% expect: 0
q = randn(4, 6, 2);
[y, w] = attention(q, q, q, 'heads', 2, 'causal', true);
disp([size(y), size(w)])
% expect:    4   6   2   4   4   2   2
disp(gradcheck(@(v) sum(attention(v, v, v, 'heads', 3) .^ 2, 'all'), q) < 1e-6)
% expect: 1
