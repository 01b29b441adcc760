% inv in matlab code as Octave computes it: [X, rcond] = inv(A) gives LAPACK's reciprocal
% condition estimate; a singular A gives Inf in every element, with "warning: matrix singular
% to machine precision" on stderr when rcond is not asked for (issue #26).
[x, r] = inv([1 2; 3 4]);
printf('%g ', x); printf('\n')           % expect: -2 1.5 1 -0.5
printf('%.6f\n', r)                      % expect: 0.047619
disp(inv([1 2; 2 4]))
% expect:    Inf   Inf
% expect:    Inf   Inf
[x, r] = inv([2 0; 0 0]);
disp(x)
% expect:    Inf   Inf
% expect:    Inf   Inf
disp(r)                                  % expect: 0
[x, r] = inv(0);
disp([x, r])                             % expect:    Inf     0
[x, r] = inv(-0);
disp(x)                                  % expect: -Inf
[x, r] = inv(Inf);
disp([x, r])                             % expect:    0   0
[x, r] = inv(NaN);
disp([x, r])                             % expect:    NaN   NaN
[x, r] = inv(4);
printf('%g %g\n', x, r)                  % expect: 0.25 1
disp(size(inv(zeros(0, 0))))             % expect:    0   0
inv([1 2; 3 4; 5 6])                     % expect error: inv: argument must be a square matrix
