% isequal in matlab code compares a char beside a number as its character codes, as MATLAB
% compares values whatever their class (issue #26). Values as Octave 7.3 prints them.
disp(double(isequal(char(0), 0)))        % expect: 1
disp(double(isequal('a', 97)))           % expect: 1
disp(double(isequal('ab', [97 98])))     % expect: 1
disp(double(isequal('ab', 'ab')))        % expect: 1
disp(double(isequal('a', 98)))           % expect: 0
