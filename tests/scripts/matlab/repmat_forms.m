% repmat in matlab code reads MATLAB's (and Octave's) size arguments (issue #26): a scalar m
% is m×m, a vector holds the counts (N-D for more than two), `[]` stands for 1, a matrix gives
% its first column, a negative count is 0; a cell tiles into a cell. Values as Octave 7.3.
x = [1 2 3];
disp(size(repmat(x, [1 1 2])))           % expect:    1   3   2
disp(size(repmat(x, 3, [])))             % expect:    3   3
disp(size(repmat(x, [], [1, 3])))        % expect:    1   9
disp(size(repmat(x, [1 1; 1 3; 2 1])))   % expect:    1   3   2
disp(size(repmat(x, [1 3; 1 3], [1 2; 3 4]))) % expect:    1   3   4
disp(size(repmat(1, [5, -1])))           % expect:    5   0
c = repmat({1, 'a'}, 2, 2);
disp(size(c))                            % expect:    2   4
disp(c{2, 4})                            % expect: a
disp(size(repmat({1}, [0, 5])))          % expect:    0   5
