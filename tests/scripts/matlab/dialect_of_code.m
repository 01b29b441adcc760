% The dialect belongs to the code (language.md §14): a function keeps its file's dialect, and
% a value crossing from rlab code is the matrix it is (rlab's length-n vector is 1×n here).
import "dialect_helpers/rlab_row.rlab"
% expect: [1×2]  0.000000  0.000000
import "dialect_helpers/matlab_square.m"
% expect:    3   3
v = rlab_row(3);
disp(size(v))                        % expect:    1   3
disp(size(v(:)))                     % expect:    3   1
disp(size(matlab_square(2)))         % expect:    2   2
disp(size(zeros(4)))                 % expect:    4   4
