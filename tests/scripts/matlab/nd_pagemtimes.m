% pagemtimes (with MATLAB's transpose options) and pagetranspose (issue #27). Octave 7 has
% neither: each expected line is what Octave prints for the same products written page by
% page (X(:, :, k) * Y(:, :, k) in a loop, permute(X, [2 1 3]) for the transpose).
X = reshape(1:12, 2, 3, 2);
Y = reshape(1:12, 3, 2, 2);
Z = pagemtimes(X, Y);
printf("%d ", size(Z)); printf("%d ", Z); printf("\n");   % expect: 2 2 2 22 28 49 64 220 244 301 334
Z2 = pagemtimes(X, [1; 0; 1]);
printf("%d ", size(Z2)); printf("%d ", Z2); printf("\n");   % expect: 2 1 2 6 8 18 20
Z3 = pagemtimes(X, "transpose", X, "none");
printf("%d ", size(Z3)); printf("%d ", Z3(:, :, 2)); printf("\n");   % expect: 3 3 2 113 143 173 143 181 219 173 219 265
Z4 = pagemtimes(X, "none", X, "transpose");
printf("%d ", size(Z4)); printf("%d ", Z4); printf("\n");   % expect: 2 2 2 35 44 44 56 251 278 278 308
W = reshape(1:8, 2, 2, 1, 2);
Z5 = pagemtimes(W, ones(2, 2, 3));
printf("%d ", size(Z5)); printf("%d ", Z5(:, :, 3, 2)); printf("\n");   % expect: 2 2 3 2 12 14 12 14
T = pagetranspose(X);
printf("%d ", size(T)); printf("%d ", T); printf("\n");   % expect: 3 2 2 1 3 5 2 4 6 7 9 11 8 10 12
C = pagemtimes(reshape([1+2i, 3, 4i, 1], 2, 2), "ctranspose", eye(2), "none");
printf("%g ", real(C), imag(C) + 0); printf("\n");   % expect: 1 0 3 1 -2 -4 0 0
printf("%d ", pagemtimes([1 2; 3 4], [5; 6])); printf("\n");   % expect: 17 39
try, pagemtimes(ones(2, 3, 2), ones(2, 2)); catch err, disp(err.message), end
% expect: pagemtimes: inner dimensions must match: pages are 2×3 and 2×2
try, pagemtimes(ones(2, 2, 2), ones(2, 2, 3)); catch err, disp(err.message), end
% expect: pagemtimes: page dims do not agree: 2×2×2 and 2×2×3
pagemtimes(X, "conj", X, "none")   % expect error: pagemtimes: transpose option must be "none", "transpose" or "ctranspose", got "conj"
