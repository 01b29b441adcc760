% qr of a complex matrix and [C, R] = qr(A, B) (issue #26): Q is unitary with A = Q*R, and
% C = Q'*B, MATLAB's least-squares form.
A = [0, 2, 1i; 2, 1, 2; 3, 1, 2];
B = [1, 3, 2; 1, 1i, 0; 3, 0, 2];
[Q, R] = qr(A);
disp(norm(Q * R - A) < 1e-12)            % expect: 1
disp(norm(Q' * Q - eye(3)) < 1e-12)      % expect: 1
disp(isequal(triu(R), R))                % expect: 1
[C, R2] = qr(A, B);
disp(norm(R2 - R) < 1e-12)               % expect: 1
disp(norm(Q' * B - C) < 1e-12)           % expect: 1
qr([1, 2; 3, 4], 0, 2)                   % expect error: a third argument follows a matrix B only
