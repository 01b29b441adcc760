% A one-row text under two subscripts, as MATLAB code reads and writes it (s(1, :), s(end, k)),
% and mat2cell cutting arrays and text into blocks. Expected lines printed by GNU Octave 7.3.
s = 'abcdef';
disp(s(1, 2:3))
disp(s(:, 1))
disp(s(end, :))
disp(s(1, end))
s(1, 2:3) = 'XY';
disp(s)
t = s(1, []); disp(size(t))
x = reshape(1:20, 5, 4);
c = mat2cell(x, [3, 2], [3, 1]);
disp(size(c)); disp(c{1, 1}); disp(c{2, 2}'); disp(size(c{1, 2}))
d = mat2cell('abcdefghij', 1, [0, 4, 2, 0, 4, 0]);
disp(size(d)); disp(d{2}); disp(size(d{1}))
e = mat2cell((1:6)', [2, 4]); disp(size(e)); disp(e{2}')
f = mat2cell({1, 'a', 2; 3, 'b', 4}, 2, [1, 2]); disp(size(f{2}))
% expect: bc
% expect: a
% expect: abcdef
% expect: f
% expect: aXYdef
% expect:    1   0
% expect:    2   2
% expect:     1    6   11
% expect:     2    7   12
% expect:     3    8   13
% expect:    19   20
% expect:    3   1
% expect:    1   6
% expect: abcd
% expect:    1   0
% expect:    2   1
% expect:    3   4   5   6
% expect:    2   2
