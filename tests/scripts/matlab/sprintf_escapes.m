% sprintf and fprintf in matlab code read all of C's escapes in the format (issue #26): \r,
% \f, \v, \a and \b as well as \n, \t and \\. Codes as Octave 7.3 prints them.
disp(double(sprintf(' \f\n\r\t\v')))     % expect:    32   12   10   13    9   11
disp(double(sprintf('a\bc\a')))          % expect:    97    8   99    7
disp(sprintf('x\\y'))                    % expect: x\y
% Octal \N (one to three digits, \0 is NUL) and hexadecimal \xN stand for that character.
disp(double(sprintf('a\0b\101\x42\x3c')))   % expect:    97    0   98   65   66   60
disp(sprintf('%s', 'it\x'))                 % expect: it\x
