// The page's session in a Web Worker (issue #29): llmlab-book.js (the WebAssembly build, beside
// this file) holds one notebook::PageSession; each message from the page is one PageProtocol
// request, answered with its JSON reply, so a long block never freezes the page. The page ends
// a runaway block by terminating this worker and starting a new one.
// Each step of the start is a performance mark (`llmlab:…`), which the page's
// LlmlabPage.timings() reads, in the page's timeline, with its own.
/* global createLlmlabBook */
const mark = (name) => performance.mark('llmlab:' + name);
mark('worker-start');

// The WebAssembly's download and compile start before the loader script is fetched and run, so
// that the two overlap; compiled while it streams in where the server says application/wasm
// (otherwise, as emscripten's loader does, from the whole download).
const wasmUrl = new URL('llmlab-book.wasm', self.location.href).href;
const download = () => fetch(wasmUrl, {credentials: 'same-origin'}).then((response) => {
  if (!response.ok) throw new Error(`${wasmUrl}: HTTP ${response.status}`);
  return response;
});
const fromBytes = () => download().then((response) => response.arrayBuffer())
    .then((bytes) => WebAssembly.compile(bytes));
const compiled = (typeof WebAssembly.compileStreaming === 'function'
    ? WebAssembly.compileStreaming(download()).catch(fromBytes) : fromBytes())
    .then((module) => {
      mark('wasm-compiled');
      return module;
    });
compiled.catch(() => {});  // reported by `started`

importScripts('llmlab-book.js');
mark('loader-run');

let handle = null;
let open = null;

// emscripten's hook for instantiating the module ourselves: from the one compiled above. A
// failure rejects `started` (the loader's own promise would never settle).
const started = new Promise((resolve, reject) => {
  const instantiateWasm = (imports, receive) => {
    compiled.then((module) => WebAssembly.instantiate(module, imports).then((instance) => {
      mark('wasm-instantiated');
      receive(instance, module);
    })).catch(reject);
    return {};
  };
  createLlmlabBook({instantiateWasm}).then(resolve, reject);
}).then((module) => {
  mark('runtime-ready');
  open = (page, light) =>
    module.ccall('llmlab_page_open', null, ['string', 'number'], [page, light ? 1 : 0]);
  handle = (request) =>
    JSON.parse(module.ccall('llmlab_page_handle', 'string', ['string'], [JSON.stringify(request)]));
});
started.catch(() => {});  // a failure is the answer to the page's next message (below)

// The marks as {name, time}, time in milliseconds since the Unix epoch (performance.timeOrigin
// plus the mark's own time), so that the page can put them on its timeline.
const marks = () => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('llmlab:'))
    .map((m) => ({name: m.name, time: performance.timeOrigin + m.startTime}));

// {id, open: {page, light}} or {id, request}; the reply carries the same id, once the module
// has started. A failure of the module itself (its start included; not a block's error, which is
// in the reply) is `fatal`: the page restarts us.
// {id, resources: true} asks for the URLs this worker downloaded (its Resource Timing entries:
// the module's script and WebAssembly), which the page's own timeline does not list;
// {id, timings: true} for its marks.
self.onmessage = async (event) => {
  const {id, request} = event.data;
  if (event.data.resources) {
    postMessage({id, reply: performance.getEntriesByType('resource').map((entry) => entry.name)});
    return;
  }
  if (event.data.timings) {
    postMessage({id, reply: marks()});
    return;
  }
  try {
    await started;
  } catch (error) {
    postMessage({id, fatal: String(error)});
    return;
  }
  try {
    if (event.data.open) {
      open(event.data.open.page, event.data.open.light);
      mark('session-open');
      postMessage({id, reply: {}});
    } else {
      postMessage({id, reply: handle(request)});
    }
  } catch (error) {
    postMessage({id, fatal: String(error)});
  }
};
