% [nn, xx] = hist(y, bins, norm) in matlab code gives MATLAB's counts and centres without a
% plot (issue #26): ten equal bins over y's finite range by default, a count or the centres
% themselves, an element on a midpoint in the lower bin, rows for a vector y and a column of
% counts per column of a matrix; norm scales the counts. Values as Octave 7.3 prints them.
[nn, xx] = hist([1 2 2 3 3 3]);
disp(nn)                                 % expect:    1   0   0   0   2   0   0   0   0   3
printf('%g ', xx); printf('\n')          % expect: 1.1 1.3 1.5 1.7 1.9 2.1 2.3 2.5 2.7 2.9
[nn, xx] = hist([1 2 2 3 3 3], 3);
disp(nn)                                 % expect:    1   2   3
printf('%.4f ', xx); printf('\n')        % expect: 1.3333 2.0000 2.6667
[nn, xx] = hist([1; 2; 2; 3; 3; 3], [1 3]);
disp(nn), disp(xx)
% expect:    3   3
% expect:    1   3
[nn, xx] = hist([1 2; 2 3; 3 3], 2);
disp(nn), disp(xx')
% expect:    2   1
% expect:    1   2
% expect:    1.5000   2.5000
printf('%.4f ', hist([1 2 2 3 3 3], 3, 1)); printf('\n') % expect: 0.1667 0.3333 0.5000
[nn, xx] = hist(5, 3);
disp(nn), disp(xx)
% expect:    0   1   0
% expect:    4   5   6
[nn, xx] = hist([1 NaN Inf -Inf 2], 2);
disp(nn), disp(xx)
% expect:    2   2
% expect:    1.2500   1.7500
hist([1 2 3], 0)                         % expect error: number of bins NBINS must be positive
