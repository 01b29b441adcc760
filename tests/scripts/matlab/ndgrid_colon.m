% ndgrid (meshgrid's grids transposed; one input alone is a column) and colon (a:b, a:s:b),
% with the values Octave prints.
[A, B] = ndgrid(1:2, 1:3);
disp(A)
% expect:    1   1   1
% expect:    2   2   2
disp(B)
% expect:    1   2   3
% expect:    1   2   3
disp(size(ndgrid(1:3)))
% expect:    3   1
disp(colon(1, 2, 7))
% expect:    1   3   5   7
disp(size(colon(3, 1)))
% expect:    1   0
