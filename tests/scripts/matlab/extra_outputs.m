% Extra outputs MATLAB gives (issue #26): [m, f, c] = mode(x, dim) with each mode's frequency
% and the tied values, [f, e] = log2(x) with x = f * 2^e, [p, S, mu] = polyfit(x, y, n) with
% the fit's structure and x's centring and scaling, polyval(p, x, S, mu) and [y, dy] =
% polyval(p, x, S). Values as Octave 7.3 prints them.
[m, f, c] = mode([1 2 2 3 3]);
disp([m, f]), disp(c{1}')
% expect:    2   2
% expect:    2   3
[m, f] = mode([1 1; 2 2; 2 1], 2);
disp([m, f])
% expect:    1   2
% expect:    2   2
% expect:    1   1
[f, e] = log2([1 3 0.25 -8 0]);
printf('%g ', f); printf('\n'); printf('%g ', e); printf('\n')
% expect: 0.5 0.75 0.5 -0.5 0
% expect: 1 2 -1 4 0
x = 0:5;
y = x .^ 2 + 1;
[p, S] = polyfit(x, y, 2);
printf('%.4f ', p([1 3])); printf('\n')    % expect: 1.0000 1.0000
% p(2) is 0 up to rounding, whose sign depends on the factorisation's library (LAPACK or Eigen)
printf('%d\n', abs(p(2)) < 1e-12)         % expect: 1
disp(S.df)                               % expect: 3
disp(size(S.yf))                         % expect:    1   6
printf('%.6f\n', S.normr < 1e-10)        % expect: 1.000000
[p, S, mu] = polyfit(x, y, 2);
printf('%.4f ', mu); printf('\n')        % expect: 2.5000 1.8708
printf('%.4f ', polyval(p, [1 6], [], mu)); printf('\n') % expect: 2.0000 37.0000
[p, S] = polyfit(x, y + [0 0.1 -0.1 0 0.1 0], 1);
[yy, dy] = polyval(p, 2, S);
printf('%.4f %.4f\n', yy, dy)            % expect: 7.6819 3.3331
