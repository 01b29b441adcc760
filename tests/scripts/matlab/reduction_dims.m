% In matlab code a dim past the second of a 2-D value is a singleton dim, as MATLAB reads it
% (issue #26): sum, prod, mean, median, mode, max, min, cumsum, sort and flip along it leave
% each element alone. An invalid dim (0, negative, fractional) is an error, a scalar's median
% included. Values as Octave 7.3 prints them.
disp(sum([1 2; 3 4], 3))
% expect:    1   2
% expect:    3   4
disp(mean([1 2; 3 4], 3))
% expect:    1   2
% expect:    3   4
disp(median([1 2; 3 4], 3))
% expect:    1   2
% expect:    3   4
disp(mode([1 2; 3 4], 3))
% expect:    1   2
% expect:    3   4
[m, i] = max([1 2; 3 4], [], 3);
disp(m), disp(i)
% expect:    1   2
% expect:    3   4
% expect:    1   1
% expect:    1   1
disp(cumsum([1 2; 3 4], 3))
% expect:    1   2
% expect:    3   4
s = sort([3 1 2], 3);
disp(s)                                  % expect:    3   1   2
disp(flip([1 2 3], 3))                   % expect:    1   2   3
disp(prod(5, 3))                         % expect: 5
median(8, 0)                             % expect error: dim must be a positive integer, got 0
