% hex2dec and bin2dec of a cell of texts give a column in matlab code (issue #26, MATLAB's
% shape). Values as Octave 7.3 prints them.
disp(hex2dec({'A1', '1A'}))
% expect:    161
% expect:     26
disp(bin2dec({'1110', '1111'})')         % expect:    14   15
