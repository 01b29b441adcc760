% trapz and cumtrapz of N-D arrays (issue #26): integrated along dim (the first non-singleton
% by default), with unit spacing, a vector of points or an array of them. Values as Octave 7.3.
y = reshape([1, 2, 3; 4, 5, 6], [1 2 3]);
disp(squeeze(cumtrapz(y, 3)))
% expect:          0    1.5000    4.0000
% expect:          0    4.5000   10.0000
disp(trapz(repmat(reshape(1:5, 1, 1, 5), 2, 2), 3))
% expect:    12   12
% expect:    12   12
disp(trapz(0:0.5:2, repmat(reshape(1:5, 1, 1, 5), 2, 2), 3))
% expect:    6   6
% expect:    6   6
x2 = reshape([0, 2, 4; 0, 2, 4], [1 2 3]);
disp(squeeze(cumtrapz(x2, y, 3)))
% expect:     0    3    8
% expect:     0    9   20
