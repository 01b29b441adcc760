% MATLAB's string arrays (issue #26 item 3): [ ] of strings makes one (a char or number beside a
% string becomes a string), s(k) is a string, s{k} its char row, and writing past the end grows
% the array. MATLAB fills new elements with <missing>, which llmlab lacks: it fills "". Octave
% 7.3 has no string class, so the layout follows MATLAB's documentation (MATLAB also pads the
% last column; llmlab ends a line at its last text).
t = ["a", "bc", "def"]
% expect: t = 
% expect:   1×3 string array
% expect:     "a"    "bc"    "def"
disp(size(["a"; "b"])) % expect:    2   1
m = ["Mercury" "Gemini" "Apollo"; "Skylab" "Skylab B" "ISS"]
% expect: m = 
% expect:   2×3 string array
% expect:     "Mercury"    "Gemini"      "Apollo"
% expect:     "Skylab"     "Skylab B"    "ISS"
disp(size(m)) % expect:    2   3
disp([numel(m), length(m)]) % expect:    6   3
v = ["x", 'yz', 3];
disp(class(v)) % expect: string
disp(v(2)) % expect: yz
disp(v(3)) % expect: 3
a = t(2);
disp(class(a)) % expect: string
b = t{2};
disp(class(b)) % expect: char
disp(size(b)) % expect:    1   2
disp(m(2, 2)) % expect: Skylab B
disp(m(:, 1))
% expect:     "Mercury"
% expect:     "Skylab"
disp(t(end)) % expect: def
t(5) = "x";
disp(size(t)) % expect:    1   5
disp(strlength(t)) % expect:    1   2   3   0   1
t(4) = [];
disp(t) % expect:     "a"    "bc"    "def"    "x"
disp(t == "bc") % expect:   0  1  0  0
disp(["a" "b"] + ["c" "d"]) % expect:     "ac"    "bd"
disp(strlength(m))
% expect:    7   6   6
% expect:    6   8   3
c = {"a", "b"};
disp(class(c)) % expect: cell
disp(class(c{1})) % expect: string
g = strings(2, 3);
disp(size(g)) % expect:    2   3
disp(g(1) == "") % expect: 1
for w = ["ab" "c"]
  fprintf("%s:%s ", class(w), w);
end
fprintf("\n") % expect: string:ab string:c 
for w = "abc"
  disp(w) % expect: abc
end
r.name = "Ada";
r.tags = ["x" "y"];
r
% expect: r =
% expect: struct with fields:
% expect:     name: "Ada"
% expect:     tags: [1×2 string]
["a" "b"; "c"]
% expect error: horizontal dimensions mismatch (2 vs 1 columns)
