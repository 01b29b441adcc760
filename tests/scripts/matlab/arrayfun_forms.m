% arrayfun in matlab code follows cellfun's rules over array elements (issue #26): several
% inputs of one size, results in the inputs' shape (logical when every result is),
% "UniformOutput" false for a cell of results, [a, b] = arrayfun(...), an "ErrorHandler", a
% function named by text, and chars, cells and structs as inputs. Values as Octave 7.3 prints
% them.
function [lo, hi] = extremes(v)
  lo = min(v);
  hi = max(v);
end
function r = report(s, varargin)
  r = 10 * s.index;
end
disp(class(arrayfun(@(x) x > 1, [1 2 3]))) % expect: logical
disp(double(arrayfun(@(x) x > 1, [1 2; 3 0])))
% expect:    0   1
% expect:    1   0
disp(class(arrayfun(@(x) x, [true false]))) % expect: logical
disp(arrayfun(@(x, y) x + y, [1 2; 3 4], [10 20; 30 40]))
% expect:    11   22
% expect:    33   44
c = arrayfun(@(n) 1:n, [2 3], 'UniformOutput', false);
disp(class(c)), disp(c{2})
% expect: cell
% expect:    1   2   3
[lo, hi] = arrayfun(@(k) extremes([k, 2 * k]), [1 2 3]);
[r, c] = arrayfun(@(n) size(ones(n, 2)), [3 4]);
disp([r; c])
% expect:    3   4
% expect:    2   2
disp([lo; hi])
% expect:    1   2   3
% expect:    2   4   6
disp(arrayfun(@(x) error('no'), [1 2], 'ErrorHandler', @report)) % expect:    10   20
disp(double(arrayfun('isempty', [1 2]))) % expect:    0   0
disp(arrayfun(@(ch) double(ch), 'ab'))   % expect:    97   98
disp(arrayfun(@(x) numel(x{1}), {1, [1 2]})) % expect:    1   2
s = struct('a', {1, 2, 3});
disp(arrayfun(@(e) e.a * 2, s))          % expect:    2   4   6
arrayfun(@(x, y) x + y, [1 2], [1 2 3])  % expect error: all the input arguments must have the same size
