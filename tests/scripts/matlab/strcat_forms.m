% strcat in matlab code drops the trailing whitespace of each char argument (not of a cell's
% texts), takes numbers as character codes, and strcat() is '' (issue #26). Values as Octave
% 7.3 prints them.
disp(['[' strcat('ab ', 'cd ') ']'])     % expect: [abcd]
c = strcat({'ab '}, 'cd ');
disp(['[' c{1} ']'])                     % expect: [ab cd]
c = strcat('ab ', {'cd '});
disp(['[' c{1} ']'])                     % expect: [abcd ]
disp(double(strcat(65, 66)))             % expect:    65   66
disp(isempty(strcat()))                  % expect: 1
