% polyfit with a logical mask of the terms to fit (issue #26, Octave's form): the masked-out
% coefficients are 0 and S.df counts only the fitted ones. Values as Octave 7.3 prints them.
x = 0:5;
y = 3*x.^3 + 2*x.^2 + 4;
[p, S] = polyfit(x, y, logical([1, 0, 1, 1]));
disp(p(2))                               % expect: 0
disp(all(p([1, 3, 4]) ~= 0))             % expect: 1
disp(S.df)                               % expect: 3
x = [-2, -1, 0, 1, 2];
disp(round(polyfit(x, 3*x.^2 + 2*x + 1, logical([1 1 1])) * 1e6) / 1e6) % expect:    3   2   1
