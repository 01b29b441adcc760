function y = scaled_cube(x, scale)
  % A function file: found by its name from the script beside it.
  if nargin < 2
    scale = 1;
  end
  y = scale * x^3;
end
