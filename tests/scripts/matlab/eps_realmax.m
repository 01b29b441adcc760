% eps(realmax) is the spacing below realmax, 2^971, as MATLAB gives it (issue #26); eps(0) is
% the smallest subnormal. Values as Octave 7.3 prints them.
disp(eps(realmax) == 2^971)              % expect: 1
disp(eps(0) == 2^-1074)                  % expect: 1
disp(eps(-realmax) == 2^971)             % expect: 1
