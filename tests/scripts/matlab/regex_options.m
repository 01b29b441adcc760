% regexp and regexprep in matlab code take MATLAB's matching options (issue #26): `.` matches a
% newline by default ("dotall"; "dotexceptnewline" does not), "ignorecase", "lineanchors";
% regexprep replaces a zero-length match only with "emptymatch", takes "once", and reads
% MATLAB's replacement escapes ($N, \$, \.). Empty cell answers are 1-by-0. Values as Octave
% 7.3 prints them.
disp(regexp(sprintf('abc\nabc'), '.'))   % expect:    1   2   3   4   5   6   7
disp(regexp(sprintf('abc\nabc'), '.', 'dotexceptnewline')) % expect:    1   2   3   5   6   7
disp(regexp('aBc', 'b', 'ignorecase'))   % expect: 2
disp(regexp(sprintf('ab\ncb'), 'b$', 'lineanchors')) % expect:    2   5
disp(regexprep('World', '^', 'Hello '))  % expect: World
disp(regexprep('World', '^', 'Hello ', 'emptymatch')) % expect: Hello World
disp(regexprep('a[b]c{d}', '[^A-Za-z0-9_]', '_', 'once')) % expect: a_b]c{d}
disp(regexprep('s', 's', 'x\.y'))        % expect: x.y
disp(regexprep('s', '(s)', 'x\$1y'))     % expect: x$1y
disp(regexprep('hello world', '(\w+) (\w+)', '$2 $1')) % expect: world hello
[tok, mat] = regexp('no match', 'x(y)', 'tokens', 'match');
disp(size(tok)), disp(size(mat))
% expect:    1   0
% expect:    1   0
