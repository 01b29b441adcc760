% Element-wise math builtins over N-D arrays (issue #27): every one goes through the one lifting
% of runtime/nd_element_wise.hpp, two-operand ones with implicit expansion; every expected line
% is what Octave 7 prints for the same statements.
X = reshape(1:12, 2, 3, 2) - 6.5;
printf("%g ", abs(X)); printf("\n");   % expect: 5.5 4.5 3.5 2.5 1.5 0.5 0.5 1.5 2.5 3.5 4.5 5.5
printf("%d ", size(sqrt(abs(X)))); printf("\n");   % expect: 2 3 2
printf("%.4f ", exp(X(:, :, 2) / 10)); printf("\n");   % expect: 1.0513 1.1618 1.2840 1.4191 1.5683 1.7333
E = exp(X / 10);
printf("%.4f ", E(:, :, 2)); printf("\n");   % expect: 1.0513 1.1618 1.2840 1.4191 1.5683 1.7333
printf("%.4f ", tanh(X(:)')); printf("\n");   % expect: -1.0000 -0.9998 -0.9982 -0.9866 -0.9051 -0.4621 0.4621 0.9051 0.9866 0.9982 0.9998 1.0000
T = tanh(X);
printf("%.4f ", T); printf("\n");   % expect: -1.0000 -0.9998 -0.9982 -0.9866 -0.9051 -0.4621 0.4621 0.9051 0.9866 0.9982 0.9998 1.0000
printf("%g ", floor(X / 2)); printf("\n");   % expect: -3 -3 -2 -2 -1 -1 0 0 1 1 2 2
printf("%g ", round(X)); printf("\n");   % expect: -6 -5 -4 -3 -2 -1 1 2 3 4 5 6
printf("%g ", sign(X)); printf("\n");   % expect: -1 -1 -1 -1 -1 -1 1 1 1 1 1 1
printf("%g ", fix(X / 4)); printf("\n");   % expect: -1 -1 -0 -0 -0 -0 0 0 0 0 1 1
S = sin(X);
printf("%.4f ", S(:, :, 1)); printf("\n");   % expect: 0.7055 0.9775 0.3508 -0.5985 -0.9975 -0.4794
C = cos(X) .^ 2 + sin(X) .^ 2;
printf("%g ", C); printf("\n");   % expect: 1 1 1 1 1 1 1 1 1 1 1 1
N = X; N(1, 2, 2) = NaN; N(2, 3, 1) = Inf;
printf("%d ", isnan(N)); printf("\n");   % expect: 0 0 0 0 0 0 0 0 1 0 0 0
printf("%d ", isinf(N)); printf("\n");   % expect: 0 0 0 0 0 1 0 0 0 0 0 0
printf("%d %d ", islogical(isfinite(N)), ndims(isfinite(N))); printf("%d ", isfinite(N)); printf("\n");   % expect: 1 3 1 1 1 1 1 0 1 1 0 1 1 1
Z = X + 2i * ones(2, 3, 2);
printf("%g ", real(Z)); printf("\n");   % expect: -5.5 -4.5 -3.5 -2.5 -1.5 -0.5 0.5 1.5 2.5 3.5 4.5 5.5
printf("%g ", imag(Z)); printf("\n");   % expect: 2 2 2 2 2 2 2 2 2 2 2 2
printf("%g ", imag(conj(Z))); printf("\n");   % expect: -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2
printf("%.4f ", angle(Z(:, :, 2))); printf("\n");   % expect: 1.3258 0.9273 0.6747 0.5191 0.4182 0.3488
printf("%d ", size(angle(Z))); printf("\n");   % expect: 2 3 2
printf("%g ", mod(X, 4)); printf("\n");   % expect: 2.5 3.5 0.5 1.5 2.5 3.5 0.5 1.5 2.5 3.5 0.5 1.5
printf("%g ", rem(X, 4)); printf("\n");   % expect: -1.5 -0.5 -3.5 -2.5 -1.5 -0.5 0.5 1.5 2.5 3.5 0.5 1.5
printf("%g ", mod(reshape(1:12, 2, 3, 2), reshape([5 7], 1, 1, 2))); printf("\n");   % expect: 1 2 3 4 0 1 0 1 2 3 4 5
printf("%.4f ", atan2(X, reshape([1 -1], 1, 1, 2))); printf("\n");   % expect: -1.3909 -1.3521 -1.2925 -1.1903 -0.9828 -0.4636 2.6779 2.1588 1.9513 1.8491 1.7895 1.7506
printf("%g ", hypot(reshape(3:14, 2, 3, 2), 4)); printf("\n");   % expect: 5 5.65685 6.40312 7.2111 8.06226 8.94427 9.84886 10.7703 11.7047 12.6491 13.6015 14.5602
printf("%g ", max(X, 0)); printf("\n");   % expect: 0 0 0 0 0 0 0.5 1.5 2.5 3.5 4.5 5.5
printf("%g ", min(X, [10; -10])); printf("\n");   % expect: -5.5 -10 -3.5 -10 -1.5 -10 0.5 -10 2.5 -10 4.5 -10
M = max(reshape(1:8, 2, 2, 2), reshape([8 1], 1, 1, 2));
printf("%d ", size(M)); printf("%g ", M); printf("\n");   % expect: 2 2 2 8 8 8 8 5 6 7 8
printf("%d %d %d %d\n", isnumeric(X), isreal(X), isreal(Z), iscomplex(Z));   % expect: 1 1 0 1
printf("%d %d %d %d %d\n", islogical(X > 0), ismatrix(X), isrow(ones(1, 3, 2)), isvector(X), isscalar(X));   % expect: 1 0 0 0 0
printf("%s %s\n", class(X), class(X > 0));   % expect: double logical
Q = sqrt(-reshape([1 4 9 16 25 36 49 64], 2, 2, 2));
printf("%d %g ", iscomplex(Q), imag(Q)); printf("\n");   % expect: 1 1 2 3 4 5 6 7 8
printf("%g ", gamma(reshape(1:8, 2, 2, 2))); printf("\n");   % expect: 1 1 2 6 24 120 720 5040
printf("%g ", log2(reshape(2 .^ (0:7), 2, 2, 2))); printf("\n");   % expect: 0 1 2 3 4 5 6 7
Lg = logical(reshape([0 2 0 -1 3 0 0 1], 2, 2, 2));
printf("%d %d ", islogical(Lg), ndims(Lg)); printf("%d ", Lg); printf("\n");   % expect: 1 3 0 1 0 1 1 0 0 1
D = double(X > 0);
printf("%d %d ", islogical(D), ndims(D)); printf("%g ", D); printf("\n");   % expect: 0 3 0 0 0 0 0 0 1 1 1 1 1 1
printf("%d %s\n", ndims(single(X)), class(X));   % expect: 3 double
% operands whose extents do not expand to one another are Octave's error
mod(ones(2, 3, 2), ones(3, 2))   % expect error: mod: nonconformant arguments (op1 is 2x3x2, op2 is 3x2)
