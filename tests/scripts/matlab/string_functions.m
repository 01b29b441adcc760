% The text functions on MATLAB's strings (issue #26 item 3): a string in gives a string out
% where MATLAB's documentation says so (upper, strrep, replace, strtrim, strcat, split, join,
% strsplit, strjoin, regexprep, sprintf with a string format, compose); conversions string,
% char, cellstr, double. Octave 7.3 has no string class: MATLAB's documentation is followed.
disp(string(42) == "42") % expect: 1
b = string([1 2.5; 3 4])
% expect: b = 
% expect:   2×2 string array
% expect:     "1"    "2.5"
% expect:     "3"    "4"
disp(string(pi)) % expect: 3.1416
disp(string({'ab', 7})) % expect:     "ab"    "7"
d = char("xyz");
disp(class(d)) % expect: char
disp(size(d)) % expect:    1   3
disp(size(char(["a" "bcd"]))) % expect:    2   3
e = cellstr(["a" "b"]);
disp(class(e)) % expect: cell
disp(class(e{2})) % expect: char
disp(double("3.5") + 1) % expect: 4.5000
disp(double(["1" "2e3"])) % expect:       1   2000
disp(class(upper("abc"))) % expect: string
disp(upper("abc")) % expect: ABC
disp(lower(["AB" "Cd"])) % expect:     "ab"    "cd"
disp(strtrim("  a ") == "a") % expect: 1
disp(strrep("aXb", "X", "-")) % expect: a-b
disp(replace(["a-b" "c-d"], "-", "+")) % expect:     "a+b"    "c+d"
disp(strcat("a ", 'b', "c")) % expect: a bc
disp(class(strcat("a", 'b'))) % expect: string
disp([contains("hello", "ell"), startsWith("abc", "ab"), endsWith("abc", "bc")]) % expect:   1  1  1
disp(startsWith(["ab" "cd"], "a")) % expect:   1  0
p = split("a b c");
disp(size(p)) % expect:    3   1
disp(class(p)) % expect: string
disp(join(["a" "b"], "-")) % expect: a-b
q = strsplit("a,b", ",");
disp(class(q)) % expect: string
disp(q) % expect:     "a"    "b"
disp(strjoin(["x" "y"], "+")) % expect: x+y
disp(class(regexprep("a1b2", "\d", "#"))) % expect: string
disp(compose("%d%%", [10 20])) % expect:     "10%"    "20%"
disp(class(compose("%d", 5))) % expect: string
disp(strcmp(["a" "b"], "a")) % expect:   1  0
fprintf("%s|", ["a" "b"]); fprintf("\n") % expect: a|b|
[sorted, order] = sort(["pear" "fig" "apple"]);
disp(sorted) % expect:     "apple"    "fig"    "pear"
disp(order) % expect:    3   2   1
disp(sort("cba")) % expect: cba
disp(unique(["b" "a" "b"])) % expect:     "a"    "b"
string(struct())
% expect error: cannot convert a struct to a string
