% Questions about a matrix's structure; each expected line was printed by GNU Octave 7.3.
printf('%d', isdiag(eye(3)), isdiag([1 1]), isdiag([]), isdiag('ab'), isdiag(zeros(2,2,2))); printf('\n')
printf('%d', istriu([1 2; 0 3]), istriu([1 0; 2 3]), istriu([1 1]), istriu([1; 1])); printf('\n')
printf('%d', istril([1 2; 0 3]), istril([1 0; 2 3]), istril([1 1]), istril([1; 1])); printf('\n')
A = [2 3 0 0; 1 2 3 0; 0 1 2 3; 0 0 1 2];
printf('%d', isbanded(A, 1, 1), isbanded(A, 0, 1), isbanded(A, 1, 0), isbanded(1i * eye(3), 0, 0)); printf('\n')
printf('%d', issymmetric([1 2; 2 1]), issymmetric([1 2]), issymmetric([1, 2i; 2i, 1]), issymmetric([0 2; -2 0], 'skew')); printf('\n')
printf('%d', issymmetric([1, 2.1; 2, 1.1], 0.2), issymmetric('t'), issymmetric(['te'; 'et']), issymmetric('test')); printf('\n')
printf('%d', ishermitian([1, -2i; 2i, 1]), ishermitian([1, 2i; 2i, 1]), ishermitian([0, 2i; 2i, 0], 'skew'), ishermitian({1})); printf('\n')
printf('%d', issymmetric([0, 2; -2, eps], 'skew'), issymmetric([0, 2; -2, eps], 'skew', eps)); printf('\n')
try, isbanded(1, -1, 1); catch e, disp(e.message); end
% expect: 10100
% expect: 1010
% expect: 0101
% expect: 1001
% expect: 1011
% expect: 1110
% expect: 1010
% expect: 01
% expect: isbanded: LOWER and UPPER must be non-negative integers
