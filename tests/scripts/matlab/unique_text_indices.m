% unique of texts in matlab code gives its index outputs as columns, and sort of a logical
% number stays logical, as MATLAB does (issue #26). Values as Octave 7.3 prints them.
[u, i, j] = unique({'b', 'a', 'b'});
disp(size(i)), disp(size(j)), disp(j')
% expect:    2   1
% expect:    3   1
% expect:    2   1   2
disp(class(sort(true)))                  % expect: logical
