% varargin and varargout in matlab code (issue #26): a last parameter named varargin takes
% every further argument as a 1-by-N cell ({} when there are none), nargin counts them all;
% a last output named varargout gives the outputs past the named ones from its cell. Values
% as Octave 7.3 prints them.
function n = count_rest(first, varargin)
  n = [nargin, numel(varargin), size(varargin)];
end
function varargout = spread(v)
  for k = 1:nargout
    varargout{k} = v(k);
  end
end
function [a, varargout] = head_rest(v)
  a = v(1);
  varargout = num2cell(v(2:end));
end
function show(f, varargin)
  f(varargin{:});
end
disp(count_rest(1))                      % expect:    1   0   0   0
disp(count_rest(1, 'a', [2 3]))          % expect:    3   2   1   2
[x, y, z] = spread([7 8 9]);
disp([x, y, z])                          % expect:    7   8   9
[p, q] = head_rest([4 5 6]);
disp([p, q])                             % expect:    4   5
show(@disp, 42)                          % expect: 42
[p, q, r, s] = head_rest([4 5 6])        % expect error: function 'head_rest': output 'varargout{3}' was not assigned in the body
