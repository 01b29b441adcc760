% N-D arrays (issue #27): constructors, size/ndims/numel/isempty, indexing with any number of
% subscripts, assignment with growth, and deletion. Every expected line is what Octave 7
% prints for the same statement.
A = zeros(2, 3, 4);
printf("%d ", size(A)); printf("\n");             % expect: 2 3 4
printf("%d %d %d\n", ndims(A), numel(A), isempty(A))   % expect: 3 24 0
B = ones([2 3 4]);
printf("%d %d\n", size(B, 3), size(B, 5))         % expect: 4 1
[r, c] = size(B); printf("%d %d\n", r, c)         % expect: 2 12
[r, c, p] = size(B); printf("%d %d %d\n", r, c, p)     % expect: 2 3 4
[r, c, p, q] = size(B); printf("%d %d %d %d\n", r, c, p, q)   % expect: 2 3 4 1
% trailing singleton dims are dropped; an empty N-D array keeps its extents
printf("%d ", size(zeros(2, 3, 1))); printf("\n")   % expect: 2 3
printf("%d ", size(zeros(2, 0, 3))); printf("\n")   % expect: 2 0 3
printf("%d\n", isempty(zeros(2, 0, 3)))           % expect: 1
printf("%d ", size(rand(2, 3, 4))); printf("\n")    % expect: 2 3 4
printf("%d ", size(randn([1 2 3 2]))); printf("\n") % expect: 1 2 3 2
printf("%d ", [size(nan(2, 1, 2)), size(inf([1 1 3]))]); printf("\n")   % expect: 2 1 2 1 1 3
T = true(2, 2, 2); printf("%d %d\n", islogical(T), ndims(T))   % expect: 1 3
F = false(1, 2, 3); printf("%d %d\n", islogical(F), numel(F))  % expect: 1 6
% reads: every subscript count, `end` in each position, linear indexing
X = zeros(2, 3, 4);
for k = 1:24
  X(k) = k;
end
printf("%d\n", X(2, 3, 4))                        % expect: 24
printf("%d\n", X(17))                             % expect: 17
printf("%d ", X(:, :, 2)); printf("\n")           % expect: 7 8 9 10 11 12
printf("%d ", size(X(:, :, 2))); printf("\n")     % expect: 2 3
printf("%d ", X(2, :, 3)); printf("\n")           % expect: 14 16 18
printf("%d ", size(X(1, 2, :))); printf("\n")     % expect: 1 1 4
printf("%d ", X(1, 2, :)); printf("\n")           % expect: 3 9 15 21
printf("%d ", size(X(:, 1, [1 3]))); printf("\n") % expect: 2 1 2
printf("%d ", [X(end, end, end), X(end), X(1, end), X(end, 1, end)]); printf("\n")   % expect: 24 24 23 20
printf("%d\n", X(2, 7))                           % expect: 14
printf("%d\n", X(1, 2, 3, 1))                     % expect: 15
M = magic(3);
printf("%d %d\n", M(2, 3, 1), M(3, 1, 1, 1))      % expect: 7 4
% writes: growth along any dim, a page at a time, a broadcast scalar
X(1, 1, 5) = 100;
printf("%d ", [size(X), X(1, 1, 5)]); printf("\n")   % expect: 2 3 5 100
X(:, :, 2) = [];
printf("%d ", [size(X), X(1, 1, 2)]); printf("\n")   % expect: 2 3 4 13
Y = zeros(2, 2);
Y(:, :, 2) = [1 2; 3 4];
printf("%d ", size(Y)); printf("%d ", Y(:, :, 2)); printf("\n")   % expect: 2 2 2 1 3 2 4
Z(2, 2, 2) = 7;
printf("%d ", [size(Z), Z(8)]); printf("\n")      % expect: 2 2 2 7
W = zeros(2, 2, 2);
W(1, :, :) = [1 2; 3 4];
printf("%d ", W); printf("\n")                    % expect: 1 0 3 0 2 0 4 0
W(:, :, :) = 5;
printf("%d ", W); printf("\n")                    % expect: 5 5 5 5 5 5 5 5
V = ones(2, 2, 2);
V(:, :, 1) = [];
printf("%d ", size(V)); printf("\n")              % expect: 2 2
printf("%d\n", ismatrix(V))                       % expect: 1
% display: Octave's page headers, each page in the matlab layout (without Octave's blank lines)
D = zeros(1, 2, 2);
D(1, 2, 2) = 5
% expect: D =
% expect: ans(:,:,1) =
% expect:    0   0
% expect: ans(:,:,2) =
% expect:    0   5
E = zeros(2, 0, 3)                                % expect: E = [](2x0x3)
% the class predicates and isequal see the elements
A = ones(2, 2, 2);
printf("%s %d %d\n", class(A), isnumeric(A), islogical(A))   % expect: double 1 0
printf("%d %d\n", isequal(A, A), isequal(A, zeros(2, 2, 2)))   % expect: 1 0
printf("%s\n", class(true(1, 1, 2)))                            % expect: logical
