% Arguments MATLAB refuses are refused with a message, never taken silently.
try, median(1, ones(2, 2)); catch e, disp(e.message); end
% expect: median: vecdim must hold distinct positive integers
try, sortrows([3 1; 2 4], ones(2, 2)); catch e, disp(e.message); end
% expect: sortrows: the columns must be a vector
try, rng(0, 'foobar'); catch e, disp(e.message); end
% expect: rng: unknown random number generator "foobar"
try, rng('default', 'twister'); catch e, disp(e.message); end
% expect: rng: rng("default") takes no generator
rng(0, 'twister'); disp('twister named: the stream is llmlab''s')
% expect: twister named: the stream is llmlab's
