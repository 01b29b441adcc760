% eval runs code held in a text where it is called (issue #26), as MATLAB and Octave 7.3 do:
% statements that echo as written, a value of one expression, a second text run on failure.
eval('k = 2 + 3;');
disp(k)
% expect: 5
eval('m = k * 2')
% expect: m = 10
v = eval('k - 1')
% expect: v = 4
eval('undefined_name_here + 1', 'disp(''the catch text ran'')')
% expect: the catch text ran
disp(scaled_in_function(4))
% expect: 12
eval('x = [1 2')   % expect error: missing ']'

function y = scaled_in_function(x)
  eval('y = 3 * x;');
end
