% nn builtins along a dim of an N-D array (issue #27): softmax, log_softmax, layernorm, rmsnorm
% along any dim (dim 2, the rows of every page, by default), gelu and relu element-wise, and a
% batched causal attention written with pagemtimes. Octave has none of the nn builtins: each
% expected line is what Octave prints for the formula the builtin stands for.
X = reshape([0.5 -1 2 0.25 3 -0.5 1 1.5 -2 0 0.75 2.5], 2, 3, 2);
P = softmax(X);
printf("%.6f ", P); printf("\n");   % expect: 0.056612 0.162891 0.253716 0.568546 0.689672 0.268562 0.546870 0.253716 0.027227 0.056612 0.425903 0.689672
printf("%d ", size(P)); printf("\n");   % expect: 2 3 2
P3 = softmax(X, 3);
printf("%.6f ", P3); printf("\n");   % expect: 0.377541 0.075858 0.982014 0.562177 0.904651 0.047426 0.622459 0.924142 0.017986 0.437823 0.095349 0.952574
P1 = softmax(X, 1);
printf("%.6f ", P1); printf("\n");   % expect: 0.817574 0.182426 0.851953 0.148047 0.970688 0.029312 0.377541 0.622459 0.119203 0.880797 0.148047 0.851953
L = log_softmax(X, 3);
printf("%.6f ", L); printf("\n");   % expect: -0.974077 -2.578890 -0.018150 -0.575939 -0.100207 -3.048587 -0.474077 -0.078890 -4.018150 -0.825939 -2.350207 -0.048587
N = layernorm(X);
printf("%.6f ", N); printf("\n");   % expect: -1.297765 -1.135528 0.162221 1.297747 1.135545 -0.162218 0.797079 0.162221 -1.410217 -1.297765 0.613138 1.135545
N3 = layernorm(X, "dim", 3, "eps", 0);
printf("%.6f ", N3); printf("\n");   % expect: -1.000000 -1.000000 1.000000 1.000000 1.000000 -1.000000 1.000000 1.000000 -1.000000 -1.000000 -1.000000 1.000000
G = layernorm(X, 2, 1e-5, "gamma", [1 2 3], "beta", [0 1 0]);
printf("%.6f ", G); printf("\n");   % expect: -1.297765 -1.135528 1.324441 3.595494 3.406634 -0.486655 0.797079 0.162221 -1.820433 -1.595530 1.839413 3.406634
R = rmsnorm(X, 1);
printf("%.6f ", R); printf("\n");   % expect: 0.632450 -1.264901 1.403289 0.175411 1.394970 -0.232495 0.784462 1.176693 -1.414210 0.000000 0.406371 1.354569
printf("%g ", relu(X)); printf("\n");   % expect: 0.5 0 2 0.25 3 0 1 1.5 0 0 0.75 2.5
U = gelu(X);
printf("%.6f ", U); printf("\n");   % expect: 0.345714 -0.158808 1.954598 0.149675 2.996363 -0.154286 0.841192 1.399572 -0.045402 0.000000 0.579961 2.484916
printf("%d ", size(U)); printf("\n");   % expect: 2 3 2
% batched attention over (T, C, B) pages: scores, causal mask, softmax along dim 2, values
Q = reshape(sin(1:24), 3, 4, 2); K = reshape(cos(1:24), 3, 4, 2); V = reshape((1:24) / 10, 3, 4, 2);
S = pagemtimes(Q, "none", K, "transpose") / 2;
S = S + triu(-1e9 * ones(3, 3), 1);
A = softmax(S);
Y = pagemtimes(A, V);
printf("%.6f ", Y); printf("\n");   % expect: 0.100000 0.114793 0.163774 0.400000 0.414793 0.463774 0.700000 0.714793 0.763774 1.000000 1.014793 1.063774 1.300000 1.323640 1.337911 1.600000 1.623640 1.637911 1.900000 1.923640 1.937911 2.200000 2.223640 2.237911
printf("%d ", size(Y)); printf("\n");   % expect: 3 4 2
