% An empty array beside texts in a set operation holds no texts, as MATLAB reads it
% (intersect([], {'a', 'b'}) is empty, union([], {'b', 'a'}) the sorted texts) (issue #26).
% Values as Octave 7.3 prints them.
disp(double(isempty(intersect([], {'a', 'b'})))) % expect: 1
disp(double(isempty(intersect({'a', 'b'}, [])))) % expect: 1
c = union([], {'b', 'a'});
disp(numel(c)), disp(c{1})
% expect: 2
% expect: a
c = setdiff({'b', 'a'}, []);
disp(numel(c))                           % expect: 2
