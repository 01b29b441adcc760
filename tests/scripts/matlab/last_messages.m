% lastwarn and lasterr give the text of the last warning shown and of the last error a try
% statement caught; lastwarn(msg) and lasterr(msg) set them (issue #26). Values as Octave 7.3
% prints them.
lastwarn('');
disp(isempty(lastwarn()))                % expect: 1
warning('careful now');
disp(lastwarn())                         % expect: careful now
try
  error('it broke');
catch
end
disp(lasterr())                          % expect: it broke
lasterr('reset');
disp(lasterr())                          % expect: reset
