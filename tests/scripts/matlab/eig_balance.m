% eig takes MATLAB's "balance" / "nobalance" choice (any letter case), which leaves the
% eigenvalues as they are; giving both is an error (issue #26). Values as Octave 7.3 prints
% them.
printf('%g ', eig([1 2; 2 1], 'balance')); printf('\n') % expect: -1 3
printf('%g ', eig([1 2; 2 1], 'nobalance')); printf('\n') % expect: -1 3
printf('%g ', eig([1 2; 2 1], 'Balance', 'vector')); printf('\n') % expect: -1 3
eig([1 2; 2 3], 'balance', 'nobalance')  % expect error: give one of "balance" and "nobalance"
