% X(I) = [] with one subscript in matlab code deletes by linear index from any matrix: a row
% stays a row, a column a column, and any other matrix becomes the row of the elements left in
% column-major order (MATLAB's rule since R2016a; Octave gives a column there). The class is
% kept; X(:) = [] leaves 0×0.
v = [1 2 3];
v(2) = [];
disp(v)
% expect:    1   3
disp(size(v))
% expect:    1   2
c = [1; 2; 3; 4];
c([2 3]) = [];
disp(size(c))
% expect:    2   1
disp(c')
% expect:    1   4
A = magic(3);
A([1 5]) = [];
disp(A)
% expect:    3   4   1   9   6   7   2
B = magic(3);
B(logical([1 0 0 0 1 0 0 0 0])) = [];
disp(size(B))
% expect:    1   7
L = [true false true];
L(2) = [];
disp(class(L))
% expect: logical
I = int8([5 6 7; 8 9 10]);
I(2) = [];
disp(class(I))
% expect: int8
disp(I)
% expect:    5   6   9   7  10
s = 'hello';
s([1 5]) = [];
disp(s)
% expect: ell
z = [1 2 3];
z(:) = [];
disp(size(z))
% expect:    0   0
q.f = [4 5 6];
q.f(1) = [];
disp(q.f)
% expect:    5   6
w = [1+1i; 2; 3];
w(1) = [];
disp(isreal(w))
% expect: 1
y = [1 2 3];
y(7) = [];
% expect error: linear_deletion.m:52:1: error: index 7 out of bounds (size 3)
