// The book's code editor: CodeMirror 6 with Octave's highlighting (rlab reads MATLAB's forms),
// bundled by esbuild into book/assets/llmlab/editor.js as the global LlmlabEditor (`make book`).
import {minimalSetup} from 'codemirror';
import {EditorView, keymap, lineNumbers} from '@codemirror/view';
import {Prec} from '@codemirror/state';
import {StreamLanguage, bracketMatching} from '@codemirror/language';
import {octave} from '@codemirror/legacy-modes/mode/octave';

// Colours from the page's own stylesheet variables, so both themes follow.
const pageTheme = EditorView.theme({
  '&': {backgroundColor: 'var(--code)', color: 'var(--text)', borderRadius: '6px',
        fontSize: '14px'},
  '.cm-content': {fontFamily: '"DejaVu Sans Mono", monospace', caretColor: 'var(--text)'},
  '.cm-gutters': {backgroundColor: 'var(--code)', color: 'var(--muted)', border: 'none'},
  '&.cm-focused': {outline: '1px solid var(--accent)'},
  '.cm-activeLine': {backgroundColor: 'transparent'},
});

// An editor holding `code` in `parent`; Ctrl-Enter (Cmd-Enter) calls `run`.
export function create(parent, code, run) {
  const runKey = Prec.highest(keymap.of([{key: 'Mod-Enter', run: () => { run(); return true; }}]));
  return new EditorView({
    doc: code,
    parent,
    // Long lines wrap, as nothing on the page may be wider than a phone's screen.
    extensions: [runKey, minimalSetup, lineNumbers(), bracketMatching(), EditorView.lineWrapping,
                 StreamLanguage.define(octave), pageTheme],
  });
}

export function text(view) { return view.state.doc.toString(); }

// The editor inside `element` (a block's editor box), for tools that drive the page.
export function find(element) {
  const dom = element.querySelector('.cm-editor');
  return dom ? EditorView.findFromDOM(dom) : null;
}
