// The book's playground (issue #29; docs/notebooks.md, "The playground"): playground.html is a
// runnable page with one block, so page.js runs it, shows its output and figures and lists the
// session's variables. This script adds what only the playground has: example programs to
// start from, and Share, which puts the program in the link's fragment (`#code=` and the code's
// UTF-8 bytes in base64url), as the Go and Rust playgrounds do. A fragment never reaches a
// server, so a shared program stays between the people who pass the link.
// It runs before page.js (both deferred, in document order), so the program in the link is
// the one page.js puts in the editor.
(() => {
  'use strict';
  const manifest = document.getElementById('llmlab-page');
  const notice = document.querySelector('[data-llmlab-playground-notice]');
  if (!manifest || !notice) return;
  const say = (text) => { notice.textContent = text; };

  // The program the page was written with comes first; the others show the lesson libraries,
  // figures and gradients.
  const EXAMPLES = [
    {title: 'Matrices', code: JSON.parse(manifest.textContent).blocks[0].code},
    {title: 'A figure: GELU and ReLU', code: [
      '% GELU (its tanh form) against ReLU on one figure.',
      'x = linspace(-4, 4, 201);',
      'gelu = 0.5 * x .* (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x .^ 3)));',
      'relu = max(x, 0);',
      'figure;',
      'plot(x, gelu);',
      'hold on;',
      'plot(x, relu);',
      'title("GELU and ReLU");',
      'xlabel("x");',
      'legend("GELU", "ReLU");',
      'fprintf("GELU(-1) = %.4f, ReLU(-1) = %.4f\\n", gelu(76), relu(76))'].join('\n')},
    {title: "LayerNorm (lesson 12's library)", code: [
      "% Lesson 12's library, imported as the lesson imports it.",
      'import "../lessons/12-layer-norm-and-residuals/lib/lesson12.rlab"',
      'tokens = [1.0, 2.0, 3.0, 4.0, 5.0];',
      '[normed, centre, spread] = layernorm_by_hand(tokens, 1e-5);',
      'print("by hand: ", normed);',
      'print("builtin: ", layernorm(tokens));',
      'fprintf("mean %.4f, spread %.4f\\n", centre, spread)'].join('\n')},
    {title: 'Gradients (lesson 15)', code: [
      '% The gradient of f(x, y) = x*y + sin(x)*y^2, by grad and by hand.',
      'f = @(v) v(1) * v(2) + sin(v(1)) * v(2) ^ 2;',
      'point = [0.5, -1.5];',
      'x = point(1); y = point(2);',
      'by_grad = grad(f, point);',
      'by_hand = [y + cos(x) * y ^ 2, x + 2 * sin(x) * y];',
      'fprintf("by grad: %.12f %.12f\\n", by_grad(1), by_grad(2));',
      'fprintf("by hand: %.12f %.12f\\n", by_hand(1), by_hand(2));'].join('\n')},
  ];

  // base64url (RFC 4648, section 5) without padding: the fragment stays free of '+', '/', '='.
  function encode(text) {
    let binary = '';
    for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  // The code in a fragment's base64url; throws on a damaged one (bad characters or not UTF-8).
  function decode(data) {
    const binary = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  }

  // The program in the URL's fragment: its code, null when there is none, and the page says
  // why when a `#code=` link cannot be read (a truncated paste, say).
  function fromFragment() {
    if (!location.hash.startsWith('#code=')) return null;
    try {
      return decode(location.hash.slice('#code='.length));
    } catch (error) {
      say('The link\'s program could not be read (' + error.message + '); ' +
          'the page\'s own program is in the editor.');
      return null;
    }
  }

  const block = document.querySelector('[data-llmlab-block]');

  // Puts `code` in the editor (page.js made it), or says why it cannot.
  function setCode(code) {
    const view = window.LlmlabEditor && LlmlabEditor.find(block);
    if (!view) {
      say('The editor did not load, so the program cannot be changed.');
      return;
    }
    view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: code}});
  }

  function currentCode() {
    const view = window.LlmlabEditor && LlmlabEditor.find(block);
    return view ? LlmlabEditor.text(view) : JSON.parse(manifest.textContent).blocks[0].code;
  }

  // Before page.js starts: the linked program replaces the default in its manifest (and in the
  // source shown if the editor does not come up).
  const linked = fromFragment();
  if (linked !== null) {
    const page = JSON.parse(manifest.textContent);
    page.blocks[0].code = linked;
    manifest.textContent = JSON.stringify(page);
    const source = block.querySelector('pre.source code');
    if (source) source.textContent = linked;
  }

  // A link pasted into this tab (only the fragment changes: no new page load).
  window.addEventListener('hashchange', () => {
    const code = fromFragment();
    if (code !== null) {
      setCode(code);
      say('');
    }
  });

  const bar = document.querySelector('[data-llmlab-playground-bar]');
  const examples = bar.querySelector('[data-llmlab-examples]');
  const share = bar.querySelector('[data-llmlab-share]');
  const link = bar.querySelector('[data-llmlab-share-link]');
  // The list works as a menu: it reads "Load an example…" again after each choice, so that
  // every example, the one loaded last too, can be chosen again after an edit.
  const prompt = document.createElement('option');
  prompt.value = '';
  prompt.textContent = 'Load an example…';
  examples.appendChild(prompt);
  EXAMPLES.forEach((example, index) => {
    const option = document.createElement('option');
    option.value = String(index);
    option.textContent = example.title;
    examples.appendChild(option);
  });
  examples.addEventListener('change', () => {
    const example = examples.value === '' ? null : EXAMPLES[Number(examples.value)];
    examples.value = '';
    if (!example) return;
    setCode(example.code);
    // The address no longer names the program in the editor.
    history.replaceState(null, '', location.pathname + location.search);
    link.hidden = true;
    say('');
  });

  share.addEventListener('click', async () => {
    const url = new URL(location.href);
    url.hash = 'code=' + encode(currentCode());
    // replaceState fires no hashchange: the editor keeps its text (and its undo history).
    history.replaceState(null, '', url.href);
    link.value = url.href;
    link.hidden = false;
    link.select();
    try {
      await navigator.clipboard.writeText(url.href);
      say('The link to this program is copied.');
    } catch {
      say('Copy the link beside Share: it holds the program.');
    }
  });
  // With JavaScript off, or opened from a file (page.js makes no editor there and says how to
  // serve the book), there is nothing to load an example into.
  bar.hidden = location.protocol === 'file:';
})();
