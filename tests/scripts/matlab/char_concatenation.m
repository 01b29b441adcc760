% In matlab code numbers beside text in a concatenation are character codes (MATLAB's char
% class wins, issue #26): ['a' 66 'c'] is 'aBc'; a fraction is cut toward zero as Octave does;
% horzcat and cat(2, ...) join the same way. Values as Octave 7.3 prints them.
disp(['a' 66 'c'])                       % expect: aBc
disp([65.7 'b'])                         % expect: Ab
disp(['ab', [67 68]])                    % expect: abCD
disp(['x = ' 49 50])                     % expect: x = 12
disp(class(['a' 66]))                    % expect: char
disp(double(['A' 0 'B']))                % expect:    65    0   66
disp(['' 65])                            % expect: A
disp(['a' []])                           % expect: a
disp(horzcat('a', 66, 'c'))              % expect: aBc
disp(cat(2, 'x', 89))                    % expect: xY
disp(size(['abc' 100]))                  % expect:    1   4
x = ['a', -1]                            % expect error: matrix concat: -1 is not a character code
