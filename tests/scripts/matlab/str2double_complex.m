% str2double in matlab code reads complex numbers as MATLAB does (issue #26): a real and an
% imaginary term in either order (2i, 2*i, i*2, i; j too), spaces around the operators, Inf
% and NaN in any letter case. Values as Octave 7.3 prints them.
z = [str2double('2 + 3i'), str2double('i*2 + 3'), str2double('.5*i + 3.5'), str2double('-2j')];
printf('%g%+gi ', [real(z); imag(z)]); printf('\n') % expect: 2+3i 3+2i 3.5+0.5i 0-2i
z = str2double('Inf - Inf*i');
printf('%g %g\n', real(z), imag(z))      % expect: Inf -Inf
disp(str2double('1e3'))                  % expect: 1000
disp(isnan(str2double('1 2 3 4')))       % expect: 1
disp(isnan(str2double('2 + 3')))         % expect: 1
z = str2double({'2 + j', '1.25e-3', '-05'});
printf('%g%+gi ', [real(z); imag(z)]); printf('\n') % expect: 2+1i 0.00125+0i -5+0i
