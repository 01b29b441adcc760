% Index reads in the matlab dialect take MATLAB's shapes (language.md §14, issue #26): `x(:)`
% is a column, `M(i, :)` a row and `M(:, j)` a column, `A(I)` follows a vector A's orientation
% or else I's shape (a logical I as find(I) gives it). Sizes as Octave 7.3 prints them.
M = magic(4);
disp(size(M(:)))                     % expect:    16    1
disp(size(M(2, :)))                  % expect:    1   4
disp(size(M(:, 3)))                  % expect:    4   1
disp(size(M(2:3, 1)))                % expect:    2   1
v = [1 2 3];
disp(size(v(:)))                     % expect:    3   1
disp(size(v([1; 2])))                % expect:    1   2
c = v';
disp(size(c([1 2])))                 % expect:    2   1
disp(size(M([1 2; 3 4])))            % expect:    2   2
disp(size(M([1 2 3])))               % expect:    1   3
disp(size(M(logical([1 0 1]))))      % expect:    1   2
disp(size(M(M > 10)))                % expect:    6   1
s = 5;
disp(size(s([1 1])))                 % expect:    1   2
disp(size(s([1; 1])))                % expect:    2   1
disp(M(:, 2)')                       % expect:     2   11    7   14
% growth keeps a row a row and a column a column; [] grows into a row
x = [];
x(end + 1) = 5; x(end + 1) = 6;
disp(size(x))                        % expect:    1   2
y = zeros(2, 1);
y(4) = 1;
disp(size(y))                        % expect:    4   1
z = 1:3;
z(5) = 9;
disp(size(z))                        % expect:    1   5
% an out-of-range row of a row is an error, as in MATLAB
w = [1 2 3];
w(2, 1)                              % expect error: out of bound
