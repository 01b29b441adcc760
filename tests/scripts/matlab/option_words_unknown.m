% An unknown option word keeps each builtin family's own clear error, whatever its case: any
% letter case is accepted only for the builtin's own words.
try, norm([1 2; 3 4], 'Frob'); catch e, disp(e.message); end
% expect: norm: unknown norm type "Frob" (1, 2, Inf, -Inf or "fro")
try, cond([1 2; 3 4], 'FROB'); catch e, disp(e.message); end
% expect: cond: unknown norm type "FROB" (expected "fro" or "inf")
try, qr([1 2; 3 4], 'Economy'); catch e, disp(e.message); end
% expect: qr: option must be 0 or "econ"
try, rng('Defaults'); catch e, disp(e.message); end
% expect: rng: expected a seed, "default" or "shuffle", got "Defaults"
try, rng(1, 'Twisted'); catch e, disp(e.message); end
% expect: rng: unknown random number generator "Twisted"
try, interp1([1 2], [1 2], 1.5, 'Lineal'); catch e, disp(e.message); end
% expect: interp1: method must be "linear", "nearest", "previous", "next", "pchip", "cubic" or "spline", got "lineal"
try, regexp('a', 'a', 'Matches'); catch e, disp(e.message); end
% expect: regexp: unsupported option "Matches" (match, start, end, tokenExtents, tokens, names, split, once, emptymatch, ignorecase, dotall, lineanchors)
try, ismember([1 2], [1 2], 'Row'); catch e, disp(e.message); end
% expect: ismember: invalid option: Row
try, more('Of'); catch e, disp(e.message); end
% expect: more: expected "on" or "off", got "Of"
try, fclose('Any'); catch e, disp(e.message); end
% expect: fclose: expected a file id or "all"
try, cast(1, 'Likes', int8(1)); catch e, disp(e.message); end
% expect: cast: expected cast(x, class) or cast(x, "like", y)
try, sum([1 2], 'Natives'); catch e, disp(e.message); end
% expect: sum: argument 2: expected scalar, got string
try, cellfun(@(z) z, {1}, 'Uniform_Output', 1); catch e, disp(e.message); end
% expect: cellfun: unknown option 'Uniform_Output' (options: 'UniformOutput', 'ErrorHandler')
try, fid = fopen('option_words_unknown.txt', 'w'); fseek(fid, 0, 'End'); catch e, disp(e.message); end
% expect: fseek: origin must be "bof", "cof", "eof", -1, 0 or 1
fclose('ALL');
% warning's "all" is a word too, in any case; a warning identifier keeps its case.
lastwarn('');
warning('OFF', 'ALL'); warning('x:y', 'hidden'); disp(isempty(lastwarn))
% expect: 1
warning('On', 'All'); warning('x:y', 'shown'); disp(lastwarn)
% expect: shown
% startsWith/endsWith/contains read "IgnoreCase" as any name/value name: any case, or a unique
% start of it ("I", "iG" in Octave's tests); another name is the shared unknown-option error.
disp([endsWith('hello', 'LO', 'i', 5), startsWith('HELLO', 'he', 'iG', 0), contains('ab', 'B', 'IGNORECASE', true)])
% expect:   1  0  1
try, endsWith('hello', 'lo', 'Case', true); catch e, disp(e.message); end
% expect: endsWith: unknown option 'Case' (options: 'IgnoreCase')
try, startsWith('hello', 'he', 'IgnoreCase'); catch e, disp(e.message); end
% expect: startsWith: option 'IgnoreCase' needs a value
