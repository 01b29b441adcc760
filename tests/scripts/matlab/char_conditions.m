% A char condition in matlab code is its codes, as in MATLAB: true when not empty.
if 'a', disp('yes'), end
% expect: yes
if '', disp('e'), else, disp('empty'), end
% expect: empty
while 'x', disp('w'); break; end
% expect: w
