% MException, throw and rethrow (issue #26): an error as a value, raised and caught with its
% identifier and message, as MATLAB documents them (Octave 7.3 has no MException).
ME = MException('lab:badRate', 'learning rate %g is too large', 5);
disp(ME.identifier)
% expect: lab:badRate
try
  throw(ME)
catch err
  disp(err.message)
end
% expect: learning rate 5 is too large
try
  try
    error('inner:id', 'first failure');
  catch inner
    rethrow(inner)
  end
catch outer
  disp(outer.identifier)
end
% expect: inner:id
throw(5)   % expect error: throw: argument 1 must be an error
