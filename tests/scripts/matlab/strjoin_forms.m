% strjoin in matlab code reads the delimiter's escape sequences and takes a cell of delimiters,
% one per gap, as written (issue #26). Values as Octave 7.3 prints them.
disp(double(strjoin({'a', 'b'}, '\n')))  % expect:    97   10   98
disp(strjoin({'space', 'comma', 'dash'}, {' ', ','})) % expect: space comma,dash
disp(strjoin({'x', 'y', 'z'}, '-'))      % expect: x-y-z
disp(strjoin({'a', 'b'}, {'\n'}))        % expect: a\nb
strjoin({'a', 'b', 'c'}, {'-'})          % expect error: a cell of delimiters needs one per gap
