% MATLAB's legacy generator controls cannot be honoured (llmlab's stream is rustlab's): a clear
% error, never numbers from another generator.
rng(3); a = rand(1, 2); rng(3); b = rand(1, 2);
disp(isequal(a, b))            % expect: 1
rand('twister', 5);
% expect error: rand: rand("twister", ...) names MATLAB's legacy generator, whose numbers llmlab cannot give (its stream is rustlab's, rng.md); seed the stream with rng(s) or seed(s) instead
