% interp1's pchip, cubic and spline methods, extrapolation, a matrix of columns and complex
% samples (issue #26); values printed by GNU Octave 7.3.
x = [1 2 4 5]; y = [1 3 2 6];
fprintf('%.12f ', interp1(x, y, [1.5 3 4.5], 'pchip')); fprintf('\n')
% expect: 2.354166666667 2.500000000000 3.312500000000 
fprintf('%.12f ', interp1(x, y, [1.5 3 4.5], 'spline')); fprintf('\n')
% expect: 2.572916666667 2.166666666667 3.260416666667 
fprintf('%g ', interp1(x, y, [0 6], 'cubic', 'extrap')); fprintf('\n')
% expect: -0.333333 8 
fprintf('%g ', interp1(x, y, [0 1.5 6], '*linear', -1)); fprintf('\n')
% expect: -1 2 -1 
r = interp1(x, [y; 2*y]', [1.5; 3]);
disp(size(r))          % expect:    2   2
fprintf('%g ', r); fprintf('\n')
% expect: 2 2.5 4 5 
z = interp1(x, y + 1i*y, 3);
fprintf('%g%+gi\n', real(z), imag(z))   % expect: 2.5+2.5i
fprintf('%g ', interp1([10 20 30], [1.5 2.5])); fprintf('\n')
% expect: 15 25 
