% gcd and lcm of more than two arguments fold left to right, and randi checks MATLAB's bounds
% (whole numbers below flintmax, imax at least 1; a column [lo; hi] works) (issue #26). Values
% as Octave 7.3 prints them.
disp(gcd(200, 300, 50, 35))              % expect: 5
disp(lcm(2, 3, 4))                       % expect: 12
r = randi([3; 5], 1, 100);
disp(double([min(r) >= 3, max(r) <= 5, all(r == fix(r))])) % expect:    1   1   1
randi(1.5)                               % expect error: IMIN and IMAX must be integer bounds
