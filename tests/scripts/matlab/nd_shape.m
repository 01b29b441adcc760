% reshape, permute, ipermute, squeeze, cat and repmat over N dims (issue #27); every expected
% line is what Octave 7 prints for the same statements.
X = reshape(1:24, 2, 3, 4);
printf("%d ", size(X)); printf("\n");   % expect: 2 3 4
printf("%d ", X(:, :, 3)); printf("\n");   % expect: 13 14 15 16 17 18
Y = reshape(X, 4, []);
printf("%d ", size(Y)); printf("\n");   % expect: 4 6
printf("%d ", size(reshape(X, [], 2, 3))); printf("\n");   % expect: 4 2 3
printf("%d ", size(reshape(X, [6 4]))); printf("\n");   % expect: 6 4
P = permute(X, [3 1 2]);
printf("%d ", size(P)); printf("\n");   % expect: 4 2 3
printf("%d ", P(:, 2, 3)); printf("\n");   % expect: 6 12 18 24
printf("%d ", P(1:6)); printf("\n");   % expect: 1 7 13 19 2 8
Q = ipermute(P, [3 1 2]);
printf("%d\n", isequal(Q, X));   % expect: 1
printf("%d ", size(permute([1 2 3], [2 1]))); printf("\n");   % expect: 3 1
printf("%d ", size(permute(X, [2 1 4 3]))); printf("\n");   % expect: 3 2 1 4
S = squeeze(X(1, 2, :));
printf("%d ", size(S)); printf("%d ", S); printf("\n");   % expect: 4 1 3 9 15 21
printf("%d ", size(squeeze(ones(1, 3, 1, 2)))); printf("\n");   % expect: 3 2
printf("%d ", size(squeeze(ones(2, 3)))); printf("\n");   % expect: 2 3
C = cat(3, [1 2; 3 4], [5 6; 7 8]);
printf("%d ", size(C)); printf("%d ", C); printf("\n");   % expect: 2 2 2 1 3 2 4 5 7 6 8
C2 = cat(1, X, X);
printf("%d ", size(C2)); printf("%d ", C2(3, 1, 2)); printf("\n");   % expect: 4 3 4 7
C3 = cat(3, [], [1 2]);
printf("%d ", size(C3)); printf("\n");   % expect: 1 2
printf("%d ", size(cat(4, 1, 2))); printf("\n");   % expect: 1 1 1 2
R = repmat([1 2; 3 4], 1, 2, 2);
printf("%d ", size(R)); printf("%d ", R); printf("\n");   % expect: 2 4 2 1 3 2 4 1 3 2 4 1 3 2 4 1 3 2 4
R2 = repmat(X, [1 1 1 2]);
printf("%d ", size(R2)); printf("%d ", R2(2, 3, 4, 2)); printf("\n");   % expect: 2 3 4 2 24
R3 = repmat(X, 2, 1);
printf("%d ", size(R3)); printf("%d ", R3(3, 1, 2)); printf("\n");   % expect: 4 3 4 7
% only empties stack along the dim (Octave), and then no longer match a 2×2
printf("%d ", size(cat(3, [], []))); printf("\n")   % expect: 0 0 2
try, cat(3, cat(3, [], []), [1, 2; 3, 4]); catch err, disp(err.message), end
% expect: cat: dimension mismatch: argument 3 is 2×2 (concatenating along dim 3)
