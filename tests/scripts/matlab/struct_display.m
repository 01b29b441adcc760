% A struct and a struct array echo in MATLAB's layout in matlab code (llmlab's compact spacing:
% no blank lines), whatever their fields hold; a char field shows in single quotes.
st.a = 1; st.b = 'x';
st
% expect: st =
% expect: struct with fields:
% expect:     a: 1
% expect:     b: 'x'
disp(struct('long_name', [1 2 3]))
% expect: struct with fields:
% expect:     long_name: [1×3 double]
s = struct('a', {1, 2}, 'b', 0)
% expect: s =
% expect: 1×2 struct array with fields:
% expect:     a
% expect:     b
format long
p.x = pi
% expect: p =
% expect: struct with fields:
% expect:     x: 3.141592653589793
q.v = [1 2]; q.v(2) = 5
% expect: q =
% expect: struct with fields:
% expect:     v: [1×2 double]
