% std(x, w) and var(x, w) in matlab code: the second argument is the weight (1 divides by N),
% never a dim, for matrices and N-D arrays alike, and their gradients follow the same reading
% (rlab reads a dim there). Values as Octave 7.3 prints them.
B = reshape(1:12, 2, 3, 2) .^ 2;
v = var(B, 1);
disp(squeeze(v(1, :, :))')
% expect:      2.2500    12.2500    30.2500
% expect:     56.2500    90.2500   132.2500
disp(std([1 2 3 4], 1))         % expect: 1.1180
X = [0.3 -1.2 0.5; 2.0 0.7 -0.4; 1.1 0.2 0.9];
disp(gradcheck(@(X) sum(var(X, 1)), X) < 1e-6)                       % expect: 1
disp(gradcheck(@(X) sum(std(X, 1)), X) < 1e-6)                       % expect: 1
disp(gradcheck(@(X) sum(var(X, 1, 2)), X) < 1e-6)                    % expect: 1
disp(gradcheck(@(X) sum(sum(sum(var(X, 1)))), cat(3, X, 2 * X)) < 1e-6) % expect: 1
