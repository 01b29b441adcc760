% cov(x, w) in matlab code takes MATLAB's normalization for a non-scalar x: w = 0 divides by
% N - 1, w = 1 by N (issue #26). Values as Octave 7.3 prints them.
disp(cov([1:5], 0))                      % expect: 2.5000
disp(cov([1:5], 1))                      % expect: 2
disp(cov([1 2; 3 5; 4 4], 1))
% expect:    1.5556   1.2222
% expect:    1.2222   1.5556
cov([1 2 3], 2)                          % expect error: w must be 0 or 1
