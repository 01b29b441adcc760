% In matlab code a char beside a number or another char in an operator is its character codes
% (MATLAB's char arithmetic, issue #26): 'a' + 1 is 98, comparisons go element by element.
% Values as Octave 7.3 prints them.
disp('a' + 1)                            % expect: 98
disp('abc' - 'a')                        % expect:    0   1   2
disp(double('abc' == 'abd'))             % expect:    1   1   0
disp(double('a' < 'b'))                  % expect: 1
disp(double('hello' == 'l'))             % expect:    0   0   1   1   0
disp(2 * 'AB')                           % expect:    130   132
disp(char('a' + [0 1 2]))                % expect: abc
disp(class('a' + 1))                     % expect: double
'ab' == 'abc'                            % expect error: dimensions [2] and [3] are incompatible
