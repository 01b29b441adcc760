% Integer arrays under indexing, assignment and concatenation (issue #26): an element keeps the
% class, a value written into an integer array is converted to it, and [int8 double] is int8
% (an integer class wins over double, single and logical; the leftmost integer class over
% another). Values as Octave 7.3 prints them.
x = int8([1 2 3]);
y = x(2)                             % expect: y = 2
disp(class(y))                       % expect: int8
z = x([1 3])
% expect: z =
% expect:   1  3
x(2) = 2.6
% expect: x =
% expect:   1  3  3
x(5) = 300
% expect: x =
% expect:     1    3    3    0  127
x(:, 2) = []
% expect: x =
% expect:     1    3    0  127
disp(class(x))                       % expect: int8
d = [1.5 2 3]; d(2) = int8(7);
disp(class(d))                       % expect: double
n(3) = int16(4)
% expect: n =
% expect:   0  0  4
disp(class(n))                       % expect: int16
c = [int8(1) 2.7]
% expect: c =
% expect:   1  3
c2 = [int8(100); 200]
% expect: c2 =
% expect:   100
% expect:   127
disp(class([int8(1) int16(2)]))      % expect: int8
disp(class([single(1.5) 2]))         % expect: single
disp(class([true int8(3)]))          % expect: int8
disp(class([uint8(3) single(2.6)]))  % expect: uint8
m = int16(magic(3));
m(2, :) = [1.4 -2.6 3]
% expect: m =
% expect:    8   1   6
% expect:    1  -3   3
% expect:    4   9   2
q = m(:, 1)'
% expect: q =
% expect:   8  1  4
for k = 1:3
  x(k) = x(k) * 2;
end
disp(x)                              % expect:     2    6    0  127
disp(class(x))                       % expect: int8
