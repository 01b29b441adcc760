% format short's array layout in the matlab dialect, as Octave 7.3 prints it (issue #26): a
% minus sign sits in a column's leading space, an exact zero among fractions is "0", and a
% logical array's columns are two spaces apart.
a = [10 -5]
% expect: a =
% expect:    10   -5
b = [-100 2; 3 4]
% expect: b =
% expect:   -100     2
% expect:      3     4
c = [-1.5 2]
% expect: c =
% expect:   -1.5000   2.0000
y = [1.5 0 -2.25]
% expect: y =
% expect:    1.5000        0  -2.2500
z = [1.5+2i 0+2.5i]
% expect: z =
% expect:    1.5000 + 2.0000i        0 + 2.5000i
g = [NaN -1]
% expect: g =
% expect:    NaN    -1
x = [0 1e-10]
% expect: x =
% expect:             0   1.0000e-10
t = [true false; false true]
% expect: t =
% expect:   1  0
% expect:   0  1
disp([-1 1 -1 -1])
% expect:   -1   1  -1  -1
