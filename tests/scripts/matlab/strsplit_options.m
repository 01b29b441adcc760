% strsplit's MATLAB forms (issue #26): whitespace by default, a logical or CollapseDelimiters
% to keep empty pieces, DelimiterType "RegularExpression" (any prefix, any case), escape
% sequences in simple delimiters, the matched delimiters as a second output. Values printed by
% GNU Octave 7.3.
c = strsplit(sprintf('a \t b\nc'));
fprintf('%s|', c{:}); fprintf('\n')                    % expect: a|b|c|
c = strsplit('a,bc,,de', ',', false);
fprintf('[%s]', c{:}); fprintf('\n')                   % expect: [a][bc][][de]
c = strsplit('road   to--hell', '[ -]', 'CollapseDelimiters', false, 'delimitertype', 'r');
fprintf('[%s]', c{:}); fprintf('\n')                   % expect: [road][][][to][][hell]
[c, m] = strsplit('The rain in Spain', {' ', 'ain'});
fprintf('[%s]', c{:}); fprintf('\n')                   % expect: [The][r][in][Sp][]
fprintf('[%s]', m{:}); fprintf('\n')                   % expect: [ ][ain ][ ][ain]
c = strsplit(sprintf('x\ty'), '\t');
fprintf('%s|', c{:}); fprintf('\n')                    % expect: x|y|
try
  strsplit('a b', ' ', 'CollapseDelimiters', true, 'Bogus', 1)
catch err
  disp(err.message)
end
% expect: strsplit: unknown option 'Bogus' (options: 'CollapseDelimiters', 'DelimiterType')
