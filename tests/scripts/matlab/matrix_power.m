% `^` with an array operand is MATLAB's matrix power in matlab code (language.md §14): integer
% powers by repeated products (A^2 is A*A exactly, A^-1 the inverse, A^0 the identity), other
% powers and a scalar base through the eigendecomposition; rlab code keeps element-wise `^`.
A = [1 2; 3 4];
disp(isequal(A^2, A*A))
% expect: 1
disp(A^3)
% expect:     37    54
% expect:     81   118
fprintf('%.10g ', A^-1); fprintf('\n')
% expect: -2 1.5 1 -0.5 
disp(eye(3)^0)
% expect:    1   0   0
% expect:    0   1   0
% expect:    0   0   1
fprintf('%.4f ', real(A^0.5), imag(A^0.5)); fprintf('\n')
% expect: 0.5537 1.2104 0.8070 1.7641 0.4644 -0.3186 -0.2124 0.1458 
fprintf('%.4f ', 2^A); fprintf('\n')
% expect: 10.4827 21.2278 14.1519 31.7106 
disp([4 0; 0 9]^-0.5)
% expect:    0.5000        0
% expect:         0   0.3333
B = int8([1 2; 3 4])^2;
disp(class(B))
% expect: int8
disp(isnan([0.5 0; 0 2]^Inf))
% expect:   1  1
% expect:   1  1
disp([1 2 3].^2)
% expect:    1   4   9
[1 2 3]^2
% expect error: matrix_power.m:31:8: error: ^ is the matrix power: a square matrix and a scalar (got [1×3] ^ [1×1]); use .^ for element-wise power
