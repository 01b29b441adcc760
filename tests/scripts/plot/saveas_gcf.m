% MATLAB's figure staples: gcf names the current figure, saveas and exportgraphics write a
% figure by its handle (saveas appends a format to a name without an extension), and drawnow
% and shg have nothing to do before the script ends.
plot(1:3);
h = gcf;
file = [tempname() '.svg'];
saveas(h, file);
disp(exist(file, 'file'))
% expect: 2
unlink(file);
stem = tempname();
saveas(gcf, stem, 'svg');
disp(exist([stem '.svg'], 'file'))
% expect: 2
unlink([stem '.svg']);
drawnow
shg
saveas(99, file)
% expect error: saveas_gcf.m:18:1: error: saveas: no figure has handle 99
