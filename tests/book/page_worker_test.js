// The runnable book's WebAssembly session (llmlab-book.js, issue #29) under node: the module the
// page's worker loads, driven through the same two exported functions with PageProtocol
// requests. Checks printed output, errors (with the caret), figures as SVG, `${…}` values, the
// embedded lesson libraries (import, fileread), save/load in memory, reset and bad requests.
// Usage: node --no-experimental-fetch page_worker_test.js MODULE.js
'use strict';
const path = require('path');

const failures = [];
function check(condition, what, got) {
  if (!condition) failures.push(`${what}: got ${JSON.stringify(got).slice(0, 300)}`);
}

async function main() {
  const createLlmlabBook = require(path.resolve(process.argv[2]));
  const module = await createLlmlabBook();
  module.ccall('llmlab_page_open', null, ['string', 'number'], ['test.md', 0]);
  const ask = (request) => JSON.parse(module.ccall(
      'llmlab_page_handle', 'string', ['string'],
      [typeof request === 'string' ? request : JSON.stringify(request)]));
  const run = (code) => ask({op: 'run', code, line: 10});

  let reply = run('x = 3;\ndisp(x * 2)\nfprintf("%.4f\\n", pi)');
  check(reply.output === '6\n3.1416' && reply.error === null && reply.figures.length === 0,
        'printed output', reply);

  reply = ask({op: 'value', expression: 'x / 4', format: '%.3f'});
  check(reply.text === '0.750', 'a formatted ${…} value', reply);
  reply = ask({op: 'value', expression: 'nope + 1', format: null});
  check(typeof reply.error === 'string' && reply.error.includes('nope'), 'a failing value', reply);

  reply = run('disp(1)\ny = undefined_thing + 1;\ndisp(2)');
  check(reply.output === '1' && /^line 2: .*undefined_thing/.test(reply.error),
        'an error after output, its line counted in the block', reply);
  reply = run('disp(5)\nz = (1 + ;');
  check(reply.output === '5' && reply.error.startsWith('parse error at line 2') &&
        reply.error.includes('\n    z = (1 + ;\n') && reply.error.endsWith('^'),
        'a syntax error with its source line and caret', reply);

  reply = run('figure; plot(1:3, [1 4 9]); title("squares");');
  check(reply.error === null && reply.figures.length === 1, 'one figure', reply);
  if (reply.figures.length === 1) {
    const figure = reply.figures[0];
    check(figure.column.startsWith('<svg') && figure.column.includes('squares') &&
          figure.column.includes('<path'), 'the figure as SVG with its title and line', figure.column);
    check(figure.narrow.startsWith('<svg') && figure.narrow !== figure.column,
          'the phone layout', figure.narrow);
  }

  reply = run('import "../lessons/12-layer-norm-and-residuals/lib/lesson12.rlab"\n' +
              '[n, c, s] = layernorm_by_hand([1 2 3 6], 0);\nfprintf("%.6f %.6f\\n", c, s)\n' +
              'text = fileread("../lessons/12-layer-norm-and-residuals/lib/lesson12.rlab");\n' +
              'disp(strncmp(text, "% lesson12.rlab", 15))');
  check(reply.error === null && reply.output === '3.000000 1.870829\ntrue',
        'the lesson library imported and read from the embedded files', reply);

  reply = run('w = [1.5 2.5];\nsave("kept.npy", w);\nclear w\nback = load("kept.npy");\ndisp(back)');
  check(reply.error === null && reply.output.includes('1.5000') && reply.output.includes('2.5000'),
        'save and load in the in-memory file system', reply);

  reply = ask({op: 'reset'});
  check(reply.reset === true, 'reset', reply);
  reply = run('disp(exist("x"))');
  check(reply.output === '0' && reply.error === null, 'a reset session has no x', reply);

  reply = ask('{"op": "run"');
  check(typeof reply.error === 'string' && reply.error.startsWith('bad request'), 'bad JSON', reply);
  reply = ask({op: 'run', code: 7});
  check(reply.error === 'bad request: field "code" must be a string', 'a wrong field', reply);

  for (const failure of failures) console.log('FAIL ' + failure);
  if (failures.length === 0) console.log('ok: the page session runs in WebAssembly');
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.log('FAIL ' + (error.stack || error));
  process.exit(1);
});
