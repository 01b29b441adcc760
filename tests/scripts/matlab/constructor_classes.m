% Constructors take MATLAB's trailing class name or "like" (issue #26): the sizes make the
% array, the class converts it. Sizes and classes as Octave 7.3 prints them.
x = zeros(2, 3, "single");
disp(size(x))                        % expect:    2   3
disp(class(ones(2, "logical")))      % expect: logical
disp(class(zeros(2, "like", true)))  % expect: logical
disp(size(eye(2, 3, "double")))      % expect:    2   3
disp(size(zeros(3, "single")))       % expect:    3   3
disp(size(Inf(2, "single")))         % expect:    2   2
disp(size(NaN(1, 2, "double")))      % expect:    1   2
% a name that is no class is an error (Octave: "invalid data type specified")
zeros(2, "foo")                      % expect error: unknown class "foo"
