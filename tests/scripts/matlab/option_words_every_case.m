% Every option word and name/value name of the builtins that take one, passed in UPPER and in
% mIxEd case, gives the lowercase call's result (MATLAB reads option words in any letter case).
% Each row: a name, a call taking the word, and the word in lowercase.
x = [3 1 NaN 2 1]; A = [4 1 0; 1 3 1; 0 1 2]; M = [1 2; 3 4; 5 6]; v = [1 -5 2];
s = 'Hello World'; c = {1, [], 'a'};
rows = {
  'sum all', @(w) sum(A, w), 'all'
  'sum omitnan', @(w) sum(x, w), 'omitnan'
  'sum includenan', @(w) isnan(sum(x, w)), 'includenan'
  'sum native', @(w) sum(int8([100 100]), w), 'native'
  'sum double', @(w) sum(single([1 2]), w), 'double'
  'sum default', @(w) sum(single([1 2]), w), 'default'
  'sum extra', @(w) sum([1 2], w), 'extra'
  'prod native', @(w) prod(int8([20 20]), w), 'native'
  'mean native', @(w) mean(int8([1 2]), w), 'native'
  'mean default', @(w) mean(int8([1 2]), w), 'default'
  'mean all', @(w) mean(A, w), 'all'
  'max omitnan', @(w) max(x, [], w), 'omitnan'
  'min all', @(w) min(A, [], w), 'all'
  'sort descend', @(w) sort(v, w), 'descend'
  'sort ascend', @(w) sort(v, w), 'ascend'
  'unique stable', @(w) unique([3 1 3], w), 'stable'
  'unique sorted', @(w) unique([3 1 3], w), 'sorted'
  'unique rows', @(w) unique([1 2; 1 2], w), 'rows'
  'unique last', @(w) second(@unique, [3 1 3], w), 'last'
  'unique first', @(w) second(@unique, [3 1 3], w), 'first'
  'union rows', @(w) union([1 2], [3 4], w), 'rows'
  'intersect stable', @(w) intersect([3 1 2], [2 3], w), 'stable'
  'setdiff stable', @(w) setdiff([3 1 2], 2, w), 'stable'
  'ismember rows', @(w) ismember([1 2], [1 2; 3 4], w), 'rows'
  'qr econ', @(w) qr(M, w), 'econ'
  'qr econ Q', @(w) second(@qr, M, w), 'econ'
  'svd econ', @(w) second(@svd, M, w), 'econ'
  'chol lower', @(w) chol(A, w), 'lower'
  'chol upper', @(w) chol(A, w), 'upper'
  'lu vector', @(w) third(@lu, A, w), 'vector'
  'eig nobalance', @(w) eig(A, w), 'nobalance'
  'eig balance', @(w) eig(A, w), 'balance'
  'eig vector', @(w) second(@eig, A, w), 'vector'
  'eig matrix', @(w) second(@eig, A, w), 'matrix'
  'norm fro', @(w) norm(A, w), 'fro'
  'norm inf', @(w) norm(A, w), 'inf'
  'norm -inf', @(w) norm(v, w), '-inf'
  'norm rows', @(w) norm(M, 2, w), 'rows'
  'norm columns', @(w) norm(M, 'fro', w), 'columns'
  'cond fro', @(w) cond(A, w), 'fro'
  'cond inf', @(w) cond(A, w), 'inf'
  'issymmetric skew', @(w) issymmetric(A, w), 'skew'
  'ishermitian nonskew', @(w) ishermitian(A, w), 'nonskew'
  'regexp match', @(w) regexp(s, 'o', w), 'match'
  'regexp once', @(w) regexp(s, 'o', 'match', w), 'once'
  'regexp ignorecase', @(w) regexp(s, 'h', 'match', w), 'ignorecase'
  'regexp names', @(w) regexp(s, '(?<w>o)', w), 'names'
  'regexp tokens', @(w) regexp(s, '(o)', w), 'tokens'
  'regexp split', @(w) regexp(s, ' ', w), 'split'
  'regexp start', @(w) regexp(s, 'o', w), 'start'
  'regexp end', @(w) regexp(s, 'o', w), 'end'
  'regexp tokenextents', @(w) regexp(s, '(o)', w), 'tokenextents'
  'regexp emptymatch', @(w) regexp('ab', 'x*', 'match', w), 'emptymatch'
  'regexp lineanchors', @(w) regexp(sprintf('a\nb'), '^b', 'match', w), 'lineanchors'
  'regexp dotexceptnewline', @(w) regexp(sprintf('a\nb'), 'a.b', 'match', w), 'dotexceptnewline'
  'regexprep ignorecase', @(w) regexprep(s, 'h', 'j', w), 'ignorecase'
  'regexprep once', @(w) regexprep(s, 'o', '0', w), 'once'
  'strjust left', @(w) strjust('  a', w), 'left'
  'strjust center', @(w) strjust('    a', w), 'center'
  'pad left', @(w) pad("a", 4, w), 'left'
  'strsplit name', @(w) strsplit('a,,b', ',', w, false), 'collapsedelimiters'
  'contains name', @(w) contains(s, 'hello', w, true), 'ignorecase'
  'rng default', @(w) seeded(w), 'default'
  'rng twister', @(w) seeded_with(w), 'twister'
  'rng simdtwister', @(w) seeded_with(w), 'simdtwister'
  'rand like', @(w) class(rand(2, w, single(1))), 'like'
  'zeros like', @(w) class(zeros(2, w, int8(1))), 'like'
  'true like', @(w) true(2, w, true), 'like'
  'cast like', @(w) class(cast(1, w, int8(1))), 'like'
  'interp1 linear', @(w) interp1([1 2 3], [1 4 9], 2.5, w), 'linear'
  'interp1 spline', @(w) interp1([1 2 3 4], [1 4 9 16], 2.5, w), 'spline'
  'interp1 pchip', @(w) interp1([1 2 3 4], [1 4 9 16], 2.5, w), 'pchip'
  'interp1 cubic', @(w) interp1([1 2 3 4], [1 4 9 16], 2.5, w), 'cubic'
  'interp1 nearest', @(w) interp1([1 2 3], [1 4 9], 2.4, w), 'nearest'
  'interp1 previous', @(w) interp1([1 2 3], [1 4 9], 2.5, w), 'previous'
  'interp1 next', @(w) interp1([1 2 3], [1 4 9], 2.5, w), 'next'
  'interp1 extrap', @(w) interp1([1 2 3], [1 4 9], 4, 'linear', w), 'extrap'
  'interp1 pp', @(w) ppval(interp1([1 2 3], [1 4 9], 'linear', w), 2.5), 'pp'
  'cellfun uniformoutput', @(w) cellfun(@isempty, c, w, false), 'uniformoutput'
  'cellfun errorhandler', @(w) cellfun(@(z) error('no'), {1}, w, @(e, z) 5), 'errorhandler'
  'arrayfun uniformoutput', @(w) arrayfun(@(z) z, [1 2], w, false), 'uniformoutput'
  'mat2str class', @(w) mat2str(int8([1 2]), w), 'class'
  'fclose all', @(w) fclose(w), 'all'
  'fseek eof', @(w) seek_to(w), 'eof'
  'fseek bof', @(w) seek_to(w), 'bof'
  'fseek cof', @(w) seek_to(w), 'cof'
  'more off', @(w) switched(@more, w), 'off'
  'warning on', @(w) switched(@warning, w), 'on'
  'norm gradient fro', @(w) gradient_of(@(z) norm(z, w), A), 'fro'
  'sum gradient all', @(w) gradient_of(@(z) sum(z .^ 2, w), A), 'all'
  'sort gradient descend', @(w) gradient_of(@(z) sum(sort(z, 2, w) .* A, 'all'), A'), 'descend'
  'layernorm gradient dim', @(w) gradient_of(@(z) sum(layernorm(z, w, 2) .* A, 'all'), A), 'dim'
  'pagemtimes transpose', @(w) gradient_of(@(z) sum(pagemtimes(z, w, A, 'none'), 'all'), A), 'transpose'
};
checked = 0;
for k = 1:size(rows, 1)
  name = rows{k, 1}; call = rows{k, 2}; word = rows{k, 3};
  expected = call(word);
  for variant = {upper(word), mixed_case(word)}
    got = call(variant{1});
    checked = checked + 1;
    if ~isequal(got, expected), fprintf('differs: %s with "%s"\n', name, variant{1}); end
  end
end
fprintf('%d calls checked\n', checked);
% expect: 186 calls checked

function w = mixed_case(word)
  w = word;
  w(1:2:end) = upper(w(1:2:end));
end
function r = second(f, varargin)
  [~, r] = f(varargin{:});
end
function r = third(f, varargin)
  [~, ~, r] = f(varargin{:});
end
function r = seeded(w)
  rng(w); r = rand(1, 3);
end
function r = seeded_with(w)
  rng(7, w); r = rand(1, 3);
end
function r = switched(f, w)
  f(w); r = 1;
end
function d = gradient_of(f, z)
  [~, d] = value_and_grad(f, z);
end
function r = seek_to(w)
  fid = fopen('option_words_every_case.txt', 'w');
  fprintf(fid, 'abcdef');
  fseek(fid, 2, 'bof');
  fseek(fid, 0, w);
  r = ftell(fid);
  fclose(fid);
end
