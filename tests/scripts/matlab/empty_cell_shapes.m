% Empty cells keep MATLAB's extents in matlab code (issue #26): cell(1, 0) is 1×0, fieldnames
% of a struct without fields is 0×1, regexp's outputs for no match are 1×0 and a match without
% groups has cell(1, 0) tokens, and an empty union of texts is a 0×1 cell.
disp(size(cell(1, 0)))                   % expect:    1   0
disp(size(cell(0, 3)))                   % expect:    0   3
disp(size(fieldnames(struct())))         % expect:    0   1
[s, e, te, m, t] = regexp(' No Match ', 'f(.*)uck');
disp([size(s), size(te), size(m), size(t)]) % expect:    1   0   1   0   1   0   1   0
t = regexp('OCTAVE', '[VOCT]*', 'tokens');
disp(size(t{1}))                         % expect:    1   0
disp(size(union({}, [])))                % expect:    0   1
