% `~` in a parameter list takes the argument without binding it (language.md §13.4), as in
% MATLAB callbacks `function f(~, event)`; `[~, k] = ...` discards an output.
function r = second_doubled(~, b)
  r = 2 * b;
end
function n = count_args(~, ~, c)
  n = nargin + c;
end
fprintf('%g\n', second_doubled('ignored', 4))     % expect: 8
fprintf('%g\n', count_args(1, 2, 10))             % expect: 13
g = @(~, y) y + 1;
fprintf('%g\n', g([], 5))                          % expect: 6
[~, k] = max([3 9 2]);
fprintf('%g\n', k)                                % expect: 2
[~, ~, third] = deal(1, 2, 3);
fprintf('%g\n', third)                            % expect: 3
second_doubled(1)                                 % expect error: undefined variable 'b'
