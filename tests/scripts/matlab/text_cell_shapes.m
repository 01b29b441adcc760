% Cells of texts written with rows in matlab code keep their shape ({'a'; 'b'} is 2×1), and
% the text builtins take them element by element, answering in their shape. Every expected
% line was printed by GNU Octave 7.3 running this file.
c = {'pear'; 'apple'; 'fig'};
disp(size(c))
disp(c{2})
d = c(2:3); disp(size(d))
disp(size([c; {'kiwi'}]))
disp(size([c, c]))
g = sort(c); disp(g{1}); disp(size(g))
[tf, loc] = ismember({'fig'; 'plum'}, c); disp([tf loc])
disp(strcmp(c, 'fig')')
disp(size(unique([c; c])))
disp(cellfun(@numel, c)')
m = cellfun(@(s) [s '!'], c, 'UniformOutput', false); disp(size(m)); disp(m{3})
disp(strjoin(c', ', '))
e = strcat(c, '_x'); disp(size(e)); disp(e{3})
r = regexprep(c, 'p', 'P'); disp(size(r)); disp(r{1})
s = strrep(c, 'p', 'P'); disp(size(s)); disp(s{2})
u = upper(c); disp(size(u)); disp(u{3})
x = {'a', 'b'; 'c', 'd'}; disp(size(x)); disp(x{2,1}); disp(x{1,2})
disp(size(x'))
y = x(:); disp(size(y)); disp(y{2})
t = char(c); disp(size(t))
z = cell2mat({'ab'; 'cd'}); disp(size(z))
disp(size(setdiff(c, {'fig'})))
disp(size(union(c, {'z'})))
disp(size(intersect(c, {'fig'; 'pear'})))
disp(size(intersect({'fig', 'pear'}, {'pear', 'fig'})))
disp(iscellstr(c))
disp(size(lower(x)))
w = strtrim({' a '; 'b '}); disp(size(w)); printf('[%s]\n', w{:})
disp(strlength(x))                    % MATLAB's answer (Octave 7.3 lacks strlength)
n = fieldnames(struct('b', 1, 'a', 2)); disp(size(n))
for k = {'one', 'two'}
  printf('%s %s\n', class(k), k{1});
end
% expect:    3   1
% expect: apple
% expect:    2   1
% expect:    4   1
% expect:    3   2
% expect: apple
% expect:    3   1
% expect:    1   3
% expect:    0   0
% expect:   0  0  1
% expect:    3   1
% expect:    4   5   3
% expect:    3   1
% expect: fig!
% expect: pear, apple, fig
% expect:    3   1
% expect: fig_x
% expect:    3   1
% expect: Pear
% expect:    3   1
% expect: aPPle
% expect:    3   1
% expect: FIG
% expect:    2   2
% expect: c
% expect: b
% expect:    2   2
% expect:    4   1
% expect: c
% expect:    3   5
% expect:    2   2
% expect:    2   1
% expect:    4   1
% expect:    2   1
% expect:    1   2
% expect: 1
% expect:    2   2
% expect:    2   1
% expect: [a]
% expect: [b]
% expect:    1   1
% expect:    1   1
% expect:    2   1
% expect: cell one
% expect: cell two
