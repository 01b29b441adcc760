% An exact zero among real non-integers displays as 0 in format short, as MATLAB
% prints it; complex elements keep their parts' decimals (issue #26). Values as Octave 7.3
% prints them.
disp([0 0.5 1])                          % expect:         0   0.5000   1.0000
disp([0.25; 0])
% expect:    0.2500
% expect:         0
disp([1.5 0 2; 0 0.25 0])
% expect:    1.5000        0   2.0000
% expect:         0   0.2500        0
