% MATLAB's function forms and scopes in the matlab dialect (language.md §14, issue #26): local
% functions at the end of a script, called from above them; varargin and varargout; nargin(f)
% and nargout(f); global values shared by the scopes that declare them; persistent values kept
% between calls; `;;` and block comments. Expected values are what Octave 7.3 prints for the
% same code (with the functions moved above their calls, as Octave's scripts need them).
x = 1;;
;x = x + 1
% expect: x = 2
total = add_all(1, 2, 3, 4)
% expect: total = 10
add_all()
% expect: ans = 0
[a, b, c] = spread(7);
disp([a b c])
% expect:    7   8   9
[p, q] = first_then_rest(5, 6);
disp([p q])
% expect:    5   6
disp([nargin("add_all") nargout("add_all") nargin("first_then_rest") nargout("spread")])
% expect:   -1   1  -1  -1
disp(nargin(@(u, v) u + v))
% expect: 2
%{
disp("a block comment is not code")
  %{
  nested
  %}
%}
global SCALE
SCALE = 3;
disp(scaled(2))
% expect: 6
bump_scale();
disp(SCALE)
% expect: 4
counter(); counter();
disp(counter())
% expect: 3
pi
% expect: ans = 3.1416
[r1, r2] = first_then_rest(1)  % expect error: function 'first_then_rest': output 'varargout{1}' was not assigned in the body

function s = add_all(varargin)
  s = 0;
  for k = 1:nargin
    s = s + varargin{k};
  end
end

function varargout = spread(v)
  for k = 1:nargout
    varargout{k} = v + k - 1;
  end
end

function [first, varargout] = first_then_rest(varargin)
  first = varargin{1};
  varargout = varargin(2:end);
end

function y = scaled(v)
  global SCALE
  y = SCALE * v;
end

function bump_scale()
  global SCALE
  SCALE = SCALE + 1;
end

function n = counter()
  persistent calls
  if isempty(calls)
    calls = 0;
  end
  calls = calls + 1;
  n = calls;
end
