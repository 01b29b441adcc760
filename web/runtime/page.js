// The runnable book page (issue #29; docs/notebooks.md, "Running the book in the browser").
// Loaded by every HTML page `llmlab notebook render` writes; without JavaScript, or without
// the runtime files beside it, the page reads as rendered. It turns each code block into an
// editor with a Run button, adds Run all, Reset and Stop, and runs blocks in a Web Worker
// (worker.js) holding the page's one session. The automation contract: each block element has
// `data-llmlab-block` with a `[data-llmlab-run]` button and a `[data-llmlab-output]` element,
// the page a `[data-llmlab-run-all]` button, and <html data-llmlab-state> is `loading` until
// the session is ready, `busy` while a block runs, `ready` otherwise. A block's
// `data-llmlab-runs` counts the times its output was replaced; LlmlabPage.resources() lists what
// the page and its worker downloaded. A page with a `[data-llmlab-variables]` element (the
// playground) has the session's variables listed there after every run.
(() => {
  'use strict';
  const mark = (name) => performance.mark('llmlab:' + name);
  mark('page-script');
  const here = new URL('.', document.currentScript.src);
  const root = document.documentElement;
  let page = null;          // the manifest the renderer wrote: blocks' code, prose values
  let blocks = [];          // per block: {element, output, editor, code(), ran}
  let worker = null;
  let pending = new Map();  // request id -> {resolve, reject}
  let nextId = 1;
  let queue = Promise.resolve();
  let status = null;
  let current = -1;         // the block running now, else -1
  let session = null;       // resolves once the worker's session is open
  // Bumped by Stop. Work queued before it belongs to the session Stop ended and is dropped
  // (it must not run later against the new one), and a session that was still starting when
  // Stop came neither reports its failure nor marks the page ready.
  let generation = 0;

  const setState = (state) => { root.dataset.llmlabState = state; };
  const say = (text) => { if (status) status.textContent = text; };

  function button(label, attribute, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'llmlab-button';
    b.textContent = label;
    b.setAttribute(attribute, '');
    b.addEventListener('click', onClick);
    return b;
  }

  // Posts one message to the worker; resolves with its reply.
  function ask(message) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, {resolve, reject});
      worker.postMessage({id, ...message});
    });
  }

  // A new worker and a fresh session; resolves once it can run blocks.
  function startWorker() {
    setState('loading');
    for (const {reject} of pending.values()) reject(new Error('the session was reset'));
    pending = new Map();
    for (const block of blocks) block.ran = false;
    return new Promise((resolve, reject) => {
      try {
        worker = newWorker();
      } catch (error) {
        reject(error);
        return;
      }
      worker.onerror = (event) => { event.preventDefault(); reject(new Error(event.message)); };
      worker.onmessage = (event) => {
        const data = event.data;
        if (pending.has(data.id)) {
          const {resolve: done, reject: fail} = pending.get(data.id);
          pending.delete(data.id);
          if (data.fatal) fail(new Error(data.fatal)); else done(data.reply);
        }
      };
      if (worker.failure) {
        reject(new Error(worker.failure));
        return;
      }
      // Answered once the module has started and the session is open; a module that could not
      // start answers `fatal`.
      ask({open: {page: page.page, light: page.light}}).then((reply) => {
        mark('session-ready');
        resolve(reply);
      }, reject);
    });
  }

  // The first session's worker is the one the page's head started while the page was read
  // (llmlab notebook render writes it there), if it did; every later session gets a new one.
  function newWorker() {
    const early = window.llmlabWorker;
    if (early) {
      window.llmlabWorker = null;
      return early;
    }
    mark('worker-requested');
    return new Worker(new URL('worker.js', here));
  }

  function figureHtml(figure) {
    return '<div class="plot-container"><div class="figure-column">' + figure.column +
           '</div>\n<div class="figure-narrow">' + figure.narrow + '</div></div>';
  }

  function show(block, reply) {
    let out = block.output;
    out.textContent = '';
    if (block.details) {
      const details = document.createElement('details');
      details.className = 'code-details';
      const summary = document.createElement('summary');
      summary.textContent = block.details;
      details.appendChild(summary);
      out.appendChild(details);
      out = details;
    }
    const pre = (className, text) => {
      const p = document.createElement('pre');
      p.className = className;
      p.textContent = text;
      out.appendChild(p);
    };
    if (reply.output) pre('output', reply.output);
    if (reply.error) pre('error', 'error: ' + reply.error);
    if (reply.figures && reply.figures.length) {
      const figures = document.createElement('div');
      figures.innerHTML = reply.figures.map(figureHtml).join('\n');
      out.appendChild(figures);
    }
  }

  // The prose values that were computed after block `index` (before the next code block).
  async function updateValues(index) {
    for (const [id, value] of page.values.entries()) {
      if (value.after !== index) continue;
      const reply = await ask({request: {op: 'value', expression: value.expression,
                                         format: value.format}});
      const text = reply.error ? '&lt;ERROR: ' + reply.error.replace(/&/g, '&amp;')
          .replace(/</g, '&lt;') + '&gt;' : reply.text;
      for (const span of document.querySelectorAll(`[data-llmlab-value="${id}"]`)) {
        span.innerHTML = text;
      }
    }
  }

  // The session's variables in the page's `[data-llmlab-variables]` pane, if it has one: `whos()`
  // gives each name, llmlab's kind and the size; class() the MATLAB class. Asked within the same
  // queued work as the run, so that nothing runs in between.
  async function updateVariables() {
    const pane = document.querySelector('[data-llmlab-variables]');
    if (!pane) return;
    const listing = await ask({request: {op: 'run', code: 'whos()', line: 1}});
    const rows = [];
    let table = false;  // the rows follow the rule under the header
    for (const line of (listing.output || '').split('\n')) {
      if (line.includes('─')) {
        table = true;
        continue;
      }
      const match = table && /^\s*(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(line);
      if (match) rows.push({name: match[1], kind: match[2], size: match[3]});
    }
    for (const row of rows.slice(0, 200)) {
      const reply = await ask({request: {op: 'value', expression: `class(${row.name})`,
                                         format: null}});
      row.class = reply.error ? row.kind : reply.text;
    }
    showVariables(pane, rows, listing.error);
  }

  // Rows `tr[data-llmlab-variable="name"]` of name, size and class; an error in the listing is
  // shown, not dropped.
  function showVariables(pane, rows, error) {
    pane.textContent = '';
    if (error) {
      const pre = document.createElement('pre');
      pre.className = 'error';
      pre.textContent = 'error: ' + error;
      pane.appendChild(pre);
    }
    if (!rows.length) {
      const none = document.createElement('p');
      none.className = 'llmlab-status';
      none.textContent = 'No variables.';
      pane.appendChild(none);
      return;
    }
    const table = document.createElement('table');
    const head = table.createTHead().insertRow();
    for (const title of ['Name', 'Size', 'Class']) {
      const th = document.createElement('th');
      th.textContent = title;
      head.appendChild(th);
    }
    const body = table.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      tr.dataset.llmlabVariable = row.name;
      for (const text of [row.name, row.size, row.class || row.kind]) {
        tr.insertCell().textContent = text;
      }
    }
    pane.appendChild(table);
  }

  async function runOne(index) {
    const block = blocks[index];
    current = index;
    const reply = await ask({request: {op: 'run', code: block.code(), line: page.blocks[index].line}});
    current = -1;
    block.ran = true;
    block.stopped = false;
    show(block, reply);
    if (!performance.getEntriesByName('llmlab:first-output').length) mark('first-output');
    block.element.dataset.llmlabRuns = String(Number(block.element.dataset.llmlabRuns || 0) + 1);
    await updateValues(index);
    await updateVariables();
  }

  // Work runs one piece at a time, the state `busy` meanwhile. A failure of the worker itself
  // (the module aborting) restarts it; work queued before a Stop is dropped, as the reader
  // stopped it (clicks while the runtime loads queue up behind the session, so Stop has to
  // reach them too).
  function enqueue(work) {
    const mine = generation;
    queue = queue.then(async () => {
      if (mine !== generation) return;
      try {
        await session;
      } catch {
        return;  // no runtime: the status says why
      }
      if (mine !== generation) return;  // stopped while the session loaded
      setState('busy');
      try {
        await work();
        setState('ready');
        say('');
      } catch (error) {
        // After a Stop the pending request fails with the reset: Stop has said so already.
        if (mine !== generation) return;
        current = -1;
        await restart('The session was reset (' + error.message + ').');
      }
    });
    return queue;
  }

  // A block runs after the blocks above it that this session has not run yet, except one that
  // was stopped (it would only run away again).
  const runThrough = (index) => enqueue(async () => {
    for (let i = 0; i <= index; i++) {
      if (i === index || (!blocks[i].ran && !blocks[i].stopped)) {
        say(`Running block ${i + 1} of ${blocks.length}…`);
        await runOne(i);
      }
    }
  });

  const runAll = () => enqueue(async () => {
    await ask({request: {op: 'reset'}});
    for (const block of blocks) block.ran = false;
    for (let i = 0; i < blocks.length; i++) {
      say(`Running block ${i + 1} of ${blocks.length}…`);
      await runOne(i);
    }
  });

  const reset = () => enqueue(async () => {
    await ask({request: {op: 'reset'}});
    for (const block of blocks) block.ran = false;
    await updateVariables();
  });

  // A new worker in place of the old one; `message` is said once its session is ready. If a
  // Stop comes while it loads, that Stop's own restart takes over and this one stays silent.
  async function restart(message) {
    const mine = generation;
    if (worker) worker.terminate();
    try {
      await (session = startWorker());
      if (mine !== generation) return;
      const pane = document.querySelector('[data-llmlab-variables]');
      if (pane) showVariables(pane, []);  // a new session has none
      setState('ready');
      say(message);
    } catch (error) {
      if (mine === generation) say('The runtime could not start: ' + error.message);
    }
  }

  // Stop ends whatever runs, or a session still loading with runs queued behind it, by ending
  // the worker; what was queued is dropped and a new session starts. On a ready page with
  // nothing running there is nothing to stop.
  async function stop() {
    const state = root.dataset.llmlabState;
    if (state !== 'busy' && state !== 'loading') return;
    generation++;
    if (current >= 0) blocks[current].stopped = true;
    current = -1;
    queue = Promise.resolve();
    await restart('Stopped: the session was reset; run the blocks again.');
  }

  function makeRunnable(element, index) {
    const source = element.querySelector(':scope > pre.source');
    const output = document.createElement('div');
    output.className = 'llmlab-output';
    output.setAttribute('data-llmlab-output', '');
    for (const child of [...element.childNodes]) {
      if (child !== source) output.appendChild(child);
    }
    const controls = document.createElement('div');
    controls.className = 'llmlab-controls';
    controls.appendChild(button('Run', 'data-llmlab-run', () => runThrough(index)));
    let editor = null;
    const code = page.blocks[index].code;
    if (source && window.LlmlabEditor) {
      const host = document.createElement('div');
      host.className = 'llmlab-editor';
      source.replaceWith(host);
      editor = LlmlabEditor.create(host, code, () => runThrough(index));
    }
    element.appendChild(controls);
    element.appendChild(output);
    blocks.push({element, output, ran: false, stopped: false, details: page.blocks[index].details,
                 code: () => (editor ? LlmlabEditor.text(editor) : code)});
  }

  function toolbar() {
    const bar = document.createElement('div');
    bar.className = 'llmlab-toolbar';
    bar.appendChild(button('Run all', 'data-llmlab-run-all', runAll));
    bar.appendChild(button('Reset', 'data-llmlab-reset', reset));
    bar.appendChild(button('Stop', 'data-llmlab-stop', stop));
    status = document.createElement('span');
    status.className = 'llmlab-status';
    status.setAttribute('data-llmlab-status', '');
    status.setAttribute('role', 'status');
    bar.appendChild(status);
    if (!page.playground) {
      // The book's playground sits beside the lessons (tools/book_runtime.sh writes it).
      const link = document.createElement('a');
      link.href = new URL('../../playground.html', here).href;
      link.textContent = 'Playground';
      link.setAttribute('data-llmlab-playground-link', '');
      link.style.marginLeft = 'auto';  // at the bar's end, clear of the status text
      link.style.fontSize = '14px';
      bar.appendChild(link);
    }
    return bar;
  }

  async function main() {
    const manifest = document.getElementById('llmlab-page');
    if (!manifest) return;
    page = JSON.parse(manifest.textContent);
    const elements = document.querySelectorAll('[data-llmlab-block]');
    if (elements.length !== page.blocks.length) return;
    if (location.protocol === 'file:') {
      // Browsers start no worker from a file: the page stays as rendered and says how to run it.
      const note = document.createElement('p');
      note.className = 'llmlab-status';
      note.setAttribute('data-llmlab-status', '');
      note.textContent = 'To run and edit the code here, serve this folder ' +
          '(python3 -m http.server) and open the page from there.';
      document.querySelector('main').prepend(note);
      return;
    }
    setState('loading');
    // The worker first: its download, compile and start overlap the page's own work below
    // (the editors) and after (the math, typeset once this script has run).
    const started = restart('');
    document.querySelector('main').prepend(toolbar());
    document.body.classList.add('llmlab-runnable');  // headings land below the toolbar too
    elements.forEach(makeRunnable);
    say('Loading the runtime…');
    await started;
  }

  // Every URL the page and its worker fetched (the Resource Timing API; the worker's downloads,
  // the WebAssembly among them, are only in its own timeline), so that tools can check that the
  // book loads nothing but its own files (docs/notebooks.md).
  async function resources() {
    const own = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
    const theirs = worker ? await ask({resources: true}) : [];
    return own.concat(theirs);
  }

  // The marks of the page's start (`llmlab:page-script`, `worker-requested`, `session-ready`,
  // `first-output`) and of its worker's (`worker-start`, …; worker.js), each {name, time} in
  // milliseconds on the page's timeline (performance.now()), in time order: where a cold start's
  // time goes (bench/book_first_output.py).
  async function timings() {
    const own = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('llmlab:'))
        .map((m) => ({name: m.name, time: m.startTime}));
    const theirs = worker ? await ask({timings: true}) : [];
    const shifted = theirs.map((m) => ({name: m.name, time: m.time - performance.timeOrigin}));
    return own.concat(shifted).sort((a, b) => a.time - b.time);
  }
  window.LlmlabPage = {resources, timings};

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
  else main();
})();
