% true and false take MATLAB's trailing class in matlab code (issue #26): "logical", or "like"
% with a logical prototype (another class is an error); isfield of anything but a struct, or
% of a name that is not text, is false.
disp(true(2, 3, 'logical'))
% expect:   1  1  1
% expect:   1  1  1
disp(size(false(2, 1, 'like', true)))    % expect:    2   1
disp(class(false(2, 1, 'like', true)))   % expect: logical
disp([isfield({1}, 'c'), isfield(struct('a', 1), 10), isfield(struct('a', 1), 'a')]) % expect:   0  0  1
true(2, 1, 'like', 1)                    % expect error: the "like" prototype must be logical
