% rescale in matlab code takes MATLAB's bounds (issue #26): rescale(A) onto [0, 1] or
% rescale(A, l, u) with l <= u; one bound alone, or l above u, is an error.
printf('%g ', rescale([1 2 3], -1, 1)); printf('\n') % expect: -1 0 1
disp(rescale([2 4 6]))                   % expect:         0   0.5000   1.0000
rescale([1 2 3], 2, 0)                   % expect error: L must be less than or equal to U
