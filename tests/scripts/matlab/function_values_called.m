% Anonymous functions as elements of a cell literal, and function values called where an
% expression gives them: c{k}(x), s.f(x). The space after @(x) starts the body, never a new
% element. Values as Octave 7.3 prints them.
c = {@(x) x + 1, @(x) 2 * x, @(z) max(z, 2)};
disp(numel(c))                % expect: 3
disp(c{2}(3))                 % expect: 6
disp(c{3}(1))                 % expect: 2
m = {@(x) x, 5};
disp(class(m{2}))             % expect: double
s.f = @(x) x .^ 2;
disp(s.f(3))                  % expect: 9
g = @() 7;
h = {g};
disp(h{1}())                  % expect: 7
v = [1 2 3];
disp(numel([v(1) v(2)]))      % expect: 2
c{1}{2}                       % expect error: brace indexing needs a cell array, got lambda
