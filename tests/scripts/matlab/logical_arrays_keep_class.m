% A logical array keeps its class in matlab code, as in MATLAB: an element read is a logical
% scalar (on the generic path and in a compiled loop alike), and an indexed write stores the
% truth value of what is written (NaN has none), growing a logical scalar too.
L = [true false true];
disp(class(L(2)))
% expect: logical
for k = 1:3
  y = L(k);
end
disp(class(y))
% expect: logical
L(2) = 5;
disp(class(L))
% expect: logical
disp(L)
% expect:   1  1  1
M = L;
for k = 1:3
  M(k) = k - 1;
end
disp(class(M))
% expect: logical
disp(M)
% expect:   0  1  1
s.a = [true true];
s.a(1) = 0;
disp(class(s.a))
% expect: logical
b = true;
b(3) = 2;
disp(class(b))
% expect: logical
disp(b)
% expect:   1  0  1
L2 = [true false; false true];
disp(class(L2(1, 2)))
% expect: logical
L2(2, 1) = -3;
disp(L2)
% expect:   1  0
% expect:   1  1
c = L(1) + 1;
disp(class(c))
% expect: double
L(1) = NaN;
% expect error: logical_arrays_keep_class.m:45:1: error: NaN cannot be converted to logical
