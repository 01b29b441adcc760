% Element-wise arithmetic, comparisons and logic on N-D arrays with implicit expansion across
% any dims (issue #27); every expected line is what Octave 7 prints for the same statements.
X = reshape(1:12, 2, 3, 2);
Y = X + 1;
printf("%d ", Y); printf("\n");   % expect: 2 3 4 5 6 7 8 9 10 11 12 13
Z = X .* reshape([1 10], 1, 1, 2);
printf("%d ", Z); printf("\n");   % expect: 1 2 3 4 5 6 70 80 90 100 110 120
W = X - [1; 2];
printf("%d ", W); printf("\n");   % expect: 0 0 2 2 4 4 6 6 8 8 10 10
L = X > 6;
printf("%d %d ", islogical(L), ndims(L)); printf("%d ", L); printf("\n");   % expect: 1 3 0 0 0 0 0 0 1 1 1 1 1 1
M = (X > 3) & (X < 9);
printf("%d ", M); printf("\n");   % expect: 0 0 0 1 1 1 1 1 0 0 0 0
N = -X;
printf("%d ", N(:, :, 2)); printf("\n");   % expect: -7 -8 -9 -10 -11 -12
printf("%d ", size(ones(2, 1, 3) + ones(1, 4))); printf("\n");   % expect: 2 4 3
P = 2 * X ./ 4;
printf("%g ", P(:, :, 1)); printf("\n");   % expect: 0.5 1 1.5 2 2.5 3
Q = X .^ 2;
printf("%d ", Q(:, :, 2)); printf("\n");   % expect: 49 64 81 100 121 144
printf("%d ", size(X == X)); printf("\n");   % expect: 2 3 2
R = ~(X > 6);
printf("%d ", R(:, :, 1)); printf("\n");   % expect: 1 1 1 1 1 1
% dims that neither match nor are 1 do not expand; * between arrays is a 2-D product
try, ones(2, 3, 2) + ones(3, 2); catch err, disp(err.message), end
% expect: nonconformant operands: 2×3×2 and 3×2
ones(2, 2, 2) * ones(2, 2)   % expect error: matrix operators (*, /, ^) take 2-D operands; use .*, ./, .^ or pagemtimes for N-D arrays
