% Cells and indexed writes as MATLAB code sees them (issue #26), each expected text as Octave
% 7.3 prints it: a cell echoes element by element, an indexed write echoes the whole variable,
% `case {a, b}` matches any element, a cell transposes.
c = {1, 'ab'; [1 2 3], {2}}
% expect: c =
% expect: {
% expect:   [1,1] = 1
% expect:   [2,1] =
% expect:      1   2   3
% expect:   [1,2] = ab
% expect:   [2,2] =
% expect:   {
% expect:     [1,1] = 2
% expect:   }
% expect: }
d = {}
% expect: d = {}(0x0)
names = {'alpha', 'beta'}
% expect: names =
% expect: {
% expect:   [1,1] = alpha
% expect:   [1,2] = beta
% expect: }
v = 1:3;
v(end+1) = 6
% expect: v =
% expect:    1   2   3   6
switch 'beta'
  case {'alpha', 'beta'}
    disp('one of the two')
  otherwise
    disp('neither')
end
% expect: one of the two
switch 3
  case {1, 3}
    disp('three is listed')
end
% expect: three is listed
t = names'
% expect: t =
% expect: {
% expect:   [1,1] = alpha
% expect:   [2,1] = beta
% expect: }
disp(strjoin(t', '+'))
% expect: alpha+beta
x = cell(2, 1); x{1} = 'a'; x{2} = 'b';
disp(ismember('b', x))
% expect: 1
disp(strcmp(x, 'a'))
% expect:   1
% expect:   0
