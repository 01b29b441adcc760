% A helper in the matlab dialect that rlab_imports_matlab.rlab imports: its zeros(n) is n×n,
% whoever calls it, and its top level, run by the import, prints by MATLAB's rules. Alone it is
% a test too.
function M = matlab_square(n)
  M = zeros(n);
end
disp(size(matlab_square(3)))         % expect:    3   3
