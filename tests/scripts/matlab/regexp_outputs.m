% regexp's outputs in MATLAB's order, tokenExtents, named tokens and emptymatch (issue #26).
% Values printed by GNU Octave 7.3.
[s, e, te, m, t, nm, sp] = regexp('ab12cd34', '(\d)(\d)');
disp([s; e])
% expect:    3   7
% expect:    4   8
disp(te{2})
% expect:    7   7
% expect:    8   8
fprintf('%s|', m{:}); fprintf('\n')             % expect: 12|34|
fprintf('%s|', t{2}{:}); fprintf('\n')          % expect: 3|4|
fprintf('%s|', sp{:}); fprintf('\n')            % expect: ab|cd||
disp(size(nm))                                  % expect:    1   2
names = regexp('short test string', '(?<word1>\w*t)\s*(?<word2>\w*t)', 'names');
disp(names.word1)                               % expect: short
disp(names.word2)                               % expect: test
people = regexp('a1 b2', '(?<letter>[a-z])(?<digit>\d)', 'names');
disp(people(2).letter)                          % expect: b
disp(regexp('x(y)', '[(](\w)[)]', 'tokenExtents', 'once'))   % expect:    3   3
disp(size(regexp('abc', 'b', 'tokenExtents', 'once')))       % expect:    0   2
disp(numel(regexp('abc', 'x*', 'match')))                    % expect: 0
disp(numel(regexp('abc', 'x*', 'match', 'emptymatch')))      % expect: 4
