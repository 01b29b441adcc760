% Reductions and builtins on integer classes (issue #26): max and min keep the class, mean is
% double; abs, mod, round, sort, reshape and the bit functions keep it; idivide rounds as asked.
% Values as Octave 7.3 prints them, except sum (below).
a = max(int8([1 5 3]))               % expect: a = 5
disp(class(a))                       % expect: int8
[m, i] = min(int16([4 -2 9]))
% expect: m = -2
% expect: i = 2
disp(class(m))                       % expect: int16
b = mean(int8([1 2]))                % expect: b = 1.5000
disp(class(b))                       % expect: double
c = abs(int8(-128))                  % expect: c = 127
d = mod(int8(10), 3)                 % expect: d = 1
disp(class(d))                       % expect: int8
e = idivide(int32(7), int32(2))      % expect: e = 3
f = idivide(int32([7 -7]), int32(2), 'round')
% expect: f =
% expect:    4  -4
g = idivide(int32([7 -7]), int32(2), 'floor')
% expect: g =
% expect:    3  -4
h = idivide(int32([7 -7]), int32(2), 'ceil')
% expect: h =
% expect:    4  -3
k = bitand(uint8(12), uint8(10))     % expect: k = 8
disp(class(k))                       % expect: uint8
l = bitor(uint8(12), 3)              % expect: l = 15
o = bitshift(uint8(255), 1)          % expect: o = 254
p = bitshift(int8(64), 1)            % expect: p = -128
q = bitshift(uint8(200), -3)         % expect: q = 25
s = max(int8([1 2]), 1.6)
% expect: s =
% expect:   2  2
t = sort(int16([3 1 2]), 'descend')
% expect: t =
% expect:   3  2  1
u = reshape(uint8(1:4), 2, 2)
% expect: u =
% expect:   1  3
% expect:   2  4
disp(class(u))                       % expect: uint8
% sum and prod keep an integer class, saturating, as MATLAB's default outtype ("native" for
% integers) says; Octave gives double (200, class double) here.
v = sum(int8([100 100]))             % expect: v = 127
disp(class(v))                       % expect: int8
disp(class(sum(int8([1 2]), 'double')))  % expect: double
disp(class(prod(int16([300 300]))))  % expect: int16
% int64 quotients divide exactly in 64-bit integers, beyond a double's 2^53
q = idivide(int64(4e16), int64(-2e8 + 1), 'floor')  % expect: q = -200000002
