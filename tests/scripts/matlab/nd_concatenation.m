% [ ] with N-D parts (issue #27): each written row joins along dim 2, then the rows along dim 1,
% as MATLAB's horzcat and vertcat do; region reads of N-D arrays keep a column's orientation.
% Every expected line is what Octave 7 prints for the same statements.
A = reshape(1:8, 2, 2, 2);
B = 10 * ones(2, 1, 2);
H = [A, B];
printf("%d ", size(H)); printf("\n");   % expect: 2 3 2
printf("%d ", H(:, :, 2)); printf("\n");   % expect: 5 6 7 8 10 10
V = [A; A + 100];
printf("%d ", size(V)); printf("\n");   % expect: 4 2 2
printf("%d ", squeeze(V(3, 1, :))); printf("\n");   % expect: 101 105
G = [A, B; A + 1, B + 1];
printf("%d ", size(G)); printf("\n");   % expect: 4 3 2
printf("%d\n", G(4, 3, 2));   % expect: 11
E = [A, [], zeros(2, 0, 2)];
printf("%d\n", isequal(E, A));   % expect: 1
printf("%s\n", class([A > 4, true(2, 1, 2)]));   % expect: logical
printf("%s\n", class([int8(A), A]));   % expect: int8
printf("%d ", size([A, 1i * A])); printf("\n");   % expect: 2 4 2
C = reshape(1:8, 2, 1, 4);
printf("%d ", size(C(:, :, 3))); printf("\n");   % expect: 2 1
printf("%d ", size(C(:, 1))); printf("\n");   % expect: 2 1
printf("%d ", size(C(:))); printf("\n");   % expect: 8 1
printf("%d ", size(C([1; 2; 3]))); printf("\n");   % expect: 3 1
printf("%d ", size(C([1 2 3]))); printf("\n");   % expect: 1 3
printf("%d ", size(C(2, :))); printf("\n");   % expect: 1 4
[A, ones(3, 1, 2)]
% expect error: horizontal dimensions mismatch (2×2×2 vs 3×1×2)
