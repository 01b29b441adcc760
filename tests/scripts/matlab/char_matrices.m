% Character matrices in the matlab dialect (issue #26): text of several rows, as MATLAB has
% them. A text of one row stays the text it always was; ['ab'; 'cd'] is a 2x2 char. Values as
% Octave 7.3 prints them (without its blank lines), except where MATLAB's documentation differs
% (an empty char shows its extents, as MATLAB's "2×0 empty char array", where Octave shows
% nothing; the last line: MATLAB refuses rows of different lengths, Octave pads them).
A = ['ab'; 'cd']
% expect: A =
% expect: ab
% expect: cd
disp(size(A))                        % expect:    2   2
disp(class(A))                       % expect: char
printf('%d %d %d\n', ischar(A), isnumeric(A), ischar('x'));  % expect: 1 0 1
B = char('a', 'bcd')
% expect: B =
% expect: a
% expect: bcd
disp(size(char({'a', 'bcd'})))       % expect:    2   3
C = char({'a'; 'bcd'}, 'xy')
% expect: C =
% expect: a
% expect: bcd
% expect: xy
x = 'abc';
D = x'
% expect: D =
% expect: a
% expect: b
% expect: c
disp(size(D))                        % expect:    3   1
E = num2str([1; 22])
% expect: E =
% expect:  1
% expect: 22
disp(size(E))                        % expect:    2   2
F = strvcat('a', '', 'bcd')
% expect: F =
% expect: a
% expect: bcd
disp(size(char('a', '', 'bcd')))     % expect:    3   3
c = cellstr(B);
disp(size(c))                        % expect:    2   1
printf('[%s] [%s]\n', c{1}, c{2});   % expect: [a] [bcd]
r = A(2, :)                          % expect: r = cd
disp(class(r))                       % expect: char
k = A(:, 1)
% expect: k =
% expect: a
% expect: c
disp(double(A))
% expect:     97    98
% expect:     99   100
disp(A == 'a')
% expect:   1  0
% expect:   0  0
disp(A + 1)
% expect:     98    99
% expect:    100   101
disp(class(A + 1))                   % expect: double
U = upper(A)
% expect: U =
% expect: AB
% expect: CD
L = lower(['AB'; 'Cd'])
% expect: L =
% expect: ab
% expect: cd
disp(isspace(B))
% expect:   0  1  1
% expect:   0  0  0
T = strtrim(['  a '; ' bc '])
% expect: T =
% expect:  a
% expect: bc
G = deblank(['a  '; 'bc '])
% expect: G =
% expect: a
% expect: bc
disp(isequal(deblank(['  '; '  ']), ''))  % expect: 1
S = sortrows(['cd'; 'ab'; 'ba'])
% expect: S =
% expect: ab
% expect: ba
% expect: cd
M = [A; 'ef']
% expect: M =
% expect: ab
% expect: cd
% expect: ef
N = [A, A]
% expect: N =
% expect: abab
% expect: cdcd
P = repmat('ab', 2, 1)
% expect: P =
% expect: ab
% expect: ab
Q = reshape('abcd', 2, 2)
% expect: Q =
% expect: ac
% expect: bd
disp(A')
% expect: ac
% expect: bd
disp(fliplr(A))
% expect: ba
% expect: dc
disp(A(:)')                          % expect: acbd
disp(A(:, 2)')                       % expect: bd
R = rot90(['ab'; 'cd'])
% expect: R =
% expect: bd
% expect: ac
disp(permute(['ab'; 'cd'], [2 1]))
% expect: ac
% expect: bd
n1 = num2str([1 2; 3 4])
% expect: n1 =
% expect: 1  2
% expect: 3  4
n2 = num2str([1.5 2; 3 4])
% expect: n2 =
% expect: 1.5           2
% expect:   3           4
n3 = num2str([-10 2; 3 4])
% expect: n3 =
% expect: -10   2
% expect:   3   4
n4 = num2str([1 NaN; Inf 4])
% expect: n4 =
% expect:   1  NaN
% expect: Inf    4
n5 = num2str([1 2; 3 4], '%d')
% expect: n5 =
% expect: 12
% expect: 34
n6 = num2str([1 2; 3 4], '%5.1f')
% expect: n6 =
% expect: 1.0  2.0
% expect: 3.0  4.0
n7 = num2str([pi -2; 3 4], 4)
% expect: n7 =
% expect: 3.142         -2
% expect:     3          4
n8 = num2str([1.5 -2.25 3])          % expect: n8 = 1.5       -2.25           3
n9 = num2str([Inf NaN -Inf])         % expect: n9 = Inf  NaN -Inf
i1 = int2str([1.4 2; 3 4])
% expect: i1 =
% expect: 1  2
% expect: 3  4
disp(strcmp(A, ['ab'; 'cd']))        % expect: 1
disp(strcmp(A, 'ab'))                % expect: 0
disp(numel(A))                       % expect: 4
A(2, :) = 'xy'
% expect: A =
% expect: ab
% expect: xy
A(1, 1) = 65
% expect: A =
% expect: Ab
% expect: xy
A(1, :) = []                         % expect: A = xy
disp(class(A))                       % expect: char
z = ['abc'; '']                      % expect: z = abc
v = vertcat('ab', 'cd')
% expect: v =
% expect: ab
% expect: cd
w = cat(1, 'x', 'y')
% expect: w =
% expect: x
% expect: y
d = [65 66; 'ab']
% expect: d =
% expect: AB
% expect: ab
e = ['a'; 66]
% expect: e =
% expect: a
% expect: B
fprintf('%s\n', ['ab'; 'cd']);       % expect: acbd
nc = num2cell('ab');
printf('%s %s %d\n', nc{2}, class(nc{1}), numel(nc));  % expect: b char 2
so = sort(['db'; 'ca'])
% expect: so =
% expect: ca
% expect: db
un = unique(['ba'; 'ab'])'         % expect: un = ab
sc = strcat(['a '; 'bb'], 'c')
% expect: sc =
% expect: ac
% expect: bbc
disp(size(strcat(['ab '; 'cde'], 'x')))  % expect:    2   4
disp(isequal(char(zeros(0, 0)), ''))      % expect: 1
sj = strjust(['a  '; 'bb '], 'center')
% expect: sj =
% expect:  a
% expect: bb
db = dec2bin([1 2; 3 4])
% expect: db =
% expect: 001
% expect: 011
% expect: 010
% expect: 100
disp(bin2dec(['101'; '011'])')       % expect:    5   3
cc = char({100, [], {'ef'}})
% expect: cc =
% expect: d
% expect:
% expect: ef
W = ['ab'; 'cd'];
W(W == 'a') = 'z';
W(3, 3) = 'x';
disp(double(W))
% expect:    122    98     0
% expect:     99   100     0
% expect:      0     0   120
for col = ['ab'; 'cd']
  disp(col')
end
% expect: ac
% expect: bd
disp(class([int8(1); 'a']))          % expect: char
disp(validatestring('oct', {'octave', 'Oct', 'octopus'}))  % expect: Oct
disp(validatestring('OCTA', {'octave', 'octaves'}))         % expect: octave
try
  validatestring('abc', {'abc1', 'abc2'});
catch err
  disp(err.message)  % expect: validatestring: 'abc' begins more than one valid option: abc1, abc2
end
e0 = repmat('ab', 2, 0)              % expect: e0 = 2×0 empty char array
ra = 'a':'e'                         % expect: ra = abcde
rb = 'a':2:'g'                       % expect: rb = aceg
disp(class('a':100))                 % expect: char
for ch = 'x':'z'
  fprintf('%s.', ch);
end
fprintf('\n');                       % expect: x.y.z.
nk = nchoosek('a':'c', 2)
% expect: nk =
% expect: ab
% expect: ac
% expect: bc
bad = ['a'; 'bc']
% expect error: dimensions of arrays being concatenated are not consistent (1x1 vs 1x2)
