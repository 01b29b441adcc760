% MATLAB's string class in matlab code (issue #26 item 3): "..." is a 1x1 string, '...' a char
% row. Octave 7.3 has no string class ("abc" is char there), so these follow MATLAB's
% documentation (string, isStringScalar, strlength, plus, disp pages).
s = "abc"
% expect: s = 
% expect:     "abc"
c = 'abc';
disp(class(s)) % expect: string
disp(class(c)) % expect: char
disp([isstring(s), ischar(s), isStringScalar(s), isstring(c), ischar(c), isStringScalar(c)])
% expect:   1  0  1  0  1  0
disp(size(s)) % expect:    1   1
disp([numel(s), length(s), strlength(s), numel(c)]) % expect:    1   1   3   3
disp(isempty("")) % expect: 0
disp(strlength("")) % expect: 0
disp(s) % expect: abc
t = "say ""hi"""
% expect: t = 
% expect:     "say "hi""
% + joins, a number as num2str writes it.
disp("a" + "b") % expect: ab
disp("x" + 1) % expect: x1
disp("temperature is " + (71 - 32) / 1.8 + "C") % expect: temperature is 21.6667C
% Comparisons compare whole strings, not characters.
disp(["abc" == "abc", "abc" == "abd", "ab" ~= "abc", "a" < "b", "b" <= "a"]) % expect:   1  0  1  1  0
disp("abc" == 'abc') % expect: 1
switch "two"
  case "one"
    disp(1)
  case "two"
    disp(2) % expect: 2
end
fprintf("%s|%d\n", "abc", 7) % expect: abc|7
x = sprintf("%d-%d", 1, 2);
disp(class(x)) % expect: string
disp(class(sprintf('%d', 1))) % expect: char
disp(class(num2str(5))) % expect: char
disp(strcmp("a", 'a')) % expect: 1
s - 1
% expect error: this operator is not defined for strings
