% Struct arrays of any 2-D shape (issue #26): shape from struct(), growth, transpose, joins
s = struct('a', {1; 2});
disp(size(s))   % expect:    2   1
disp(s(2).a)   % expect: 2
t = struct('a', {1, 2, 3});
disp(size(t))   % expect:    1   3
disp(size(t'))   % expect:    3   1
disp(size(t(:)))   % expect:    3   1
disp(size(t([1 3])))   % expect:    1   2
w(2, 3).x = 1;
disp(size(w))   % expect:    2   3
disp(w(2, 3).x)   % expect: 1
disp(isempty(w(1, 1).x))   % expect: 1
disp(numel(w))   % expect: 6
w(1, 2).y = 'b';
disp(isempty(w(2, 3).y))   % expect: 1
v = [s; s];
disp(size(v))   % expect:    4   1
h = [s, s];
disp(size(h))   % expect:    2   2
q = reshape(struct('a', {1, 2, 3, 4}), 2, 2);
disp(size(q))   % expect:    2   2
disp(q(2, 1).a)   % expect: 2
disp(arrayfun(@(e) e.a * 10, q))
% expect:    10   30
% expect:    20   40
r = arrayfun(@(e) e.a, q, 'UniformOutput', false);
disp(size(r))   % expect:    2   2
q(:, 1) = [];
disp(size(q))   % expect:    2   1
disp([q.a])   % expect:    3   4
p = repmat(struct('z', 0), 2, 3);
disp(size(p))   % expect:    2   3
p(2, 2) = struct('z', 5);
disp(p(5).z)   % expect: 0
disp(length(p))   % expect: 3
t(5).a = 9;
disp(size(t))   % expect:    1   5
disp(isempty(t(4).a))   % expect: 1
for e = s
  disp(size(e))
end
% expect:    2   1
for e = w
  disp(size(e))
end
% expect:    2   1
% expect:    2   1
% expect:    2   1
% display: MATLAB's header (Octave words it "2x1 struct array containing the fields:")
s
% expect: s =
% expect: 2×1 struct array with fields:
% expect:     a
