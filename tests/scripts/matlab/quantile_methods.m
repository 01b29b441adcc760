% quantile in matlab code (issue #26): Octave's methods 1 to 9 as a fourth argument (5,
% MATLAB's rule, the default); the quantiles of a vector have p's shape; p must be a numeric
% vector. Values as Octave 7.3 prints them.
x = [1; 2; 3; 4];
p = [0.00, 0.25, 0.50, 0.75, 1.00];
disp(quantile(x, p, 1, 1))               % expect:    1   1   2   3   4
disp(quantile(x, p, 1, 2))               % expect:    1.0000   1.5000   2.5000   3.5000   4.0000
disp(quantile(x, p, 1, 6))               % expect:    1.0000   1.2500   2.5000   3.7500   4.0000
disp(quantile(x, p, 1, 8))               % expect:    1.0000   1.4167   2.5000   3.5833   4.0000
disp(size(quantile(1:10, [0.25; 0.75]))) % expect:    2   1
disp(size(quantile(magic(4), [0 .25 .5], 2))) % expect:    4   3
quantile(1:10, [true, false])            % expect error: P must be a numeric vector
