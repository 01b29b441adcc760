% N-D cell arrays (issue #27): shape, indexing, growth, deletion, builtins
c = cell(2, 3, 4);
disp(size(c))   % expect:    2   3   4
disp([ndims(c), numel(c), isempty(c), iscell(c)])   % expect:     3   24    0    1
disp(size(cell([2 1 3])))   % expect:    2   1   3
disp(size(cell(0, 2, 2)))   % expect:    0   2   2
disp(isempty(cell(0, 2, 2)))   % expect: 1
c{2, 3, 4} = 'last';
disp(c{end})   % expect: last
disp(c{2, end, end})   % expect: last
disp(class(c(:, :, 4)))   % expect: cell
disp(size(c(:, :, 4)))   % expect:    2   3
disp(size(c(1, :, :)))   % expect:    1   3   4
disp(size(c(:)))   % expect:    24    1
c{1, 1, 5} = 7;
disp(size(c))   % expect:    2   3   5
c(:, :, 1) = {0};
disp(c{2, 3, 1})   % expect: 0
c(:, :, 2:5) = [];
disp(size(c))   % expect:    2   3
d = cell(2, 2, 2);
d(3) = [];
disp(size(d))   % expect:    1   7
g = {};
g{2, 2, 2} = 1;
disp(size(g))   % expect:    2   2   2
g(:, 1, :) = [];
disp(size(g))   % expect:    2   1   2
try, h = cell(2, 2, 2); h{9} = 1; catch err, disp('grow error'), end   % expect: grow error
r = reshape({1, 2, 3, 4, 5, 6, 7, 8}, 2, 2, 2);
disp(r{2, 1, 2})   % expect: 6
p = permute(r, [3 1 2]);
disp(size(p))   % expect:    2   2   2
disp(p{2, 1, 1})   % expect: 5
q = squeeze(r(1, 1, :));
disp(size(q))   % expect:    2   1
disp(q{2})   % expect: 5
k = cat(3, {1, 2}, {3, 4});
disp(size(k))   % expect:    1   2   2
disp(k{1, 2, 2})   % expect: 4
disp(size([k, k]))   % expect:    1   4   2
disp(size([k; k]))   % expect:    2   2   2
m = repmat({'a'}, [1 2 2]);
disp(size(m))   % expect:    1   2   2
disp(m{1, 2, 2})   % expect: a
A = reshape(1:8, 2, 2, 2);
e = num2cell(A);
disp(size(e))   % expect:    2   2   2
disp(e{2, 1, 2})   % expect: 6
x = cellfun(@(v) v * 2, e);
disp(size(x))   % expect:    2   2   2
disp(x(:, :, 2))
% expect:    10   14
% expect:    12   16
y = cellfun(@(v) v * 2, e, 'UniformOutput', false);
disp(size(y))   % expect:    2   2   2
disp(y{2, 2, 2})   % expect: 16
z = arrayfun(@(v) v + 1, A, 'UniformOutput', false);
disp(class(z))   % expect: cell
disp(size(z))   % expect:    2   2   2
disp(z{1, 2, 2})   % expect: 8
disp(size(arrayfun(@(v) v + 1, A)))   % expect:    2   2   2
disp(size(cellfun('isclass', e, 'double')))   % expect:    2   2   2
disp(isequal(cell2mat(e), A))   % expect: 1
t = cat(3, {'a', 'b'; 'c', 'd'}, {'e', 'f'; 'g', 'h'});
disp(iscellstr(t))   % expect: 1
disp(iscellstr(e))   % expect: 0
u = cellfun(@upper, t, 'UniformOutput', false);
disp(u{2, 2, 2})   % expect: H
disp(cellfun(@numel, t(:, :, 1)))
% expect:    1   1
% expect:    1   1
k3 = strcmp(t, 'f');
disp(size(k3))   % expect:    2   2   2
disp(k3(1, 2, 2))   % expect: 1
disp(size(strlength(t)))   % MATLAB's strlength keeps the cell's shape (Octave lacks strlength)
% expect:    2   2   2
disp([isequal(t, t), isequal(t, t(:, :, 1))])   % expect:   1  0
for e = cell(2, 1, 2)
  disp(size(e))
end
% expect:    2   1
% expect:    2   1
% display: MATLAB's paged layout, each page as a 2-D cell shows (Octave prints {1x2x2 Cell Array})
s = cell(1, 2, 2);
s{1, 2, 2} = 5;
s
% expect: s =
% expect: ans(:,:,1) =
% expect: {
% expect:   [1,1] = [](0x0)
% expect:   [1,2] = [](0x0)
% expect: }
% expect: ans(:,:,2) =
% expect: {
% expect:   [1,1] = [](0x0)
% expect:   [1,2] = 5
% expect: }
