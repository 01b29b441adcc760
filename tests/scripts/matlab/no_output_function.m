% A value asked of a matlab function that declares no output is an error, as in MATLAB (rlab
% code stores none); a lambda called as a statement asks no value of the call in its body.
function show()
  disp('shown')
end
show()
% expect: shown
g = @() show();
g()
% expect: shown
k = @() sin(0);
k()
% expect: ans = 0
x = show();
% expect error: no_output_function.m:14:5: error: function 'show' declares 0 output(s), but caller asked for 1
