% The matlab dialect labels what an expression statement shows (language.md §14, issue #26):
% `ans = ` for a value, the variable's name when a variable is named alone. Octave 7.3 prints
% the same labels (with its blank lines, which MATLAB's compact layout leaves out).
2 + 3                  % expect: ans = 5
x = 4;
x                      % expect: x = 4
ans                    % expect: ans = 5
numel([1 2 3])         % expect: ans = 3
[1 2; 3 4]
% expect: ans =
% expect:    1   2
% expect:    3   4
class(x)               % expect: ans = double
disp(x)                % expect: 4
