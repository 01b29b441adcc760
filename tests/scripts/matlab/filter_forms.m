% filter in matlab code takes MATLAB's full form (issue #26): [y, zf] = filter(b, a, x, zi, dim)
% on each column (or slice along dim) of x, from the initial state zi, with the final state
% zf; complex coefficients. Values as Octave 7.3 prints them.
disp(filter([1 3], 1, [1 2; 3 4; 5 6], [4, 5]))
% expect:     5    7
% expect:     6   10
% expect:    14   18
[y, zf] = filter([1 1], 1, [1 0 0 0], -1);
disp(y), disp(zf)
% expect:    0   1   0   0
% expect: 0
disp(filter([1 3 2], 1, [1 2; 3 4; 5 6], [1 0 0; 1 0 0], 2))
% expect:     2    6
% expect:     3   13
% expect:     5   21
[y, zf] = filter(1, [1 -0.5], [1 1 1]);
disp(y), disp(zf)
% expect:    1.0000   1.5000   1.7500
% expect: 0.8750
z = filter([1 1i], 1, [1 0 0]);
printf('%g%+gi ', [real(z); imag(z)]); printf('\n') % expect: 1+0i 0+1i 0+0i
filter([1 3], 1, [1 2; 3 4; 5 6], [4, 5]')  % expect error: zi must have 1 values for each slice
