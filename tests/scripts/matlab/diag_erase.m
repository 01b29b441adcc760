% diag(v, m, n) is the m-by-n matrix with v down its diagonal (as many elements as fit), and
% erase takes a cell of patterns, removed in one left-to-right pass, the longest pattern first
% where several start at one place (issue #26). The diagonal of a matrix is a column. Values
% as Octave 7.3 prints them.
disp(diag(1:3, 4, 2) + 0)
% expect:    1   0
% expect:    0   2
% expect:    0   0
% expect:    0   0
disp(diag([1, 2], 3, 3) + 0)
% expect:    1   0   0
% expect:    0   2   0
% expect:    0   0   0
disp(diag(1, 2, 3) + 0)
% expect:    1   0   0
% expect:    0   0   0
disp(size(diag(zeros(1, 0), 2, 2)))      % expect:    2   2
disp(diag([5; 6], 1, 3) + 0)             % expect:    5   0   0
disp(diag([1 2; 3 4])')                  % expect:    1   4
disp(size(diag([1 2; 3 4])))             % expect:    2   1
disp(size(diag(ones(3, 3), 4)))          % expect:    0   1
disp(erase('ababababa', {'aba', 'bba'})) % expect: bba
disp(erase(' ababa ', {'aba', 'baba'}))  % expect:  ba
disp(erase('Hello World t ', {'ld '; 'o '})) % expect: HellWort
disp(erase('Hello World!', {'o'; 'World'; ' '})) % expect: Hell!
disp(erase('abababa', 'aba'))            % expect: b
diag(ones(2), 3, 3)                      % expect error: V must be a vector
