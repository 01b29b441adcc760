% A script, not a function file: named as a statement it runs in the caller's workspace;
% called with arguments it is a clear error (calls_function_files.m).
not_a_function = 1;
disp(not_a_function)   % expect: 1
