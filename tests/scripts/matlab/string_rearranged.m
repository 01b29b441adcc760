% MATLAB's string arrays rearrange as the cell of their strings would (issue #26): transpose,
% repmat, fliplr/flipud/flip, circshift, rot90 and reshape keep the string class and move whole
% strings; str2double keeps the array's shape; a unary minus on a string is an error (MATLAB
% defines no arithmetic on strings). Octave 7.3 has no string class: the results follow MATLAB's
% documentation.
s = ["a" "bb" "c"];
t = s';
disp(class(t)) % expect: string
disp(size(t)) % expect:    3   1
disp(t(3)) % expect: c
z = "abc"';
disp(class(z)) % expect: string
disp(size(z)) % expect:    1   1
r = repmat("ab", 2, 3);
disp(size(r)) % expect:    2   3
disp(r(2, 3)) % expect: ab
f = fliplr(s);
disp(f(1) + f(3)) % expect: ca
g = flip(s);
disp(g(2)) % expect: bb
h = circshift(s, 1);
disp(h(1)) % expect: c
q = rot90(s);
disp(size(q)) % expect:    3   1
disp(q(1)) % expect: c
m = reshape(["1" "2" "3" "4"], 2, 2);
disp(m(1, 2)) % expect: 3
d = str2double(m)
% expect: d =
% expect:    1   3
% expect:    2   4
u = flipud(["x"; "y"]);
disp(u(1)) % expect: y
y = -"abc" % expect error: this operator is not defined for strings
