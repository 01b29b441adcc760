% Rows, columns and empties display as Octave 7.3 shows them in the matlab dialect (language.md
% §14, issue #26), without its blank lines.
x = [1 2 3]
% expect: x =
% expect:    1   2   3
c = [1; 2; 3]
% expect: c =
% expect:    1
% expect:    2
% expect:    3
e = []                               % expect: e = [](0x0)
z = zeros(1, 0)                      % expect: z = [](1x0)
w = zeros(0, 3)                      % expect: w = [](0x3)
M = magic(3);
r = M(2, :)
% expect: r =
% expect:    3   5   7
k = M(:, 1)
% expect: k =
% expect:    8
% expect:    3
% expect:    4
q = 1:4
% expect: q =
% expect:    1   2   3   4
