% The matlab dialect's sprintf/fprintf take C's conversions (language.md §14, issue #26): the
% `+`, space, `0` and `#` flags act, %g is C's, and a value a conversion cannot show is shown in
% general form. Expected texts printed by GNU Octave 7.3.
disp(sprintf('%05.1f|%05d|%+.2f|% d', 42, 42, 42, 7))   % expect: 042.0|00042|+42.00| 7
fprintf('%.3g %g %G\n', 0.000123456, 1234567, 1e-10)    % expect: 0.000123 1.23457e+06 1E-10
fprintf('[%d] [%i] [%5d]\n', 1.5, pi, 2.5)               % expect: [1.5] [3.14159] [  2.5]
fprintf('%f %d %+f\n', Inf, NaN, Inf)                   % expect: Inf NaN +Inf
fprintf('%#x %#o %s %c\n', 255, 8, 65, 66)              % expect: 0xff 010 A B
fprintf('[%.2s] [%-4s]\n', 'abcd', 'ab')                % expect: [ab] [ab  ]
msg = sprintf('%03d-%s', 7, 'run');
disp(msg)                                               % expect: 007-run
