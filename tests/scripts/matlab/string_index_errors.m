% A subscript past the end of a string array is an error worded for the string array (its
% reads go through the cell that stands for it: issue #26 item 3).
t = ["a" "b"];
disp(t(2)) % expect: b
t(5)
% expect error: index 5 out of bounds (string array has 2 elements)
