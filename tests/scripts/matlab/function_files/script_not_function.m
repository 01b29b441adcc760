% A script, not a function file: calling it by name is a clear error.
not_a_function = 1;
disp(not_a_function)   % expect: 1
