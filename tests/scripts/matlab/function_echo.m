% MATLAB shows every statement without a semicolon, inside functions too (issue #26; rlab echoes
% at the top level only). Expected text as Octave 7.3 prints it.
show_steps()
% expect: x = 5
% expect: ans = 7
% expect: v =
% expect:    1   7

function show_steps()
  x = 5
  y = 2;
  x + y
  v = [1 2];
  v(2) = 7
end
