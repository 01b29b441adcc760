% cellfun over several cells of one size calls f on their matching elements (issue #26):
% uniform results form an array of the cells' shape (logical when every result is), with
% "UniformOutput" false (any letter case) cells of that shape; [a, b] = cellfun(...) gives one
% array per output; an "ErrorHandler" is called with a struct (message, identifier, index) and
% the elements; the legacy names "size" and "isclass" take their argument. Values as Octave
% 7.3 prints them.
function r = report(s, varargin)
  r = s.index;
end
function [lo, hi] = extremes(v)
  lo = min(v);
  hi = max(v);
end
disp(cellfun(@(x, y, z) x + y + z, {1, 1, 1}, {2, 2, 2}, {3, 4, 5})) % expect:    6   7   8
c = cellfun(@(x, y) x + y, {1, 2}, {10, 20}, 'uniformoutput', false);
disp(class(c)), disp(size(c)), disp(c{2})
% expect: cell
% expect:    1   2
% expect: 22
disp(double(cellfun(@(x, y) x == y, {false; true}, {true; true})))
% expect:    0
% expect:    1
disp(class(cellfun(@(x, y) x == y, {false; true}, {true; true}))) % expect: logical
disp(double(cellfun(@(x, y) x > y, {1.1, 4.2; 2, 4}, {3.1, 2; 2, 4})))
% expect:    0   1
% expect:    0   0
[mn, mx] = cellfun(@extremes, {[3 1 2], [7 9]});
disp([mn; mx])
% expect:    1   7
% expect:    3   9
[a, b] = cellfun(@extremes, {1, [2 5]}, 'UniformOutput', false);
disp([a{2}, b{2}])                       % expect:    2   5
disp(cellfun('length', {true, 0.1, [], 'abc'})) % expect:    1   1   0   3
disp(double(cellfun('isempty', {1, [], 'a'}))) % expect:    0   1   0
disp(cellfun('size', {zeros(2, 3), 1}, 2)) % expect:    3   1
disp(double(cellfun('isclass', {1, 'a'}, 'char'))) % expect:    0   1
disp(cellfun(@(x) error('bad'), {1, 2}, 'ErrorHandler', @report)) % expect:    1   2
disp(size(cellfun(@(x) x, {})))          % expect:    0   0
cellfun(@(x, y) x + y, {1, 2}, {1, 2, 3})  % expect error: all the input arguments must have the same size
