// Loaded before llmlab.js by the node build (--pre-js). Node can leave a pipe on stdout or
// stderr non-blocking; a write then fails with EAGAIN whenever the reader falls behind, and
// emscripten reports that as a failed write, so output was lost and llmlab exited with an
// error. A command-line program waits for its reader instead: the write is retried after a
// millisecond's pause until the pipe takes it.
(function () {
  if (typeof require !== 'function') return;
  const fs = require('fs');
  const writeSync = fs.writeSync;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  fs.writeSync = function () {
    for (;;) {
      try {
        return writeSync.apply(fs, arguments);
      } catch (error) {
        if (error.code !== 'EAGAIN') throw error;
        Atomics.wait(pause, 0, 0, 1);
      }
    }
  };
})();
