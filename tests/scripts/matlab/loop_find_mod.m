% Small MATLAB rules (issue #26): `for col = M` binds each column of M as a column; find of a
% 1-by-1 zero is the 0-by-0 [] and of other empties keeps their orientation, as Octave shapes
% them; mod and rem pair a scalar with an array, broadcasting as the operators do. Values as
% Octave 7.3 prints them.
seen = {};
for col = [1 2; 3 4], seen{end + 1} = col; end
disp(size(seen{1})), disp(seen{2}')
% expect:    2   1
% expect:    2   4
for x = [5 6], last = x; end
disp(size(last))                         % expect:    1   1
disp(size(find(0)))                      % expect:    0   0
disp(size(find(zeros(1, 0))))            % expect:    1   0
disp(size(find(zeros(0, 1))))            % expect:    0   1
disp(size(find([])))                     % expect:    0   0
disp(size(find([0 0])))                  % expect:    1   0
disp(size(find([0; 0])))                 % expect:    0   1
disp(mod(-3, [2 3 4]))                   % expect:    1   0   1
printf('%g ', rem(-3, [2 3 4])); printf('\n') % expect: -1 -0 -3
disp(mod([5; 7], [2 3]))
% expect:    1   2
% expect:    1   1
disp(size(find(ones(1,1,2) > 0)))        % expect:    2   1
disp(find(ones(1,1,3) > 0)')             % expect:    1   2   3
