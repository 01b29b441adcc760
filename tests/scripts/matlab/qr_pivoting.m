% [Q, R, P] = qr(A) pivots A's columns so that A*P = Q*R with R's diagonal falling in
% magnitude; [Q, R, p] = qr(A, 0) gives the economy size and the order as a row (issue #26).
% Values as Octave 7.3 prints them.
A = [1 2 0; 0 5 1; 2 0 3; 1 1 1];
[Q, R, P] = qr(A);
disp(norm(Q * R - A * P) < 1e-12)        % expect: 1
disp(P + 0)
% expect:    0   0   1
% expect:    1   0   0
% expect:    0   1   0
disp(all(diff(abs(diag(R))) <= 0))       % expect: 1
[Q, R, p] = qr(A, 0);
disp(p)                                  % expect:    2   3   1
disp(size(Q)), disp(size(R))
% expect:    4   3
% expect:    3   3
disp(norm(Q * R - A(:, p)) < 1e-12)      % expect: 1
