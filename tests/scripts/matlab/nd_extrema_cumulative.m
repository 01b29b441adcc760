% max/min with index outputs and cumsum along any dim of an N-D array (issue #27); every
% expected line is what Octave 7 prints for the same statements.
X = reshape([3 9 1 4 7 2 8 6 5 0 11 10], 2, 3, 2);
[m, i] = max(X, [], 3);
printf("%d ", size(m)); printf("%d ", m, i); printf("\n");   % expect: 2 3 8 9 5 4 11 10 2 1 2 1 2 2
[m, i] = min(X, [], 2);
printf("%d ", size(m)); printf("%d ", m, i); printf("\n");   % expect: 2 1 2 1 2 5 0 2 3 2 2
m = max(X);
printf("%d ", size(m)); printf("%d ", m); printf("\n");   % expect: 1 3 2 9 4 7 8 5 11
[m, i] = max(X, [], 4);
printf("%d ", size(i)); printf("%d ", i(:, :, 2)); printf("\n");   % expect: 2 3 2 1 1 1 1 1 1
C = cumsum(reshape(1:8, 2, 2, 2), 3);
printf("%d ", size(C)); printf("%d ", C); printf("\n");   % expect: 2 2 2 1 2 3 4 6 8 10 12
C2 = cumsum(reshape(1:8, 2, 2, 2));
printf("%d ", C2); printf("\n");   % expect: 1 3 3 7 5 11 7 15
C3 = cumsum(ones(1, 1, 3));
printf("%d ", size(C3)); printf("%d ", C3); printf("\n");   % expect: 1 1 3 1 2 3
C4 = cumsum(reshape(1:8, 2, 2, 2), 2);
printf("%d ", C4); printf("\n");   % expect: 1 2 4 6 5 6 12 14
