% MATLAB finds a function that nothing defines in NAME.m beside the calling file (or on
% LLMLAB_PATH), and a function file's functions may go without `end` (language.md §14, issue
% #26). Octave 7.3 prints the same for these calls.
disp(scaled_cube(2, 10))
% expect: 80
disp(scaled_cube(3))
% expect: 27
disp(endless_pair(3))
% expect: 10
c = scaled_cube(1, 2) + endless_pair(0)
% expect: c = 3
% a script named as a statement runs in this workspace: its variable is ours afterwards
script_not_function
% expect: 1
disp(not_a_function + 1)
% expect: 2
script_not_function(1)   % expect error: 'script_not_function' is a script
