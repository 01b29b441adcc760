% num2str with a format trims the spaces a field width leaves, as MATLAB and Octave 7.3
% do (issue #26); the rest of the text is the format's.
disp(['[' num2str(pi, '%8.3f') ']'])      % expect: [3.142]
disp(['[' num2str(42, '%-6d') ']'])       % expect: [42]
disp(['[' num2str(-2.5, '%7.2f') ']'])    % expect: [-2.50]
