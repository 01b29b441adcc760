% sum, prod and mean take MATLAB's outtype ("default", "double", "native") after x or its dim
% (issue #26): "native" keeps a logical sum or prod logical, mean ignores it for logical data;
% text reduces as its character codes. Values as Octave 7.3 prints them.
disp(sum([true true], 'native'))         % expect: 1
disp(class(sum([true true], 'native')))  % expect: logical
disp(double(sum([true false; true true], 1, 'native'))) % expect:    1   1
disp(double(prod([true false; true true], 2, 'native'))') % expect:    0   1
disp(class(prod([true true], 'native'))) % expect: logical
disp(sum([true true], 'double'))         % expect: 2
disp(sum([1 2; 3 4], 2, 'double')')      % expect:    3   7
printf('%.4f\n', mean(logical([1 0 1]), 'native')) % expect: 0.6667
disp(class(mean(logical([1 0 1]), 'native'))) % expect: double
disp(sum('abc'))                         % expect: 294
disp(prod('ab'))                         % expect: 9506
disp(sum('Octave') + '8')                % expect: 666
