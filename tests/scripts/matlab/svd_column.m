% svd in matlab code gives the singular values as a column and takes svd(A, 0) for the economy
% size, as MATLAB does (issue #26). Values as Octave 7.3 prints them.
printf('%.4f\n', svd([1 2; 2 1]))
% expect: 3.0000
% expect: 1.0000
disp(size(svd([1 2; 2 1])))              % expect:    2   1
[u, s, v] = svd([1 2 3; 4 5 6], 0);
disp(size(u)), disp(size(s)), disp(size(v))
% expect:    2   2
% expect:    2   3
% expect:    3   3
