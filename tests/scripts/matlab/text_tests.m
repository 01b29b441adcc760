% startsWith, endsWith and contains in matlab code take a cell of patterns (true where any
% matches) and "IgnoreCase", tf, as MATLAB does (issue #26). Values as Octave 7.3 prints them.
disp(double(startsWith({'lab work.pptx', 'myFile.odt', 'data.txt'}, {'lab', 'data'})))
% expect:    1   0   1
disp(double(endsWith({'a.txt', 'b.odt', 'c.TXT'}, '.txt', 'IgnoreCase', true)))
% expect:    1   0   1
disp(double(startsWith('DATASHEET', 'data', 'IgnoreCase', true))) % expect: 1
disp(double(endsWith('report.pdf', {'.doc', '.pdf'}))) % expect: 1
