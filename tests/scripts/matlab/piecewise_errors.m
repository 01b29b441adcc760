% A pp's coefficients must fill its pieces: 3 values cannot make 2 components of 1 piece.
pp = mkpp([0 1], [1 2 3 4], 2);
disp(pp.order)                 % expect: 2
q = mkpp([0 1], 1:3, 2);
% expect error: mkpp: coefs holds 3 values, not a positive multiple of prod(d) · pieces = 2
