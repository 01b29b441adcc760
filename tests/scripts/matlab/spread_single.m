% var and std in matlab code over slices of one element give 0, or NaN for an element that is
% not finite, as MATLAB does (issue #26). Values as Octave 7.3 prints them.
disp(double(isnan(var([1, Inf, 3], [], 1)))) % expect:    0   1   0
disp(double(isnan(std([1 NaN; 3 4], 0, 2)))') % expect:    1   0
disp(var([1 2 3], 0, 1))                 % expect:    0   0   0
disp(double(isnan(var(Inf))))            % expect: 1
