% Piecewise polynomials (MATLAB's pp form): mkpp, unmkpp, ppval, spline, pchip and
% interp1(..., "pp"); each expected line was printed by GNU Octave 7.3 running this file.
pp = mkpp([0 1 2], [1 0; -1 1]);
disp(ppval(pp, [-1 0 0.5 1 1.5 2 3]))
[b, c, l, k, d] = unmkpp(pp);
printf('%g %g %g | %g %g %g %g | %g %g %g\n', b, c, l, k, d)
q = mkpp(1:3, 1:24, [2 3]);
printf('%d ', q.pieces, q.order, q.dim, size(q.coefs)); printf('\n')
x = 0:3; y = x.^3;
s = spline(x, y);
printf('%.6f %.6f %.6f %.6f\n', abs(s.coefs'))   % abs: a rounding-level zero may be -0
printf('%.6f ', spline(x, y, [0.5 1.5 2.5])); printf('\n')
printf('%.6f ', spline(x, [0 y 27], [0.5 1.5])); printf('\n')
printf('%.6f ', spline([3 2 1 0], [27 8 1 0], 1.5)); printf('\n')
printf('%.6f ', pchip([1 2 3 4], [1 4 4 2], [1.5 2.5 3.5])); printf('\n')
v = spline(0:3, [0 1 8 27; 0 1 4 9], [0.5 2.5]);
printf('%.6f ', v); printf('| %d %d\n', size(v))
w = spline(0:3, [0 1 NaN 27], 2); printf('%.6f\n', w)
z = spline(0:3, [1+2i, 2, 3i, 4], 0.5); printf('%.6f %.6f\n', real(z), imag(z))
xp = 0:2:10; yp = sin(2*pi*xp/5); xi = [-1, 0, 2.2, 4, 6.6, 10, 11];
for st = {'nearest', 'previous', 'linear', 'pchip', 'spline'}
  gap = max(abs(ppval(interp1(xp, yp, st{1}, 'pp'), xi) - interp1(xp, yp, xi, st{1}, 'extrap')));
  printf('%s %d\n', st{1}, gap < 1e-14);
end
disp(size(ppval(mkpp([0 1 2], [1 2; 3 4; 5 6; 7 8], 2), [0.5 1.5; 2 3])))
[t, n] = shiftdim(ones(1, 1, 4, 2)); disp(size(t)); disp(n)
disp(size(shiftdim(ones(2, 3, 4), 1)))
disp(size(shiftdim(ones(2, 3), -2)))
% expect:   -1.0000        0   0.5000   1.0000   0.5000        0  -1.0000
% expect: 0 1 2 | 1 -1 0 1 | 2 2 1
% expect: 2 2 2 3 12 2 
% expect: 1.000000 0.000000 0.000000 0.000000
% expect: 1.000000 3.000000 3.000000 1.000000
% expect: 1.000000 6.000000 12.000000 8.000000
% expect: 0.125000 3.375000 15.625000 
% expect: 0.125000 3.375000 
% expect: 3.375000 
% expect: 3.062500 4.000000 3.375000 
% expect: 0.125000 0.250000 15.625000 6.250000 | 2 2
% expect: 10.000000
% expect: 2.437500 -0.312500
% expect: nearest 1
% expect: previous 1
% expect: linear 1
% expect: pchip 1
% expect: spline 1
% expect:    2   2   2
% expect:    4   2
% expect: 2
% expect:    3   4   2
% expect:    1   1   2   3
