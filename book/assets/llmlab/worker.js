// The page's session in a Web Worker (issue #29): llmlab-book.js (the WebAssembly build, beside
// this file) holds one notebook::PageSession; each message from the page is one PageProtocol
// request, answered with its JSON reply, so a long block never freezes the page. The page ends
// a runaway block by terminating this worker and starting a new one.
/* global createLlmlabBook */
importScripts('llmlab-book.js');

let handle = null;
let open = null;

const started = createLlmlabBook().then((module) => {
  open = (page, light) =>
    module.ccall('llmlab_page_open', null, ['string', 'number'], [page, light ? 1 : 0]);
  handle = (request) =>
    JSON.parse(module.ccall('llmlab_page_handle', 'string', ['string'], [JSON.stringify(request)]));
});

started.then(() => postMessage({ready: true}),
             (error) => postMessage({failed: String(error)}));

// {id, open: {page, light}} or {id, request}; the reply carries the same id. A failure of the
// module itself (not a block's error, which is in the reply) is `fatal`: the page restarts us.
// {id, resources: true} asks for the URLs this worker downloaded (its Resource Timing entries:
// the module's script and WebAssembly), which the page's own timeline does not list.
self.onmessage = async (event) => {
  const {id, request} = event.data;
  if (event.data.resources) {
    postMessage({id, reply: performance.getEntriesByType('resource').map((entry) => entry.name)});
    return;
  }
  await started;
  try {
    if (event.data.open) {
      open(event.data.open.page, event.data.open.light);
      postMessage({id, reply: {}});
    } else {
      postMessage({id, reply: handle(request)});
    }
  } catch (error) {
    postMessage({id, fatal: String(error)});
  }
};
