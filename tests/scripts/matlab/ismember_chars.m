% ismember in matlab code looks a char up one character at a time when the set is a char or
% numbers, as MATLAB does; a text in a cell of texts stays whole (issue #26). Values as Octave
% 7.3 prints them.
disp(double(ismember('1', '0123456789.'))) % expect: 1
disp(double(ismember('abc', 99)))        % expect:    0   0   1
disp(double(ismember(1, 'abc')))         % expect: 0
disp(double(ismember('abc', {'abc', 'def'}))) % expect: 1
[tf, loc] = ismember('ba', 'abc');
disp(double(tf)), disp(loc)
% expect:    1   1
% expect:    2   1
