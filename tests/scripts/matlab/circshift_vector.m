% circshift(x, [r c]) in matlab code shifts r rows down and c columns right (issue #26,
% MATLAB's vector of shifts). Values as Octave 7.3 prints them.
x = [1, 2, 3; 4, 5, 6; 7, 8, 9];
disp(circshift(x, [0, 1]))
% expect:    3   1   2
% expect:    6   4   5
% expect:    9   7   8
disp(circshift(x, [1, -1]))
% expect:    8   9   7
% expect:    2   3   1
% expect:    5   6   4
