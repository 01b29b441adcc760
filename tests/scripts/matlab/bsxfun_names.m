% bsxfun takes a function named by text, as MATLAB does (issue #26). Values as Octave 7.3
% prints them.
disp(bsxfun('minus', [1 2 3], [0; 1]))
% expect:    1   2   3
% expect:    0   1   2
disp(bsxfun('plus', 1, [1 2]))           % expect:    2   3
