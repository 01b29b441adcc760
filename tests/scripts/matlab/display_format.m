% The matlab dialect's `x = ` / `ans = ` echo and disp in format short and long (language.md
% §14, issue #26): MATLAB's documented layouts; Octave 7.3 agrees except where noted.
% integers print as integers; other numbers with 4 decimals while 0.001 <= |x| < 1000
x = 3                  % expect: x = 3
x = pi                 % expect: x = 3.1416
x = -0                 % expect: x = 0
x = -2.5               % expect: x = -2.5000
% MATLAB's 4 decimals (Octave prints 5 significant digits: 123.46, 0.010000)
x = 123.456            % expect: x = 123.4560
x = 0.01               % expect: x = 0.0100
% outside that range, e-notation; Inf and NaN by name
x = 1e-8               % expect: x = 1.0000e-08
x = 1e10               % expect: x = 1.0000e+10
x = [Inf -Inf NaN]
% expect: x =
% expect:    Inf  -Inf   NaN
% an integer-valued matrix in integer columns; any non-integer makes every element fixed
x = [1 2 3]
% expect: x =
% expect:    1   2   3
x = [1.5 -2.25 3]
% expect: x =
% expect:    1.5000  -2.2500   3.0000
x = [1 0.5e-4]
% expect: x =
% expect:    1.0000e+00   5.0000e-05
% complex scalars and matrices, logicals
x = 3 + 4i             % expect: x = 3 + 4i
x = 0.5 - 2i           % expect: x = 0.5000 - 2.0000i
x = true               % expect: x = 1
x = [1 2; 3 4] > 2
% a logical array's columns two spaces apart, as Octave (MATLAB's are three)
% expect: x =
% expect:   0  0
% expect:   1  1
% disp uses the same rules
disp(pi)               % expect: 3.1416
disp([1 2 3])          % expect:    1   2   3
% format long: 15 decimals
format long;           % changes the mode silently, as MATLAB does (rlab prints "format: long")
x = pi                 % expect: x = 3.141592653589793
x = 7                  % expect: x = 7
% a struct holding a matrix shows its size and class under format long too, never its corner
s = struct("W", ones(3, 4), "n", 2);
s
% expect: s =
% expect: struct with fields:
% expect:     W: [3×4 double]
% expect:     n: 2
