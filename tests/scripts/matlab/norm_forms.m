% norm in matlab code takes MATLAB's forms (issue #26): norm(M) is the 2-norm (the largest
% singular value), a type named in any letter case ("inf", "-Inf", "fro") or [] for 2,
% norm(v, 0) counts the non-zero elements, and norm(M, p, "rows" | "columns" | "cols") gives
% the p-norm of each row or column. Values as Octave 7.3 prints them.
M = [1 2; 3 4];
printf('%.6f\n', norm(M))                % expect: 5.464986
printf('%.6f\n', norm(M, 'fro'))         % expect: 5.477226
disp(norm(M, 'inf'))                     % expect: 7
disp(norm(M, 1))                         % expect: 6
x = [1 -7 0 3 0 2];
disp(norm(x, 'Inf'))                     % expect: 7
disp(norm(x, '-inf'))                    % expect: 0
disp(norm(x, 0))                         % expect: 4
disp(norm(x, []))                        % expect: 7.9373
printf('%.6f ', norm(M, 2, 'rows')); printf('\n') % expect: 2.236068 5.000000
disp(size(norm(M, 2, 'rows')))           % expect:    2   1
disp(norm(M, 1, 'columns'))              % expect:    4   6
disp(norm(M, Inf, 'cols'))               % expect:    3   4
norm(M, 'bad')                           % expect error: unknown norm type "bad"
