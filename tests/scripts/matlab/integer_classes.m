% MATLAB's integer classes (issue #26): int8 … uint64 are classes of their own. Conversion
% rounds halves away from zero, saturates at the class limits and takes NaN to 0; a char gives
% its codes. Values and layout as Octave 7.3 prints them.
x = int8(5)                          % expect: x = 5
y = int32([1 -200 30])
% expect: y =
% expect:      1  -200    30
z = uint8([1 2; 300 4])
% expect: z =
% expect:     1    2
% expect:   255    4
disp(class(int8(1)))                 % expect: int8
disp(class(uint64(3)))               % expect: uint64
disp(int32([2.5, -2.5, 1e10, NaN]))  % expect:             3           -3   2147483647            0
disp(uint8('hi'))                    % expect:   104  105
disp(class(uint8('hi')))             % expect: uint8
disp(int16(-40000))                  % expect: -32768
disp(uint16(65535.7))                % expect: 65535
w = int8(true)                       % expect: w = 1
disp(class(cast(3.7, 'int16')))      % expect: int16
disp(cast(3.7, 'int16'))             % expect: 4
disp(class(cast(int8(3), 'double'))) % expect: double
disp(class(double(int8(3))))         % expect: double
e = int16([])                        % expect: e = [](0x0)
% the class predicates
printf('%d', isinteger(int8(1)), isinteger(1), isfloat(single(1)), isfloat(int8(1)), isfloat(1));
printf('\n');                        % expect: 10101
printf('%d', isa(int8(1), 'integer'), isa(int8(1), 'numeric'), isa(int8(1), 'float'));
printf('\n');                        % expect: 110
printf('%d', isa(single(1), 'float'), isa(uint16(1), 'uint16'), isa(true, 'numeric'));
printf('\n');                        % expect: 110
printf('%d', isnumeric(int8(1)), isreal(int8(1)), islogical(int8(1)));
printf('\n');                        % expect: 110
% intmax and intmin are values of the class they name (int32 by default)
a = intmax                           % expect: a = 2147483647
b = intmin('int8')                   % expect: b = -128
c = intmax('uint16')                 % expect: c = 65535
disp(class(intmax('uint8')))         % expect: uint8
d = intmax('int64')                  % expect: d = 9223372036854775807
f = intmin('int64')                  % expect: f = -9223372036854775808
g = intmax('uint64')                 % expect: g = 18446744073709551615
m = int32(2147483647)                % expect: m = 2147483647
% constructors take the class by name or "like"
disp(class(zeros(2, 'int32')))       % expect: int32
h = ones(2, 3, 'uint8')
% expect: h =
% expect:   1  1  1
% expect:   1  1  1
disp(class(zeros(1, 2, 'like', int16(1))))  % expect: int16
% intmax(x) and intmin(x) of an integer value take its class; cast(x, "like", y) y's
x = int8(1);
disp(intmax(x))                      % expect: 127
disp(class(intmin(x)))               % expect: int8
y = cast(int8(-3), 'like', uint16(1))  % expect: y = 0
disp(class(y))                       % expect: uint16
disp(class(flintmax(single(1))))     % expect: single
% a range with an integer bound is of its class
r = int8(1):3
% expect: r =
% expect:   1  2  3
disp(class(1:uint16(3)))             % expect: uint16
for k = int8(1):2
  disp(class(k))                     % expect: int8
end                                  % expect: int8
intmax(1.5)  % expect error: intmax: argument 1 must be a string or integer variable
