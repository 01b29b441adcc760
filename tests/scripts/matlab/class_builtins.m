% Builtins and the numeric classes (issue #26): mat2str's "class" option, the class each
% builtin's result takes (dot of integers is double, as in Octave; complex, polyval keep single;
% primes, nchoosek and randi with a class name give the integer class; the bit functions of
% logicals are logical), and deg2rad refusing an integer class. Values as Octave 7.3 prints them.
disp(mat2str(int16([1 -1]), 'class'))            % expect: int16([1 -1])
disp(mat2str(single(pi), 5, 'class'))            % expect: single(3.1416)
disp(mat2str(logical([1 0]), 'class'))           % expect: logical([true false])
disp(class(dot(int8([1 2]), int8([3 4]))))       % expect: double
disp(dot(int8([1 2]), int8([3 4])))              % expect: 11
disp(class(complex(single(1))))                  % expect: single
disp(class(bitand(true, false)))                 % expect: logical
disp(class(primes(uint8(10))))                   % expect: uint8
disp(class(nchoosek(uint8(10), uint8(5))))       % expect: uint8
disp(class(randi(10, 1, 3, 'int8')))             % expect: int8
disp(class(polyval(single([1 2]), 3)))           % expect: single
disp(class(rand(2, 'single')))                   % expect: single
% "like" is MATLAB's (Octave 7.3's randn has no "like")
disp(class(randn(1, 3, 'like', single(1))))      % expect: single
% isa with a cell of names answers each
a = isa(single(13), {'integer', 'float', 'single'})
% expect: a =
% expect:   0  1  1
% Octave: deg2rad: DEG must be a floating point class (double or single)
deg2rad(uint8(1))  % expect error: deg2rad: argument 1 must be of class double or single, got uint8
