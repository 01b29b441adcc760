% Arguments MATLAB rejects are errors in matlab code too (issue #26), never a silent answer:
% eig takes double or single matrices and then option strings; meshgrid takes vectors; eps is
% the spacing of double or single numbers; primes(NaN) has no answer.
check(@() eig(false))                    % expect: eig: A and B must be double or single matrices
check(@() eig([1 2; 2 3], [1 2; 2 3], 1)) % expect: eig: options after A and B must be strings
check(@() meshgrid(ones(2, 2), 1:3))     % expect: meshgrid: X and Y must be vectors
check(@() eps(uint8(1)))                 % expect: eps: X must be double or single
check(@() primes(NaN))                   % expect: primes: n must be a number, got NaN
disp(size(eig([2 0; 0 3], 'vector')))    % expect:    2   1

function check(f)
  try
    f();
    disp('no error');
  catch err
    disp(err.message);
  end
end
