% Range loops whose body runs in registers (ScalarCode::run_range) with element reads and
% writes through array views taken when the loop starts: copy-on-write, linear
% indices of a matrix, and a write that has to grow the array part way through the loop.
A = [1, 2, 3];
B = A;
for k = 1:3
  B(k) = A(k) * 2;
  A(k) = 0;
end
disp(A)
% expect:    0   0   0
disp(B)
% expect:    2   4   6
M = [1, 2; 3, 4];
s = 0;
for k = 1:4
  s = s + k * M(k);
  M(k) = -M(k);
end
disp(s)
% expect: 29
disp(M)
% expect:   -1  -2
% expect:   -3  -4
v = [10, 20];
total = 0;
for k = 1:4
  total = total + k;
  v(k) = total;
end
disp(v)
% expect:     1    3    6   10
disp(total)
% expect: 10
