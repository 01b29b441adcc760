% Octave's x++ and x-- statements are accepted in matlab code (language.md §14) as x += 1 and
% x -= 1; `x + +1` stays an expression.
x = 3;
x++;
disp(x)
% expect: 4
for k = 1:3
  x--;
end
disp(x)
% expect: 1
z = x + +1;
disp(z)
% expect: 2
