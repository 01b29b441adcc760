% zeros and ones in matlab code take whole-number sizes only, as MATLAB does (issue #26).
disp(size(zeros([2, 3])))                % expect:    2   3
disp(size(ones([0, -1])))                % expect:    0   0
zeros([1, 1.1])                          % expect error: size inputs must be integers
