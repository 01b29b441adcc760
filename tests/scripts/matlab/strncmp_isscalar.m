% strncmp and strncmpi in matlab code compare a text shorter than n whole (so equal texts match
% whatever n), and isscalar is true for a one-character char, a struct and a one-element cell,
% as MATLAB says (issue #26). Values as Octave 7.3 prints them.
disp(double(strncmp('abc', 'abc', 100))) % expect: 1
disp(double(strncmp('abc', 'abcd', 100))) % expect: 0
disp(double(strncmpi('abc', 'ABC', 10))) % expect: 1
disp(double(strncmp('abcx', 'abcy', 3))) % expect: 1
disp(double(isscalar('t')))              % expect: 1
s.a = 1;
disp(double(isscalar(s)))                % expect: 1
disp(double(isscalar({1})))              % expect: 1
disp(double(isscalar('tt')))             % expect: 0
