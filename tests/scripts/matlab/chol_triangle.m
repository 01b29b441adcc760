% chol(A, "upper") and chol(A, "lower") (the option in any letter case): R with R'R = A from
% A's upper triangle, or L with LL' = A from its lower triangle (issue #26). Values as Octave
% 7.3 prints them.
printf('%.4f ', chol([2 1; 1 1], 'upper')); printf('\n') % expect: 1.4142 0.0000 0.7071 0.7071
printf('%.4f ', chol([2 1; 1 1], 'lower')); printf('\n') % expect: 1.4142 0.7071 0.0000 0.7071
printf('%.4f ', chol([4 0; 2 3], 'LoweR')); printf('\n') % expect: 2.0000 1.0000 0.0000 1.4142
chol([2 1; 1 1], 'left')                 % expect error: the second argument must be "upper" or "lower"
