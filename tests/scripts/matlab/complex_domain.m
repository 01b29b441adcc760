% MATLAB's rule in the matlab dialect (language.md §14): sqrt and the logarithms of a negative
% number, asin and acos beyond ±1 and a negative base to a fractional power give the complex
% result, not NaN (values as Octave 7.3 prints them). rlab keeps NaN (sqrt.rlab, exp_log.rlab).
z = sqrt(-4);
fprintf('%g %g\n', real(z), imag(z))                  % expect: 0 2
z = log(-1);
fprintf('%g %.6f\n', real(z), imag(z))                % expect: 0 3.141593
z = log2(-8);
fprintf('%g %.4f\n', real(z), imag(z))                % expect: 3 4.5324
z = log10(-100);
fprintf('%g %.4f\n', real(z), imag(z))                % expect: 2 1.3644
% asin and acos beyond ±1 on MATLAB's branches: asin stays odd
z = [asin(2), asin(-2), acos(2), acos(-2)];
fprintf('%.4f %.4f\n', [real(z); imag(z)])            % expect: 1.5708 -1.3170
% expect: -1.5708 1.3170
% expect: 0.0000 1.3170
% expect: 3.1416 -1.3170
% one negative element makes the whole array complex; others keep their real values
a = sqrt([-4 4 9]);
fprintf('%d %g %g %g\n', isreal(a), imag(a))          % expect: 0 2 0 0
fprintf('%g %g %g\n', real(a))                        % expect: 0 2 3
% inside the domain nothing changes: real results, -0 and -Inf as before
fprintf('%d %d %d %d\n', isreal(sqrt([4 9])), isreal(asin(0.5)), log(-0) == -Inf, 1 / sqrt(-0) == -Inf) % expect: 1 1 1 1
z = log(-Inf);
fprintf('%d %.6f\n', real(z) == Inf, imag(z))        % expect: 1 3.141593
% a negative scalar to a fractional power: the principal complex root, in a loop too (MATLAB)
z = (-8)^(1/3);
fprintf('%.4f %.4f\n', real(z), imag(z))              % expect: 1.0000 1.7321
b = -8;
for k = 1:3
  y = b^(1/3);
end
fprintf('%.4f %.4f\n', real(y), imag(y))              % expect: 1.0000 1.7321
z = (-8)^(1/3) + 1;                                   % inside a larger scalar expression
fprintf('%.4f %.4f\n', real(z), imag(z))              % expect: 2.0000 1.7321
fprintf('%g %d %g\n', (-2)^2, isreal((-2)^3), 4^0.5)  % expect: 4 1 2
% iscomplex (MATLAB): numbers and arrays with a non-zero imaginary part; never text or cells
fprintf('%d %d %d %d %d\n', iscomplex(sqrt(-1)), iscomplex(sqrt([4 -1])), iscomplex(sqrt(4)), iscomplex('a'), iscomplex({1i})) % expect: 1 1 0 0 0
