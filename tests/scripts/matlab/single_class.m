% single is a class of its own in matlab code (issue #26): single op double is single, rounded
% to float32; it displays as double does, with single's precision in format long. Values as
% Octave 7.3 prints them.
s = single(0.1)                      % expect: s = 0.1000
disp(class(s))                       % expect: single
v = single(1) + 2                    % expect: v = 3
disp(class(v))                       % expect: single
disp(single(0.1) + 0.2 == single(0.3))  % expect: 1
disp(class([single(1) 2]))           % expect: single
disp(class(sum(single([1 2]))))      % expect: single
disp(class(mean(single([1 2]))))     % expect: single
disp(class(eps('single')))           % expect: single
disp(class(realmax('single')))       % expect: single
disp(class(flintmax('single')))      % expect: single
disp(class(double(single(1))))       % expect: double
format long
a = single(pi)                       % expect: a = 3.1415927
b = single([1.5 pi])
% expect: b =
% expect:    1.5000000   3.1415927
format short
% floating-point functions of single are single; of an integer class double (Octave's
% exp(int8(1))); median, gcd keep an integer class
r = sqrt(single(2))                  % expect: r = 1.4142
disp(class(r))                       % expect: single
disp(class(exp(int8(1))))            % expect: double
disp(class(atan2(single(1), 1)))     % expect: single
disp(class(std(single([1 2]))))      % expect: single
disp(class(norm(single([3 4]))))     % expect: single
disp(class(linspace(single(0), 1, 3)))  % expect: single
disp(class(gcd(int8(12), 8)))        % expect: int8
disp(class(median(int8([1 2 3]))))   % expect: int8
format long
r                                    % expect: r = 1.4142135
format short
% single beside double compares in single, an integer beside double exactly
disp(single(0.1) == 0.1)             % expect: 1
disp(int8(5) == 5.2)                 % expect: 0
% an N-D array converts too
disp(class(single(zeros(2, 2, 2, 'int8'))))  % expect: single
