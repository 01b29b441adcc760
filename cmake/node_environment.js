// Loaded before llmlab.js by the node build (--pre-js). An emscripten program sees an
// environment of its own (USER, HOME, LANG, …), not the process's; llmlab-node passes the
// process's variables through, so that LLMLAB_PATH (import's search path) and the others reach
// the program as they reach the native llmlab. preRun runs before the C runtime reads ENV.
var Module = typeof Module !== 'undefined' ? Module : {};
Module.preRun = (Module.preRun || []).concat(function () {
  if (typeof process === 'object' && process.env) Object.assign(ENV, process.env);
});
