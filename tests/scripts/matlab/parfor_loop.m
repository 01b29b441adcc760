% parfor runs as a for loop (issue #26): the iterations in order on one thread, one valid
% schedule of a parfor; the parenthesised form's worker count is accepted. Octave 7.3 prints
% the same.
total = 0;
parfor k = 1:4
  total = total + k;
end
disp(total)                        % expect: 10
squares = zeros(1, 3);
parfor (k = 1:3, 2)
  squares(k) = k^2;
end
disp(squares)                      % expect:    1   4   9
