% num2cell(A, dims) of an N-D array (issue #27): A cut into blocks spanning the named dims,
% one block per cell, the cell of A's extents with the named dims at 1 (values as GNU Octave
% 7.3 prints them).
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
f = num2cell([1 2; 3 4], 1);
disp(size(f)) % expect:    1   2
disp(f{2}') % expect:    2   4
h = num2cell(true(2, 2), 2);
disp(class(h{1})) % expect: logical
