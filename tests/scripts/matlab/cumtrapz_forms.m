% cumtrapz in matlab code takes trapz's MATLAB forms (issue #26): cumtrapz(y) along the first
% non-singleton dim, cumtrapz(y, dim), cumtrapz(x, y) with a spacing, abscissae or y's shape,
% and cumtrapz(x, y, dim); the result keeps y's shape. Values as Octave 7.3 prints them.
printf('%g ', cumtrapz([1 2 3])); printf('\n') % expect: 0 1.5 4
disp(size(cumtrapz([1; 2; 3])))          % expect:    3   1
printf('%g ', cumtrapz([1 2; 3 4; 5 6])); printf('\n') % expect: 0 2 6 0 3 8
printf('%g ', cumtrapz([1 2; 3 4; 5 6], 2)); printf('\n') % expect: 0 0 0 1.5 3.5 5.5
printf('%g ', cumtrapz(0.5, [1 2 3])); printf('\n') % expect: 0 0.75 2
printf('%g ', cumtrapz([0 1 3], [1 2 3])); printf('\n') % expect: 0 1.5 6.5
printf('%g ', cumtrapz([0 1 3], [1 2; 2 3; 3 4], 1)); printf('\n') % expect: 0 1.5 6.5 0 2.5 9.5
printf('%g ', cumtrapz(5)); printf('\n') % expect: 0
