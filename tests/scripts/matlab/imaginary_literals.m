% The matlab dialect's imaginary literals (language.md §14): 3i, 2j, 2.5e-3j, 1I, 1J, with
% MATLAB's narrowing of complex results whose imaginary part is 0. A .m file is matlab.
z = 3 + 2i;
fprintf('%g %g\n', real(z), imag(z))              % expect: 3 2
fprintf('%g %g\n', abs(3 + 4j), angle(1i) * 2 / pi) % expect: 5 1
x = 2.5e-3j;
fprintf('%g %g\n', real(x), imag(x) * 1000)       % expect: 0 2.5
y = 1I + 1J;
fprintf('%g\n', imag(y))                          % expect: 2
b = conj(z);
fprintf('%g %g\n', real(b), imag(b))              % expect: 3 -2
% i·i is the real -1, 0i is real, a literal with a non-zero part is not
fprintf('%d %d %d %d\n', isreal(1i * 1i), isreal(0i), isreal(z), isreal(2 - 2i + 2i)) % expect: 1 1 0 1
fprintf('%g\n', 1i * 1i)                          % expect: -1
fprintf('%d %d\n', z == 3 + 2j, z ~= 3 - 2j)      % expect: 1 1
% complex matrices: the literal is an element like any number
a = [1+2i, 3 4i];
fprintf('%d %d\n', size(a))                       % expect: 1 3
fprintf('%g ', imag(a)); fprintf('\n')            % expect: 2 0 4
fprintf('%d\n', isreal(a - [2i 0 4i]))            % expect: 1
% i and j are the imaginary unit until assigned; a literal is always imaginary
fprintf('%g\n', imag(2 * i + j))                  % expect: 3
i = 5;
fprintf('%g %g\n', real(i + 1i), imag(i + 1i))    % expect: 5 1
