% max and min of an empty array in matlab code give empty values and indices (rlab code keeps
% its error): the reduced dim, by default the first that is not 1, keeps extent 0 or becomes 1.
x = max([]);
disp(size(x))
% expect:    0   0
[m, i] = min(zeros(0, 1));
disp([size(m), size(i)])
% expect:    0   1   0   1
disp(size(max(zeros(3, 0))))
% expect:    1   0
disp(size(max(zeros(1, 0))))
% expect:    1   0
disp(size(max(zeros(0, 3))))
% expect:    0   3
disp(size(min(zeros(0, 3), [], 2)))
% expect:    0   1
disp(size(max(zeros(0, 0), [], 2)))
% expect:    0   0
% A slice of NaN only gives NaN at index 1 in matlab code, as MATLAB's max does.
[m, i] = max([NaN 1; NaN NaN]);
disp([m, i])
% expect:    NaN     1     1     1
[a, b] = min([NaN NaN NaN]);
disp([a b])
% expect:    NaN     1
disp(size(max(NaN(2, 2, 2), [], 3)))
% expect:    2   2
