% format's mode words, read from one table in any letter case, as MATLAB reads them.
format LONG G
x = pi
% expect: x = 3.14159265358979
format ShortEng
x = pi
% expect: x = 3.1416e+00
format COMPACT
format Default
x = pi
% expect: x = 3.1416
format('Rows', 'ALL')
% expect: format: showing all rows and 8 columns
format
format Longish
% expect error: format: unknown mode 'Longish' (try short, long, hex, commas)
