% fliplr, flipud, flip, circshift and rot90 of a cell move its elements as they move an array's
% elements (the same as GNU Octave 7.3 gives).
c = {'a', 'b'; 'c', 'd'};
l = fliplr(c);
disp([l{1, 1}, l{2, 1}, l{1, 2}, l{2, 2}]) % expect: bdac
u = flipud(c);
disp([u{1, 1}, u{2, 1}, u{1, 2}, u{2, 2}]) % expect: cadb
f = flip({1, 2, 3});
disp([f{:}]) % expect:    3   2   1
k = circshift({1, 2, 3}, 1);
disp([k{:}]) % expect:    3   1   2
r = rot90({1, 2});
disp(size(r)) % expect:    2   1
disp([r{:}]) % expect:    2   1
