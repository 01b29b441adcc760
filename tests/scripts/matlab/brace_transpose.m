% A quote right after a closing brace is a transpose, as after ) and ] (c{k}' is the element's
% transpose, MATLAB's reading), not the start of a text.
c = {[1 2 3], [4; 5]};
disp(c{1}')
% expect:    1
% expect:    2
% expect:    3
disp(c{2}')                              % expect:    4   5
