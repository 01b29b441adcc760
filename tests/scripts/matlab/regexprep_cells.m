% regexprep with cells in matlab code (issue #26, MATLAB's form): each pattern in turn with its
% replacement, one replacement for every pattern, and a cell of texts gives a cell back.
disp(regexprep('abc', {'b', 'a'}, '?'))  % expect: ??c
c = regexprep({'abc', 'cba'}, 'b', '?');
disp(class(c))                           % expect: cell
disp(strjoin(c, ' '))                    % expect: a?c c?a
disp(strjoin(regexprep({'abc', 'cba'}, {'b', 'a'}, {'?', '!'}), ' ')) % expect: !?c c?!
