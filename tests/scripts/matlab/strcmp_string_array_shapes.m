% strcmp, strcmpi and strncmp of an R×C string array give a logical array of its shape
% (MATLAB's rule); a row of strings gives a row.
s = ["ab"; "cd"; "ab"];
disp(size(strcmp(s, "ab")))
disp(strcmp(s, "ab")')
disp(size(strcmpi(["AB", "cd"], "ab")))
disp(size(strncmp(["ax" "bx"; "ay" "by"], "a", 1)))
disp(strncmp(["ax" "bx"; "ay" "by"], "a", 1))
% expect:    3   1
% expect:   1  0  1
% expect:    1   2
% expect:    2   2
% expect:   1  0
% expect:   1  0
