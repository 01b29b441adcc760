% Arithmetic on integer classes (issue #26), MATLAB's rules: int op int of one class and int op
% double give that class, computed in double then rounded and saturated; division rounds; two
% integer classes do not mix. Values as Octave 7.3 prints them.
a = int32(7) / int32(2)              % expect: a = 4
b = int32(-7) / int32(2)             % expect: b = -4
c = int8(100) + int8(100)            % expect: c = 127
d = int8(-100) - int8(100)           % expect: d = -128
e = uint8(3) - uint8(5)              % expect: e = 0
f = -int8(-128)                      % expect: f = 127
g = int16(5) * 2.6                   % expect: g = 13
k = 2.6 * int16(5)                   % expect: k = 13
h = int16([1 2 3]) .* [1.5 2.5 3.5]
% expect: h =
% expect:    2   5  11
m = int32(10) / 4                    % expect: m = 3
n = int32(1) / 0                     % expect: n = 2147483647
o = int32(0) / 0                     % expect: o = 0
p = int32(-1) / 0                    % expect: p = -2147483648
q = int8(5) > 3                      % expect: q = 1
disp(class(q))                       % expect: logical
r = int8([1 2 3]) == [1 5 3]
% expect: r =
% expect:   1  0  1
s = int8(5) + true                   % expect: s = 6
disp(class(s))                       % expect: int8
t = int8(2) ^ 3                      % expect: t = 8
u = int8(2) .^ [1 2 8]
% expect: u =
% expect:     2    4  127
w = int8(1) + single(2.7)            % expect: w = 4
disp(class(w))                       % expect: int8
x = ~int8([0 1 2])
% expect: x =
% expect:   1  0  0
y = uint8(200) * 2                   % expect: y = 255
z = int32([10 20]) / int32(3)
% expect: z =
% expect:   3  7
aa = int8([1 2 3])'
% expect: aa =
% expect:   1
% expect:   2
% expect:   3
disp(class(aa))                      % expect: int8
bb = 5 - uint8(10)                   % expect: bb = 0
cc = int64(5) + 3                    % expect: cc = 8
v = int16(10);
v = v / 3                            % expect: v = 3
disp(class(v))                       % expect: int16
% MATLAB's message (Octave: binary operator '+' not implemented for 'int8 scalar' by 'int16
% scalar' operations)
int8(1) + int16(1)  % expect error: Integers can only be combined with integers of the same class, or scalar doubles
