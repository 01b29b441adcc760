% {} and a cell of texts grow into cells of anything (c = {}; c(3) = {5}), and a map's keys and
% values are cells in matlab code, numbers included, as MATLAB's are.
c = {};
c(3) = {5};
disp(size(c))
% expect:    1   3
d = {'a', 'b'};
d(3) = {7};
disp(class(d{3}))
% expect: double
m = containers.Map({'a', 'b'}, {1, 2});
v = values(m, {'b'});
disp(v{1})
% expect: 2
w = values(m);
disp(class(w))
% expect: cell
n = containers.Map('KeyType', 'double', 'ValueType', 'any');
n(3) = 5;
k = keys(n);
disp(k{1})
% expect: 3
