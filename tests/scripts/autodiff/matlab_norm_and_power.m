% In matlab code norm(M) alone is the 2-norm, and its gradient is the 2-norm's (u1*v1'), not
% rlab's Frobenius one; the matrix power A^n takes its gradient through the products.
X = [1 2 3; 4 5 6.5];
g = grad(@(A) norm(A), X);
[U, S, V] = svd(X);
disp(max(max(abs(g - U(:, 1) * V(:, 1)'))) < 1e-12)
% expect: 1
disp(gradcheck(@(A) norm(A), X) < 1e-6)
% expect: 1
S = [4 1 0; 1 3 1; 0 1 2];
disp(gradcheck(@(A) sum(sum(A^3)), S) < 1e-6)
% expect: 1
disp(gradcheck(@(A) sum(sum(A^-1)), S) < 1e-6)
% expect: 1
g = grad(@(A) sum(sum(A^2)), S);
disp(max(max(abs(g - (ones(3) * S' + S' * ones(3))))) < 1e-12)
% expect: 1
grad(@(A) sum(sum(A^0.5)), S)
% expect error: matlab_norm_and_power.m:18:20: error: a tracked matrix to a non-integer power, or a number to a tracked matrix power, has no gradient rule; use an integer power or .^
