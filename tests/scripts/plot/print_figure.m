% print in matlab code is MATLAB's figure export: print(file), print("-dsvg", stem) with the
% format named by -d for a name without an extension; rendering options such as -r300 change
% nothing here. Without a file name it is an error.
plot(1:3);
file = [tempname() '.svg'];
print(file)
disp(exist(file, 'file'))
% expect: 2
unlink(file);
stem = tempname();
print('-dsvg', stem, '-r300')
disp(exist([stem '.svg'], 'file'))
% expect: 2
unlink([stem '.svg']);
print('-dpng')
% expect error: print_figure.m:15:1: error: print: writes a figure to a file: give its name, as print("out.png") or print("-dpng", "out")
