% dot of matrices works column by column (MATLAB's sum(conj(x) .* y)), conjugating the first
% operand; kron takes more than two operands; fliplr, flipud and flip reverse N-D arrays too
% (issue #26). Values as Octave 7.3 prints them.
disp(dot([2 1; 2 1], [1 2; 3 4]))        % expect:    8   6
disp(dot([1 2; 3 4], [1 2; 3 4], 2)')    % expect:     5   25
disp(dot([1i 2], [1i 2]))                % expect: 5
disp(kron([1 2], [1; 1], [1 3]))
% expect:    1   3   2   6
% expect:    1   3   2   6
a = cat(3, [1 2; 3 4], [5 6; 7 8]);
b = fliplr(a);
disp(b(:, :, 2))
% expect:    6   5
% expect:    8   7
c = flipud(a);
disp(c(:, :, 1))
% expect:    3   4
% expect:    1   2
d = flip(a, 3);
disp(d(:, :, 1))
% expect:    5   6
% expect:    7   8
