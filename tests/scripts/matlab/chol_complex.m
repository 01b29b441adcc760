% chol of a complex Hermitian matrix (issue #26): R'*R = A with R' the conjugate transpose,
% "lower" the conjugate transpose of the upper factor; cholupdate refactors R'*R ± x*x'.
% Values as Octave 7.3 prints them.
A = [4, 1+2i; 1-2i, 6];
R = chol(A);
disp(real(R))
% expect:    2.0000   0.5000
% expect:         0   2.1794
disp(imag(R(1, 2)))                      % expect: 1
disp(norm(R' * R - A) < 1e-14)           % expect: 1
L = chol(A, 'lower');
disp(isequal(L, R'))                     % expect: 1
R1 = cholupdate(chol([2 1; 1 2]), [1; 0]);
disp(norm(R1' * R1 - [3 1; 1 2]) < 1e-14) % expect: 1
[R2, p] = cholupdate(chol([2 1; 1 2]), [2; 0], '-');
disp(p)                                  % expect: 1
