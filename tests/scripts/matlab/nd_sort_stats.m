% sort, std/var/median/mode along a dim, "all" and vecdim, find, for and arrayfun over N-D
% arrays (issue #27); expected lines are what Octave 7 prints (for "all" and vecdim, which
% Octave 7 lacks in sum, for the equivalent sum(A(:)) and sum(sum(A, 1), 3)).
A = reshape([3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4], 2, 3, 4);
[S, I] = sort(A, 3);
printf("%g ", S(:, :, 1)); printf("\n");   % expect: 2 1 4 1 2 3
printf("%g ", I(:, :, 4)); printf("\n");   % expect: 3 3 3 3 4 1
[S, I] = sort(A, 2, "descend");
printf("%g ", S(:, :, 2)); printf("\n");   % expect: 5 8 5 6 2 3
printf("%g ", I(:, :, 2)); printf("\n");   % expect: 2 3 3 1 1 2
S = sort(A);
printf("%g ", S(:, :, 3)); printf("\n");   % expect: 7 9 3 9 2 3
S = sort(A, "descend");
printf("%g ", S(:, :, 3)); printf("\n");   % expect: 9 7 9 3 3 2
printf("%d ", size(sort(A, 5))); printf("\n");   % expect: 2 3 4
printf("%.4f ", std(A, 0, 3)); printf("\n");   % expect: 3.5119 2.6458 2.1602 0.9574 1.7321 2.9439
printf("%.4f ", std(A, 1, 3)); printf("\n");   % expect: 3.0414 2.2913 1.8708 0.8292 1.5000 2.5495
printf("%.4f ", var(A, 0, 3)); printf("\n");   % expect: 12.3333 7.0000 4.6667 0.9167 3.0000 8.6667
printf("%.4f ", std(A, [], 2)); printf("\n");   % expect: 1.0000 4.6188 1.7321 2.5166 4.0415 2.3094 1.1547 1.1547
printf("%.4f ", var(A)); printf("\n");   % expect: 2.0000 4.5000 8.0000 8.0000 2.0000 4.5000 2.0000 18.0000 0.5000 8.0000 8.0000 2.0000
printf("%d ", size(std(A))); printf("\n");   % expect: 1 3 4
printf("%g ", median(A, 3)); printf("\n");   % expect: 5.5 5 5.5 2.5 5 6
printf("%g ", median(A, 2)); printf("\n");   % expect: 4 1 5 6 9 3 6 4
printf("%g ", mode(A, 3)); printf("\n");   % expect: 2 1 4 3 5 3
printf("%g ", mode(A)); printf("\n");   % expect: 1 1 5 2 3 5 7 3 2 4 2 4
printf("%g\n", sum(A, "all"));   % expect: 115
printf("%g\n", std(A, 0, "all"));   % expect: 2.55341
printf("%g ", sum(A, [1 3])); printf("\n");   % expect: 40 33 42
printf("%.4f ", std(A, 0, [1 3])); printf("\n");   % expect: 2.9277 2.5319 2.3755
printf("%g ", max(max(A, [], 2), [], 3)); printf("\n");   % expect: 9 9
printf("%g ", find(A > 7)); printf("\n");   % expect: 6 12 13 15 19
[r, c] = find(A == 9);
printf("%d ", r, c); printf("\n");   % expect: 2 1 1 3 7 8
[r, c, v] = find(A .* (A > 8));
printf("%d ", r, c, v); printf("\n");   % expect: 2 1 1 3 7 8 9 9 9
n = 0; for col = A, n = n + 1; end, printf("%d %d\n", n, numel(col));   % expect: 12 2
for col = reshape(1:8, 2, 2, 2), printf("%d ", col); end, printf("\n");   % expect: 1 2 3 4 5 6 7 8
B = arrayfun(@(x) x^2, reshape(1:8, 2, 2, 2));
printf("%d ", size(B)); printf("%g ", B); printf("\n");   % expect: 2 2 2 1 4 9 16 25 36 49 64
L = arrayfun(@(x, y) x > y, reshape(1:8, 2, 2, 2), 9 - reshape(1:8, 2, 2, 2));
printf("%d ", ndims(L)); printf("%d ", L); printf("\n");   % expect: 3 0 0 0 0 1 1 1 1
W = reshape([1 NaN 3 4 NaN 6 7 8], 2, 2, 2);
printf("%g ", sum(W, 3, "omitnan")); printf("\n");   % expect: 1 6 10 12
printf("%g ", prod(W, "omitnan")); printf("\n");   % expect: 1 12 6 56
printf("%g ", mean(W, 3, "omitnan")); printf("\n");   % expect: 1 6 5 6
printf("%g ", sum(W, 3)); printf("\n");   % expect: NaN NaN 10 12
printf("%g ", max(A, [], [1 3])); printf("\n");   % expect: 9 9 9
printf("%g ", min(A, [], [2 3])); printf("\n");   % expect: 2 1
% a vecdim names each dim once; num2cell keeps the N-D shape; mat2str is Octave's error
try, sum(ones(2, 2, 2), [1 1]); catch err, disp(err.message), end   % expect: sum: vecdim must hold distinct positive integers
disp(size(num2cell(ones(2, 2, 2))))   % expect:    2   2   2
mat2str(ones(2, 2, 2))   % expect error: mat2str: X must be two dimensional
