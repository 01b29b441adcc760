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
% Any number of dims (issue #27): blocks spanning the named dims, one per cell, the cell of
% A's extents with the named dims at 1.
A = reshape(1:24, 2, 3, 4);
c = num2cell(A, [1 2]);
disp(size(c)) % expect:    1   1   4
disp(c{3})
% expect:    13   15   17
% expect:    14   16   18
d = num2cell(A, 3);
disp(size(d)) % expect:    2   3
disp(squeeze(d{2, 3})') % expect:     6   12   18   24
e = num2cell(A, [1 3]);
disp(size(e)) % expect:    1   3
disp(size(e{2})) % expect:    2   1   4
h = num2cell(true(2, 2), 2);
disp(class(h{1})) % expect: logical
