% conv's full result in matlab code has the shape of the longer vector, the second on a tie
% (Octave's rule; issue #26). Sizes as Octave 7.3 prints them.
x = ones(3, 1);
y = ones(1, 3);
disp(size(conv(x, y)))                   % expect:    1   5
disp(size(conv(y, x)))                   % expect:    5   1
disp(size(conv(3, x)))                   % expect:    3   1
disp(size(conv(y, 3)))                   % expect:    1   3
disp(conv([1 2], [1; 1])')               % expect:    1   3   2
