% Reductions of N-D arrays along any dim (issue #27): sum, prod, mean, any, all, with the
% first non-singleton dim by default. Expected lines are Octave 7's; Octave 7 has no "all"
% flag, so that line expects MATLAB's documented sum(X(:)).
X = reshape(1:24, 2, 3, 4);
S = sum(X, 3);
printf("%d ", size(S)); printf("%d ", S); printf("\n");   % expect: 2 3 40 44 48 52 56 60
S1 = sum(X);
printf("%d ", size(S1)); printf("%d ", S1); printf("\n");   % expect: 1 3 4 3 7 11 15 19 23 27 31 35 39 43 47
S2 = sum(X, 2);
printf("%d ", size(S2)); printf("%d ", S2); printf("\n");   % expect: 2 1 4 9 12 27 30 45 48 63 66
printf("%d\n", sum(X, "all"));   % expect: 300
printf("%d ", size(sum(X, 5))); printf("\n");   % expect: 2 3 4
P = prod(reshape(1:8, 2, 2, 2), 3);
printf("%d ", P); printf("\n");   % expect: 5 12 21 32
M = mean(X, 3);
printf("%g ", M); printf("\n");   % expect: 10 11 12 13 14 15
S3 = sum(ones(1, 1, 3));
printf("%d ", size(S3)); printf("%d ", S3); printf("\n");   % expect: 1 1 3
A = any(X > 20, 3);
printf("%d %d ", islogical(A), size(A)); printf("%d ", A); printf("\n");   % expect: 1 2 3 0 0 1 1 1 1
B = all(X > 2, 1);
printf("%d ", size(B)); printf("%d ", B); printf("\n");   % expect: 1 3 4 0 1 1 1 1 1 1 1 1 1 1 1
printf("%d ", size(sum(zeros(2, 0, 3), 1))); printf("\n");   % expect: 1 0 3
sum(X, 0)   % expect error: sum: dim must be a positive integer, got 0
