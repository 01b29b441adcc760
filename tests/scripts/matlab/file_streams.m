% MATLAB's file streams (issue #26): fopen, fprintf to a file id, fgetl, fgets, fseek, ftell,
% feof, fclose, tempname and unlink. Octave 7.3 prints the same.
f = tempname();
fid = fopen(f, 'w+');
disp(fid >= 3)
% expect: 1
fprintf(fid, '%d,%d\n', [1 2; 3 4]);
fputs(fid, 'last line');
disp(ftell(fid))
% expect: 17
fseek(fid, 0, 'bof');
a = fgetl(fid)
% expect: a = 1,3
b = fgets(fid);
disp(double(b(end)))
% expect: 10
c = fgetl(fid)
% expect: c = last line
d = fgetl(fid)
% expect: d = -1
disp(feof(fid))
% expect: 1
frewind(fid);
disp(feof(fid))
% expect: 0
[name, mode] = fopen(fid);
disp(strcmp(name, f))
% expect: 1
disp(mode)
% expect: w+b
disp(fclose(fid))
% expect: 0
disp(fileread(f))
% expect: 1,3
% expect: 2,4
% expect: last line
[err, msg] = unlink(f);
disp(err)
% expect: 0
[fid, msg] = fopen(f, 'r');
disp(fid)
% expect: -1
disp(msg)
% expect: No such file or directory
fclose(99)   % expect error: invalid stream number = 99
