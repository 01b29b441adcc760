% strfind in matlab code takes MATLAB's and Octave's forms (issue #26): a cell of texts gives a
% cell of position rows; "overlaps" false skips past each match; "forcecelloutput" true wraps
% one text's positions in a cell. Values as Octave 7.3 prints them.
disp(strfind('abababa', 'aba'))          % expect:    1   3   5
disp(strfind('abababa', 'aba', 'overlaps', false)) % expect:    1   5
c = strfind({'abababa', 'bla'}, 'a');
disp(class(c)), disp(c{1}), disp(c{2})
% expect: cell
% expect:    1   3   5   7
% expect: 3
c = strfind('abababa', 'aba', 'forcecelloutput', true);
disp(class(c)), disp(c{1})
% expect: cell
% expect:    1   3   5
disp(size(strfind('abc', 'x')))          % expect:    0   0
strfind('abc', 'a', 'bogus', true)       % expect error: unknown option 'bogus'
