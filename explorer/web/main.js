// main.js - Tiger Explorer's page: the editor (CodeMirror 6 with Tiger highlighting), the
// example picker (testcases/demo and testcases/valid, bundled at build time as
// TIGER_EXAMPLES), the --book/--commute/--layout toggles, and the chosen stage panes,
// recompiled in a worker (worker.js) shortly after each edit. What is shown lives in the
// URL hash (url_state.js); with no hash the page opens queens with its traces and CFG.
// The dump pane (my_dump_pane.js) judges a pasted dump; #embed=1 shows one pane alone
// (embed.js). The editor's cursor line is marked in every pane (xhl.js).
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { defaultKeymap, history as undoHistory, historyKeymap } from '@codemirror/commands';
import { syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { tiger } from './tiger_mode.js';
import { TigercClient } from './tigerc_client.js';
import { readHash, writeHash } from './url_state.js';
import { diagnosticsOf } from './errors.js';
import { drawingPanes, makePane, paneBox, paneNames } from './panes.js';
import { makeRunPane } from './run_pane.js';
import { makeDumpPane } from './my_dump_pane.js';
import { embeddedState, showEmbedded } from './embed.js';
import { preloadGraphviz } from './cfg.js';
import { crossHighlight } from './xhl.js';

const examples = TIGER_EXAMPLES; // [{name: 'demo/queens', source, stdin}], from build.mjs
const byName = new Map(examples.map((e) => [e.name, e]));
const client = new TigercClient();
// The hook explorer/test uses to run the page's tigerc: (args, file, source, input).
window.tigerc = (...call) => client.call(...call);
const $ = (id) => document.getElementById(id);
let state = embeddedState(readHash(location.hash));
let editor, generation = 0, timer = null, runPane = null, dumpPane = null;
const xhl = crossHighlight($('panes'), () => editor);

function currentSource() {
  return editor.state.doc.toString();
}

function fileName() {
  return (state.ex ? state.ex.split('/').pop() : 'prog') + '.tig';
}

function optionArgs() {
  return state.book ? ['--book'] : [`--commute=${state.commute}`, `--layout=${state.layout}`];
}

// The program in the editor as the run and dump panes take it.
function program() {
  return { file: fileName(), source: currentSource(), options: optionArgs(),
    stdin: byName.get(state.ex)?.stdin ?? '' };
}

// Compiles once without --emit for the errors, then each chosen pane; results from an
// older edit than the latest are dropped.
async function compile() {
  const mine = ++generation;
  const source = currentSource();
  const check = await client.call(optionArgs(), fileName(), source);
  if (mine !== generation) return;
  showErrors(check);
  for (const { pane, body, ms, refresh } of panes) {
    if (refresh) await refresh(client);
    if (mine !== generation) return;
    if (!pane) continue;
    const r = await client.call([...pane.args(), ...optionArgs()], fileName(), source);
    const located = pane.locate?.() &&
      await client.call([...pane.locate(), ...optionArgs()], fileName(), source);
    if (mine !== generation) return;
    ms.textContent = `${r.ms.toFixed(1)} ms`;
    ms.dataset.ms = r.ms;
    await pane.show(body, r, located);
  }
  xhl.repaint();
  document.body.dataset.compiled = mine;
}

function showErrors(r) {
  const box = $('errors');
  box.hidden = r.status === 0;
  box.textContent = r.status === 0 ? '' : r.stderr + `[exit status ${r.status}]`;
  editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(r.stderr, editor.state.doc)));
}

// Keeps a change in the URL without compiling again (the dump's text, a canon step).
function remember(change) {
  state = { ...state, ...change };
  history.replaceState(null, '', writeHash(state));
}

function update(change) {
  remember(change);
  clearTimeout(timer);
  timer = setTimeout(compile, 150);
}

let panes = [];
function buildPanes() {
  const root = $('panes');
  root.replaceChildren();
  panes = state.panes.filter((n) => paneNames.includes(n)).map((name) => {
    if (name === 'run') {
      runPane = runPane || makeRunPane(state, update, program);
      root.append(runPane.box);
      return { name };
    }
    if (name === 'dump') {
      dumpPane = dumpPane || makeDumpPane(state, remember, program);
      root.append(dumpPane.box);
      return { name, refresh: dumpPane.refresh };
    }
    const pane = makePane(name, state, (change) => update(change), remember);
    const { box, body, ms } = paneBox(name, pane.controls || []);
    root.append(box);
    return { name, pane, body, ms };
  });
}

function buildToggles() {
  const root = $('pane-toggles');
  for (const name of paneNames) {
    const box = Object.assign(document.createElement('input'),
      { type: 'checkbox', checked: state.panes.includes(name), id: `show-${name}` });
    box.onchange = () => {
      const chosen = paneNames.filter((n) => $(`show-${n}`).checked);
      update({ panes: chosen });
      buildPanes();
    };
    const label = document.createElement('label');
    label.append(box, name);
    root.append(label);
  }
}

function buildControls() {
  const pick = $('examples');
  pick.append(new Option('(your program)', ''));
  for (const e of examples) pick.append(new Option(e.name, e.name, false, e.name === state.ex));
  pick.onchange = () => pick.value && loadExample(pick.value);
  $('book').checked = state.book;
  $('commute').value = state.commute;
  $('layout').value = state.layout;
  $('book').onchange = () => update({ book: $('book').checked });
  $('commute').onchange = () => update({ commute: $('commute').value });
  $('layout').onchange = () => update({ layout: $('layout').value });
}

function loadExample(name) {
  const e = byName.get(name);
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: e.source } });
  update({ ex: name, code: null });
  if (runPane) runPane.input.value = e.stdin;
}

function makeEditor(text) {
  const onEdit = EditorView.updateListener.of((u) => {
    if (!u.docChanged) return;
    const source = currentSource();
    const same = state.ex && byName.get(state.ex)?.source === source;
    if (!same) $('examples').value = '';
    update(same ? {} : { ex: null, code: source });
  });
  return new EditorView({
    parent: $('editor'),
    state: EditorState.create({ doc: text, extensions: [
      lineNumbers(), undoHistory(), drawSelection(), highlightActiveLine(), tiger,
      syntaxHighlighting(defaultHighlightStyle), lintGutter(), onEdit, xhl.extension,
      keymap.of([...defaultKeymap, ...historyKeymap])] }),
  });
}

buildControls();
buildToggles();
const start = state.code ?? byName.get(state.ex)?.source ?? examples[0].source;
editor = makeEditor(start);
buildPanes();
if (state.embed) showEmbedded(state, writeHash);
if (state.panes.some((name) => drawingPanes[name]) || state.panes.includes('dump')) preloadGraphviz();
if (runPane && state.ex) runPane.input.value = byName.get(state.ex)?.stdin ?? '';
compile();
