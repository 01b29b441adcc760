% A matrix product with an integer operand needs a scalar side, as in MATLAB (issue #26);
% element-wise products and scalar factors keep the class. Values as Octave 7.3 prints them.
e = int32(magic(3)) * 2
% expect: e =
% expect:   16   2  12
% expect:    6  10  14
% expect:    8  18   4
w = int8([100 50]) .* [2 3]
% expect: w =
% expect:   127  127
% MATLAB's message (Octave: binary operator '*' not implemented for 'int32 matrix' by 'int32
% matrix' operations)
int32([1 2; 3 4]) * int32([1; 1])  % expect error: MTIMES (*) is not fully supported for integer data types. At least one input must be scalar
