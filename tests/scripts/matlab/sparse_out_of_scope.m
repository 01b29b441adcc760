% Sparse matrices are out of scope in llmlab (issue #26): full(x) of a full array is x and
% issparse is false, as in MATLAB for a full array; building one (sparse, speye, sprand, ...)
% is a clear error that says so, never a silently full result.
disp(full([1 0; 0 2]))
% expect:    1   0
% expect:    0   2
disp(issparse(eye(3)))                   % expect: 0
try
  speye(3);
catch err
  disp(err.message)
end
% expect: speye: sparse matrices are out of scope in llmlab (issue #26); use a full matrix (zeros, eye, rand)
A = sparse([1 2], [1 2], [3 4]) % expect error: sparse matrices are out of scope
