% num2cell(A, dim) in matlab code puts A's columns (dim 1) or rows (dim 2) each in a cell, as
% MATLAB does (issue #26). Values as Octave 7.3 prints them.
c = num2cell([1 2; 3 4], 1);
disp(size(c)), disp(c{2}')
% expect:    1   2
% expect:    2   4
c = num2cell([1 2; 3 4], 2);
disp(size(c)), disp(c{2})
% expect:    2   1
% expect:    3   4
c = num2cell([1 2; 3 4], [1 2]);
disp(size(c)), disp(c{1})
% expect:    1   1
% expect:    1   2
% expect:    3   4
