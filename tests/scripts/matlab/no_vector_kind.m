% The matlab dialect has no vector kind (language.md §14, issue #26): every array is an R×C
% matrix. Expected sizes are what Octave 7.3 prints for the same lines.
% one-argument constructors are n×n, and a size vector gives its shape
disp(size(zeros(3)))                 % expect:    3   3
disp(size(ones(2)))                  % expect:    2   2
disp(size(rand(3)))                  % expect:    3   3
disp(size(randn(4)))                 % expect:    4   4
disp(size(inf(2)))                   % expect:    2   2
disp(size(nan(2)))                   % expect:    2   2
disp(size(true(3)))                  % expect:    3   3
disp(size(false(2)))                 % expect:    2   2
disp(size(eye(3)))                   % expect:    3   3
disp(size(cell(2)))                  % expect:    2   2
disp(size(zeros([2 3])))             % expect:    2   3
disp(size(randi(5, 3)))              % expect:    3   3
% the issue's example: a square system solves
A = rand(3); b = ones(3, 1); x = A\b; disp(size(x))
% expect:    3   1
% literals and ranges are 1×N matrices, [] is 0×0
disp(size([1 2 3]))                  % expect:    1   3
disp(size(1:3))                      % expect:    1   3
disp(size([]))                       % expect:    0   0
% reshape gives exactly the shape asked; the transpose of a row is a column
disp(size(reshape(ones(15, 4), 60, 1)))
% expect:    60    1
disp(size(reshape(1:6, 1, 6)))       % expect:    1   6
v = [1 2 3];
disp(size(v'))                       % expect:    3   1
