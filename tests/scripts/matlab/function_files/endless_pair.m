function y = endless_pair(x)
% A function file whose functions go without `end`, as MATLAB allows: each ends at the next.
  y = plus_one(x^2);

function z = plus_one(x)
  z = x + 1;
