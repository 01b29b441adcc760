% N-D arrays in the per-slice and element-wise builtins of issue #27: cummax/cummin (with
% the index output), maxk/mink, diff, zscore, vecnorm, bounds, normpdf/normcdf, movmean/movsum,
% quantile/prctile and circshift along dims 1, 2, 3 and the default (the first
% non-singleton); var and std read their second argument as MATLAB's weight; eps, complex
% and rescale run over every element, unique and histcounts over the list of them.
% Each expected line is what Octave 7.3 prints for the same statement, or (maxk, mink,
% normpdf, normcdf and the moving windows along dim 3, which Octave 7 lacks or mislays) for
% its definition in sort, erfc or a loop over the pages.
% Every line prints size(r), then r (and i) in linear order.
A = reshape([3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4], 2, 3, 4);
r = cummax(A); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 3 3 4 4 5 9 2 6 5 5 5 8 9 9 9 9 2 3 8 8 6 6 6 6
[r, i] = cummax(A, 1); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 3 4 4 5 9 2 6 5 5 5 8 9 9 9 9 2 3 8 8 6 6 6 6 1 1 1 1 1 2 1 2 1 1 1 2 1 1 1 1 1 2 1 1 1 1 1 1
[r, i] = cummax(A, 2); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 4 1 5 9 2 6 5 6 5 8 9 7 9 7 9 7 8 4 8 4 8 4 1 1 2 1 3 3 1 1 2 1 2 3 1 1 1 1 1 1 1 1 1 1 1 1
[r, i] = cummax(A, 3); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 4 1 5 9 3 6 5 3 5 9 9 7 9 3 5 9 9 7 9 3 6 9 1 1 1 1 1 1 1 2 2 2 1 1 3 3 3 2 1 1 3 3 3 2 4 1
[r, i] = cummin(A); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 4 1 5 5 2 2 5 3 5 5 9 7 9 3 2 2 8 4 6 2 6 4 1 2 1 2 1 1 1 1 1 2 1 1 1 2 1 2 1 1 1 2 1 2 1 2
[r, i] = cummin(A, 2); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 3 1 3 1 2 6 2 3 2 3 9 7 9 3 2 3 8 4 6 2 6 2 1 1 1 1 1 1 1 1 1 2 1 2 1 1 1 2 3 2 1 1 2 2 2 2
[r, i] = cummin(A, 3); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 4 1 5 9 2 1 4 1 5 8 2 1 4 1 2 3 2 1 4 1 2 3 1 1 1 1 1 1 2 1 1 1 1 2 2 1 1 1 3 3 2 1 1 1 3 3
[r, i] = cummax(A, 4); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
[r, i] = maxk(A, 2); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 4 1 9 5 6 2 5 3 8 5 9 7 9 3 3 2 8 4 6 2 6 4 1 2 1 2 2 1 2 1 1 2 2 1 1 2 1 2 2 1 1 2 1 2 1 2
[r, i] = maxk(A, 2, 1); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 4 3 1 4 1 9 5 6 2 5 3 8 5 9 7 9 3 3 2 8 4 6 2 6 4 1 2 1 2 2 1 2 1 1 2 2 1 1 2 1 2 2 1 1 2 1 2 1 2
[r, i] = maxk(A, 2, 2); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 2 4 5 9 4 1 5 8 5 6 9 7 9 3 8 4 6 4 3 3 2 1 2 3 3 1 1 1 2 2 1 1 2 3
[r, i] = maxk(A, 3, 3); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 3 9 7 9 3 6 9 8 6 6 3 5 8 3 4 5 2 5 4 3 3 3 2 4 1 4 2 4 3 1 2 1 4 2 4 2 4
[r, i] = mink(A, 1); printf("%g ", size(r), r, i); printf("\n");   % expect: 1 3 4 1 1 5 2 3 5 7 3 2 4 2 4 2 2 1 1 2 1 2 2 1 2 2 2
[r, i] = mink(A, 2, 2); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 2 4 3 1 4 1 2 3 5 6 2 3 9 3 6 2 6 4 1 1 2 2 1 2 2 1 3 2 1 3 2 2 3 1
[r, i] = mink(A, 2, 3); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 2 2 1 4 1 2 3 3 4 5 2 5 4 2 1 1 1 3 3 1 4 2 4 1 4
r = diff(A); printf("%g ", size(r), r); printf("\n");   % expect: 1 3 4 -2 -3 4 4 -2 3 -2 -6 1 -4 -4 -2
r = diff(A, 1, 1); printf("%g ", size(r), r); printf("\n");   % expect: 1 3 4 -2 -3 4 4 -2 3 -2 -6 1 -4 -4 -2
r = diff(A, 1, 2); printf("%g ", size(r), r); printf("\n");   % expect: 2 2 4 1 0 1 8 3 -3 0 5 0 -4 -7 0 -2 -2 0 2
r = diff(A, 2, 3); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 2 8 -4 3 -2 -3 -4 -8 -4 -7 -1 7 6
r = diff(A, 5, 3); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 0
r = zscore(A); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.7071 -0.7071 0.7071 -0.7071 -0.7071 0.7071 -0.7071 0.7071 0.7071 -0.7071 -0.7071 0.7071 0.7071 -0.7071 0.7071 -0.7071 -0.7071 0.7071 0.7071 -0.7071 0.7071 -0.7071 0.7071 -0.7071
r = zscore(A, 0, 1); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.7071 -0.7071 0.7071 -0.7071 -0.7071 0.7071 -0.7071 0.7071 0.7071 -0.7071 -0.7071 0.7071 0.7071 -0.7071 0.7071 -0.7071 -0.7071 0.7071 0.7071 -0.7071 0.7071 -0.7071 0.7071 -0.7071
r = zscore(A, 1, 2); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 -1.2247 -0.7071 0.0000 -0.7071 1.2247 1.4142 -1.4142 0.1622 0.7071 -1.2978 0.7071 1.1355 0.7071 1.4142 0.7071 -0.7071 -1.4142 -0.7071 1.4142 0.7071 -0.7071 -1.4142 -0.7071 0.7071
r = zscore(A, [], 3); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 -0.7119 -1.3229 -0.9258 -1.3056 0.2887 1.0190 -0.9966 0.5669 -0.4629 0.7833 0.2887 0.6794 0.9966 0.9449 1.3887 0.7833 -1.4434 -1.0190 0.7119 -0.1890 0.0000 -0.2611 0.8660 -0.6794
r = vecnorm(A); printf("%.4f ", size(r), r); printf("\n");   % expect: 1.0000 3.0000 4.0000 3.1623 4.1231 10.2956 6.3246 5.8310 9.4340 11.4018 9.4868 3.6056 8.9443 6.3246 7.2111
r = vecnorm(A, 2, 1); printf("%.4f ", size(r), r); printf("\n");   % expect: 1.0000 3.0000 4.0000 3.1623 4.1231 10.2956 6.3246 5.8310 9.4340 11.4018 9.4868 3.6056 8.9443 6.3246 7.2111
r = vecnorm(A, 1, 2); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 1.0000 4.0000 12.0000 11.0000 12.0000 17.0000 20.0000 13.0000 20.0000 10.0000
r = vecnorm(A, Inf, 3); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 9.0000 7.0000 9.0000 3.0000 6.0000 9.0000
r = vecnorm(-A, 2, 4); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4
r = vecnorm([1 -2; 3 -4], 1, 3); printf("%g ", size(r), r); printf("\n");   % expect: 2 2 1 3 2 4
[r, i] = bounds(A); printf("%g ", size(r), r, i); printf("\n");   % expect: 1 3 4 1 1 5 2 3 5 7 3 2 4 2 4 3 4 9 6 5 8 9 9 3 8 6 6
[r, i] = bounds(A, 1); printf("%g ", size(r), r, i); printf("\n");   % expect: 1 3 4 1 1 5 2 3 5 7 3 2 4 2 4 3 4 9 6 5 8 9 9 3 8 6 6
[r, i] = bounds(A, 2); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 1 4 3 1 2 3 2 3 6 2 5 9 5 8 9 7 8 4
[r, i] = bounds(A, 3); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 3 2 1 4 1 2 3 9 7 9 3 6 9
[r, i] = bounds([1 5; 3 2]); printf("%g ", size(r), r, i); printf("\n");   % expect: 1 2 1 2 3 5
[r, i] = bounds([1 5; 3 2], 2); printf("%g ", size(r), r, i); printf("\n");   % expect: 2 1 1 2 5 3
[r, i] = bounds([4 NaN 1 7]); printf("%g ", size(r), r, i); printf("\n");   % expect: 1 1 1 7
r = normpdf(A); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.0044 0.2420 0.0001 0.2420 0.0000 0.0000 0.0540 0.0000 0.0000 0.0044 0.0000 0.0000 0.0000 0.0000 0.0000 0.0044 0.0540 0.0044 0.0000 0.0001 0.0000 0.0540 0.0000 0.0001
r = normpdf(A, 5, 2); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.1210 0.0270 0.1760 0.0270 0.1995 0.0270 0.0648 0.1760 0.1995 0.1210 0.1995 0.0648 0.0270 0.1210 0.0270 0.1210 0.0648 0.1210 0.0648 0.1760 0.1760 0.0648 0.1760 0.1760
r = normcdf(A, 5, 3); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.2525 0.0912 0.3694 0.0912 0.5000 0.9088 0.1587 0.6306 0.5000 0.2525 0.5000 0.8413 0.9088 0.7475 0.9088 0.2525 0.1587 0.2525 0.8413 0.3694 0.6306 0.1587 0.6306 0.3694
r = normcdf(A, A / 2, A / 4 + 1); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.8043 0.6554 0.8413 0.6554 0.8667 0.9169 0.7475 0.8849 0.8667 0.8043 0.8667 0.9088 0.9169 0.8984 0.9169 0.8043 0.7475 0.8043 0.9088 0.8413 0.8849 0.7475 0.8849 0.8413
r = normpdf(2, A, 3); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.1258 0.1258 0.1065 0.1258 0.0807 0.0087 0.1330 0.0547 0.0807 0.1258 0.0807 0.0180 0.0087 0.0332 0.0087 0.1258 0.1330 0.1258 0.0180 0.1065 0.0547 0.1330 0.0547 0.1065
r = movmean(A, 2); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 3.0000 2.0000 4.0000 2.5000 5.0000 7.0000 2.0000 4.0000 5.0000 4.0000 5.0000 6.5000 9.0000 8.0000 9.0000 6.0000 2.0000 2.5000 8.0000 6.0000 6.0000 4.0000 6.0000 5.0000
r = movmean(A, 2, 1); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 3.0000 2.0000 4.0000 2.5000 5.0000 7.0000 2.0000 4.0000 5.0000 4.0000 5.0000 6.5000 9.0000 8.0000 9.0000 6.0000 2.0000 2.5000 8.0000 6.0000 6.0000 4.0000 6.0000 5.0000
r = movmean(A, 3, 2); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 3.5000 1.0000 4.0000 3.6667 4.5000 5.0000 3.5000 4.5000 4.0000 5.6667 5.0000 5.5000 9.0000 5.0000 6.6667 4.3333 5.5000 3.0000 7.0000 3.0000 6.6667 3.3333 6.0000 3.0000
r = movmean(A, 3, 3); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 2.5000 3.5000 4.5000 2.0000 5.0000 8.5000 4.6667 4.6667 6.0000 2.3333 4.0000 6.6667 6.3333 5.6667 6.6667 2.6667 4.3333 5.0000 8.5000 5.5000 7.5000 2.5000 4.0000 3.5000
r = movsum(A, [1 0]); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 3 4 4 5 5 14 2 8 5 8 5 13 9 16 9 12 2 5 8 12 6 8 6 10
r = movsum(A, [0 1], 2); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 7 2 9 10 5 9 7 9 10 11 5 8 18 10 11 6 2 3 14 6 12 6 6 4
r = movsum(A, 2, 3); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 3 1 4 1 5 9 5 7 9 4 10 17 11 13 14 6 7 11 17 11 15 5 8 7
r = movsum([1 2 3; 4 5 6; 7 8 10], 2); printf("%g ", size(r), r); printf("\n");   % expect: 3 3 1 5 11 2 7 13 3 9 16
r = movmean([1 2 3; 4 5 6; 7 8 10], 3, 2); printf("%.4f ", size(r), r); printf("\n");   % expect: 3.0000 3.0000 1.5000 4.5000 7.5000 2.0000 5.0000 8.3333 2.5000 5.5000 9.0000
r = circshift(A, 1); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 1 3 1 4 9 5 6 2 3 5 8 5 7 9 3 9 3 2 4 8 2 6 4 6
r = circshift(A, 1, 2); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 5 9 3 1 4 1 5 8 2 6 5 3 2 3 9 7 9 3 6 4 8 4 6 2
r = circshift(A, -1, 3); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4 3 1 4 1 5 9
r = length(A); printf("%g ", size(r), r); printf("\n");   % expect: 1 1 4
r = quantile(A, 0.5); printf("%g ", size(r), r); printf("\n");   % expect: 1 3 4 2 2.5 7 4 4 6.5 8 6 2.5 6 4 5
r = quantile(A, [0.25 0.75], 3); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 2 2.5 2.5 4.5 1.5 3.5 3.5 8.5 6.5 7.5 3 5.5 8.5
r = prctile(A, 30, 2); printf("%g ", size(r), r); printf("\n");   % expect: 2 1 4 3.4 1 3.2 4.2 4.8 3 6 2.8
r = prctile(A, [10 50 90], 1); printf("%g ", size(r), r); printf("\n");   % expect: 3 3 4 1 2 3 1 2.5 4 5 7 9 2 4 6 3 4 5 5 6.5 8 7 8 9 3 6 9 2 2.5 3 4 6 8 2 4 6 4 5 6
[r, i, j] = unique(A); printf("%g ", size(r), r, size(i), i, size(j), j); printf("\n");    % expect: 9 1 1 2 3 4 5 6 7 8 9 9 1 2 7 1 3 5 8 14 12 6 24 1 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4
[r, i] = unique(A, "stable"); printf("%g ", size(r), r, i); printf("\n");   % expect: 9 1 3 1 4 5 9 2 6 8 7 1 2 3 5 6 7 8 12 14
r = histcounts(A, [0 3 6 9]); printf("%g ", size(r), r); printf("\n");   % expect: 1 3 5 10 9
r = eps(A * 1000); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 4.54747e-13 1.13687e-13 4.54747e-13 1.13687e-13 9.09495e-13 1.81899e-12 2.27374e-13 9.09495e-13 9.09495e-13 4.54747e-13 9.09495e-13 9.09495e-13 1.81899e-12 9.09495e-13 1.81899e-12 4.54747e-13 2.27374e-13 4.54747e-13 9.09495e-13 4.54747e-13 9.09495e-13 2.27374e-13 9.09495e-13 4.54747e-13
r = imag(complex(A, -A)); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 -3 -1 -4 -1 -5 -9 -2 -6 -5 -3 -5 -8 -9 -7 -9 -3 -2 -3 -8 -4 -6 -2 -6 -4
r = real(complex(A, 2)); printf("%g ", size(r), r); printf("\n");   % expect: 2 3 4 3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4
r = rescale(A); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 0.2500 0.0000 0.3750 0.0000 0.5000 1.0000 0.1250 0.6250 0.5000 0.2500 0.5000 0.8750 1.0000 0.7500 1.0000 0.2500 0.1250 0.2500 0.8750 0.3750 0.6250 0.1250 0.6250 0.3750
r = rescale(A, -1, 1); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 4.0000 -0.5000 -1.0000 -0.2500 -1.0000 0.0000 1.0000 -0.7500 0.2500 0.0000 -0.5000 0.0000 0.7500 1.0000 0.5000 1.0000 -0.5000 -0.7500 -0.5000 0.7500 -0.2500 0.2500 -0.7500 0.2500 -0.2500
r = var(A, 1); printf("%.4f ", size(r), r); printf("\n");   % expect: 1.0000 3.0000 4.0000 1.0000 2.2500 4.0000 4.0000 1.0000 2.2500 1.0000 9.0000 0.2500 4.0000 4.0000 1.0000
r = std(A, 1, 3); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 3.0000 3.0414 2.2913 1.8708 0.8292 1.5000 2.5495
r = var(A, [], 2); printf("%.4f ", size(r), r); printf("\n");   % expect: 2.0000 1.0000 4.0000 1.0000 21.3333 3.0000 6.3333 16.3333 5.3333 1.3333 1.3333
r = nnz(A > 4); printf("%g ", size(r), r); printf("\n");   % expect: 1 1 12
% MATLAB defines these on matrices alone: the error says so, in the user's words.
try, norm(A), catch e, disp(e.message), end   % expect: norm: the argument must be 2-D (a matrix); this one is 2×3×4
try, inv(A), catch e, disp(e.message), end   % expect: inv: the argument must be 2-D (a matrix); this one is 2×3×4
try, chol(A), catch e, disp(e.message), end   % expect: chol: the argument must be 2-D (a matrix); this one is 2×3×4
try, trace(A), catch e, disp(e.message), end   % expect: trace: the argument must be 2-D (a matrix); this one is 2×3×4
try, det(A), catch e, disp(e.message), end   % expect: det: the argument must be 2-D (a matrix); this one is 2×3×4
try, linsolve(A, [1; 2]), catch e, disp(e.message), end   % expect: linsolve: argument 1 must be 2-D (a matrix); this one is 2×3×4
try, zeros(A), catch e, disp(e.message), end   % expect: zeros: argument 1: expected scalar, got a 2×3×4 array
