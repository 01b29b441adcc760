% assert(observed, expected, tol) takes a tolerance per element (an array of expected's size,
% negative for a relative one), as Octave's assert does (issue #26).
assert([1 2 3], [1.1 2 3.001], [0.2 0 0.01])
assert([1 100], [1 101], [0 -0.02])
disp('passed')                           % expect: passed
assert([1 2], [1 2.5], [0.1 0.1])        % expect error: Abs err 0.5 exceeds tol 0.1
