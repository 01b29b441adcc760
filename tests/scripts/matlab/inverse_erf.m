% erfinv and erfcinv invert erf and erfc to full precision (erfcinv keeps the digits of erfc's
% far tail); asinh, acosh and atanh of real numbers (issue #26). Values as Octave 7.3 prints
% them.
printf('%.12f\n', erfinv([0 0.5 -0.9]))
% expect: 0.000000000000
% expect: 0.476936276204
% expect: -1.163087153677
disp(max(abs(erf(erfinv([-0.999 -0.99 0.9999 0.99999])) - [-0.999 -0.99 0.9999 0.99999])) <= eps)
% expect: 1
disp(max(abs(erfc(erfcinv([0.001 0.01 1.9999 1.99999])) - [0.001 0.01 1.9999 1.99999])) <= eps)
% expect: 1
% (Octave 7.3's erfcinv(1e-10) is 2.5e-8 off in relative terms; llmlab's is exact here.)
disp(abs(erfc(erfcinv(1e-10)) - 1e-10) < 1e-20) % expect: 1
printf('%g ', [erfinv(1), erfinv(-1), erfcinv(0), erfcinv(2)]); printf('\n') % expect: Inf -Inf Inf -Inf
printf('%.10f %.10f %.10f\n', asinh(1), acosh(2), atanh(0.5))
% expect: 0.8813735870 1.3169578969 0.5493061443
