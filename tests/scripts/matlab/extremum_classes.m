% max and min in matlab code take text as its character codes and keep logical data logical,
% as MATLAB does (issue #26). Values as Octave 7.3 prints them.
disp(max('abcABC'))                      % expect: 99
[y, i] = min('abcABC');
disp([y, i])                             % expect:    65    4
disp(max('abc', 'b'))                    % expect:    98   98   99
disp(class(max(logical([0 0 1 0]))))     % expect: logical
disp(class(min(logical([0 1; 1 1]))))    % expect: logical
[y, i] = max(logical([0 0 1 0]));
disp(class(y)), disp(i)
% expect: logical
% expect: 3
disp(class(max([true false], [false false]))) % expect: logical
