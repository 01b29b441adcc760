% struct in matlab code takes a cell of texts as a cell (one element per text; {} gives an
% empty struct array) and struct([]) is an empty struct array, as MATLAB does (issue #26).
% Values as Octave 7.3 prints them.
s = struct('a', {}, 'b', {});
disp(double(isempty(s)))                 % expect: 1
t = struct('name', {'x', 'y'});
disp(numel(t)), disp(t(2).name)
% expect: 2
% expect: y
disp(double(isempty(struct([]))))        % expect: 1
