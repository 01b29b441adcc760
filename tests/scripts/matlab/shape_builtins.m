% Builtins whose answer depends on the shape, for 1×N and N×1 matrices in the matlab dialect
% (language.md §14, issue #26): reductions run along the first non-singleton dimension, find
% answers a row for a row and a column otherwise, linspace and size give rows. Values as
% Octave 7.3 prints them.
disp(sum([1 2 3]))                   % expect: 6
disp(sum([1; 2; 3]))                 % expect: 6
disp(prod([1; 2; 4]))                % expect: 8
disp(max([4; 9; 2]))                 % expect: 9
disp(min([4 9 2]))                   % expect: 2
disp(mean([1 2 3 4]))                % expect: 2.5000
disp(median([3; 1; 2]))              % expect: 2
disp(any([0; 0; 1]))                 % expect: 1
disp(all([1 1 0]))                   % expect: 0
disp(size(cumsum([1; 2; 3])))        % expect:    3   1
disp(size(cumsum([1 2 3])))          % expect:    1   3
disp(size(sort([3; 1; 2])))          % expect:    3   1
disp(size(sum(magic(4), 2)))         % expect:    4   1
disp(size(sum([1 2 3], 1)))          % expect:    1   3
disp(size(find([0 1 1])))            % expect:    1   2
disp(size(find([0; 1; 1])))          % expect:    2   1
disp(size(find(magic(3) > 5)))       % expect:    4   1
disp(size(find(zeros(3))))           % expect:    0   1
disp(size(linspace(0, 1, 5)))        % expect:    1   5
disp(size(size(magic(4))))           % expect:    1   2
disp(size(unique([3; 1; 3])))        % expect:    2   1
disp(size(unique([3 1 3])))          % expect:    1   2
% a 1×1 result is the number itself
w = [1 2 3] * [4; 5; 6]              % expect: w = 32
z = zeros(1)                         % expect: z = 0
