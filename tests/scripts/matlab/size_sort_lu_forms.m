% MATLAB forms of size, sort and lu (issue #26): size(x, d1, d2) and size(x, [d1 d2]) give
% several extents; a negative extent in ones(1, -2, 2) is 0; sort of a cell of texts takes a
% dim and a mode; [L, U, p] = lu(A, 'vector') gives the row order. Values as Octave 7.3.
A = [1, 2; 3, 4; 5, 6];
disp(size(A, 1, 3))                      % expect:    3   1
disp(size(A, [2 1]))                     % expect:    2   3
[r, c] = size(A, [1 2]);
disp([r c])                              % expect:    3   2
disp(size(ones(1, -2, 2)))               % expect:    1   0   2
a = {'Eric', 'Alice', 'Cecile'};
disp(strjoin(sort(a, 2, 'descend'), ' ')) % expect: Eric Cecile Alice
disp(strjoin(sort(a, 1), ' '))           % expect: Eric Alice Cecile
[L, U, p] = lu([1, 2; 3, 4], 'vector');
disp(p')                                 % expect:    2   1
