% sort in matlab code orders complex numbers by magnitude, then by phase angle, as MATLAB
% does; NaN goes last ascending and first descending; ties keep their order (issue #26).
% Values as Octave 7.3 prints them.
[v, i] = sort([NaN, 1i, -1, Inf, 1, 1i]);
disp(i)                                  % expect:    5   2   6   3   4   1
printf('%g%+gi ', [real(v); imag(v)]); printf('\n') % expect: 1+0i 0+1i 0+1i -1+0i Inf+0i NaN+0i
[v, i] = sort([NaN, 1i, -1, 2, Inf], 'descend');
disp(i)                                  % expect:    1   5   4   3   2
[v, i] = sort([3+4i, -5, 1-1i, 2]);
disp(i)                                  % expect:    3   4   1   2
