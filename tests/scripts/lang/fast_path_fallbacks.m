% A compiled statement that cannot run on the fast path (an operand that is no real scalar, an
% element out of bounds) is run by the generic path, once, after the statements before it ran
% once: every operand form of the compiled code, in while loops (run) and range loops (run_range).
a = [1 2];
b = 3;
x = 0;
k = 0;
while k < 2
  k = k + 1;
  x = x + 1;
  y = a + b;
end
disp([x, y])
% expect:    2   4   5
x = 0;
k = 0;
while k < 2
  k = k + 1;
  x = x + 1;
  y = b * a;
end
disp([x, y])
% expect:    2   3   6
x = 0;
k = 0;
while k < 2
  k = k + 1;
  x = x + 1;
  y = a;
end
disp([x, y])
% expect:    2   1   2
x = 0;
k = 0;
while k < 2
  k = k + 1;
  x = x + 1;
  y = 2 - a;
end
disp([x, y])
% expect:    2   1   0
x = 0;
k = 0;
while k < 2
  k = k + 1;
  x = x + 1;
  y = (k + 1) * a;
end
disp([x, y])
% expect:    2   3   6
v = [10 20];
x = 0;
for k = 1:4
  x = x + 1;
  v(k) = x;
end
disp([x, v])
% expect:    4   1   2   3   4
s = 0;
try
  for k = 1:3
    s = s + 1;
    t = v(k + 2);
  end
catch err
  disp(err.message)
end
% expect: linear index 5 out of bounds (1×4 = 4 elements)
disp([s, t])
% expect:    3   4
