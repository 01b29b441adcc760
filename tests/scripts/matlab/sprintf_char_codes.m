% A char argument that meets a numeric conversion is its character codes, one argument each
% (MATLAB's and Octave's sprintf); %s still takes a whole char argument.
disp(sprintf('%d', 'A'))
% expect: 65
disp(sprintf('%d,', 'abc'))
% expect: 97,98,99,
disp(sprintf('%s=%d;', 'x', 5))
% expect: x=5;
disp(sprintf('%d %s', 'ab', 'cd'))
% expect: 97 b99 d
disp(sprintf('%5.1f|', 'A'))
% expect:  65.0|
