// my_dump_pane.js - the "dump" pane: a dump a student's own compiler printed (--emit=ir,
// linear or traces, from tigerc or a compiler in any language that prints the format),
// judged by the reference as the lab grader does (explorer/README.md, "My dump").
//
// In:  the pasted dump (state.dump), its stage (state.from), the program in the editor
//      and the options (program()). Out, refreshed on each change:
//   invariants  tigerc --from=S --verify: each broken invariant as a button "line L: ..."
//               that moves the cursor there, marked in the dump's own editor too
//   diff        the dump against the reference's --emit=S of the editor's program,
//               temps and labels renamed by first occurrence (dump_diff.js), changed
//               lines with three lines around them
//   run         tigerc --from=S --run (its own worker: Stop ends it), beside the
//               reference's run of the program at S, and whether both agree
//   cfg         tigerc --from=S --emit=cfg-dot, drawn
// The dump and its stage live in the URL (from=, dump=) so a link shows the same.
import { EditorView, highlightActiveLine, keymap, lineNumbers, placeholder }
  from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { drawGraphs } from './cfg.js';
import { element } from './dom.js';
import { compareDumps } from './dump_diff.js';
import { diagnosticsOf, errorLine } from './errors.js';
import { browserMaxDepth } from './limits.js';
import { paneBox } from './panes.js';
import { TigercClient } from './tigerc_client.js';

export const dumpStages = ['ir', 'linear', 'traces'];

function section(title, cls, children) {
  return element('details', { open: true, className: cls },
    [element('summary', { textContent: title }), ...children]);
}

function dumpEditor(state, onEdit) {
  return new EditorView({
    state: EditorState.create({ doc: state.dump, extensions: [
      lineNumbers(), highlightActiveLine(), history(), lintGutter(), keymap.of([...defaultKeymap, ...historyKeymap]),
      placeholder('Paste here what your compiler printed for the program on the left ' +
        '(tigerc --emit=STAGE prog.tig)'),
      EditorState.readOnly.of(state.embed), EditorView.editable.of(!state.embed),
      EditorView.updateListener.of((u) => u.docChanged && onEdit())] }),
  });
}

// The verdict of --from=S --verify: one button per error, which puts the cursor on its
// line; then tigerc's own text.
function showInvariants(root, r, stage, editor) {
  const errors = [...r.stderr.matchAll(errorLine)];
  const goTo = (line) => () => {
    const at = editor.state.doc.line(Math.min(Number(line), editor.state.doc.lines));
    editor.dispatch({ selection: { anchor: at.from }, scrollIntoView: true });
    editor.focus();
  };
  const verdict = r.status === 0
    ? (stage === 'ir' ? 'read back: IR trees have no invariant to break'
      : `every invariant of --from=${stage} holds`)
    : r.status === 68 ? `${errors.length} broken invariant${errors.length === 1 ? '' : 's'}`
      : `the dump does not read back (exit status ${r.status})`;
  root.replaceChildren(element('div', { className: `verdict ${r.status ? 'bad' : 'good'}`,
    textContent: verdict }), element('ul', { className: 'broken' }, errors.map(([, line, , msg]) =>
    element('li', {}, [element('button', { className: 'at view-control',
      textContent: `line ${line}`, onclick: goTo(line) }), ' ' + msg]))),
  ...(r.status ? [element('pre', { className: 'terminal failed', textContent: r.stderr })] : []));
}

// The rows to show: every changed one, with `context` unchanged rows around it; longer
// unchanged stretches become one "N same lines" row.
function hunks(rows, context = 3) {
  const near = rows.map(() => false);
  rows.forEach((r, i) => {
    if (r.op === '=') return;
    for (let j = Math.max(0, i - context); j <= Math.min(rows.length - 1, i + context); j++)
      near[j] = true;
  });
  const out = [];
  rows.forEach((r, i) => {
    if (near[i]) out.push(r);
    else if (out.length === 0 || out.at(-1).op !== 'skip') out.push({ op: 'skip', count: 1 });
    else out.at(-1).count++;
  });
  return out;
}

function showDiff(root, mine, ref, stage) {
  if (ref.status !== 0) {
    root.replaceChildren(element('div', { className: 'verdict bad',
      textContent: `the program on the left does not compile: no reference --emit=${stage}` }));
    return;
  }
  const d = compareDumps(mine, ref.stdout);
  const number = (i) => (i === undefined ? '' : String(i + 1)).padStart(5);
  const lines = hunks(d.rows).map((r) => r.op === 'skip'
    ? element('span', { className: 'skip', textContent: `      \u22ef ${r.count} same lines\n` })
    : element('span', { className: { '=': 'same', '-': 'del', '+': 'add' }[r.op],
      textContent: `${number(r.a)} ${number(r.b)} ${r.op === '=' ? ' ' : r.op} ` +
        `${r.op === '-' ? d.reference[r.a] : d.mine[r.b]}\n` }));
  root.replaceChildren(element('div', { className: `verdict ${d.changed ? 'bad' : 'good'}`,
    textContent: d.changed
      ? `${d.changed} lines differ from the reference's --emit=${stage} (- the reference's ` +
        'only, + yours only; columns: its line, yours; temps and labels renamed)'
      : `the same as the reference's --emit=${stage}, temps and labels renamed` }),
  ...(d.changed ? [element('pre', { className: 'diff' }, lines)] : []));
}

// One run's result: stdout, then stderr without the --stats line, then the status.
function runText(r) {
  if (r.status === null) return 'stopped';
  const err = r.stderr.split('\n').filter((l) => !l.startsWith('stats: ')).join('\n');
  return `${r.stdout}${err}[exit status ${r.status}]`;
}

function makeRunSection(stdinText) {
  const stdin = element('textarea', { className: 'stdin', value: stdinText,
    placeholder: 'standard input' });
  const stop = element('button', { className: 'stop view-control', textContent: 'Stop' });
  const again = element('button', { className: 'run view-control', textContent: 'Run again' });
  const agree = element('div', { className: 'agree' });
  const yours = element('pre', { className: 'terminal yours' });
  const theirs = element('pre', { className: 'terminal reference' });
  const root = section('run', 'run', [element('div', { className: 'run-controls' },
    [again, stop, stdin]), agree, element('div', { className: 'side' }, [
    element('div', {}, [element('h3', { textContent: 'your dump' }), yours]),
    element('div', {}, [element('h3', { textContent: 'the reference' }), theirs])])]);
  return { root, stdin, stop, again, agree, yours, theirs };
}

// The pane: its parts, the page's client (set by the first refresh) for the checks, and
// a worker of its own for the runs. `generation` counts refreshes: the results of an
// older one that is still running are dropped.
class DumpPane {
  constructor(state, remember, program) {
    this.program = program;
    this.stage = element('select', { className: 'from' }, dumpStages.map((s) =>
      element('option', { textContent: s, selected: s === state.from })));
    Object.assign(this, paneBox('dump', [element('label', {}, ['--from=', this.stage])]));
    this.client = this.runner = this.timer = null;
    this.generation = 0;
    this.editor = dumpEditor(state, () => {
      remember({ dump: this.text() });
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.client && this.refresh(this.client), 300);
    });
    this.invariants = element('div', { className: 'invariants' });
    this.diff = element('div', { className: 'diff-view' });
    this.graphs = element('div', { className: 'graphs' });
    this.run = makeRunSection(program().stdin);
    this.body.append(element('div', { className: 'dump-editor' }, [this.editor.dom]),
      section('invariants (--verify)', 'check', [this.invariants]),
      section("diff against the reference's dump", 'diff-section', [this.diff]),
      this.run.root, section('CFG (--emit=cfg-dot)', 'cfg', [this.graphs]));
    this.stage.onchange = () => {
      remember({ from: this.stage.value });
      if (this.client) this.refresh(this.client);
    };
    this.run.stop.onclick = () => this.runner && this.runner.stop();
    this.run.again.onclick = () => this.client && this.refresh(this.client);
  }

  text() {
    return this.editor.state.doc.toString();
  }

  // Every part again, for the dump and the program as they are now.
  async refresh(client) {
    this.client = client;
    const mine = ++this.generation, from = this.stage.value, dump = this.text();
    const p = this.program(), file = `dump.${from}`;
    if (!dump.trim()) return this.clear(from);
    const start = performance.now();
    const check = await client.call([`--from=${from}`, '--verify'], file, dump);
    const ref = await client.call([`--emit=${from}`, ...p.options], p.file, p.source);
    const cfg = await client.call([`--from=${from}`, '--emit=cfg-dot', ...p.options], file, dump);
    if (mine !== this.generation) return;
    this.ms.textContent = `${(performance.now() - start).toFixed(1)} ms`;
    const doc = this.editor.state.doc;
    this.editor.dispatch(setDiagnostics(this.editor.state, diagnosticsOf(check.stderr, doc)));
    showInvariants(this.invariants, check, from, this.editor);
    showDiff(this.diff, dump, ref, from);
    this.graphs.replaceChildren(...(cfg.status === 0 ? await drawGraphs(cfg.stdout) : []));
    if (this.runner && this.runner.pending.size) this.runner.stop(); // an older run
    // The runs go on in their own worker: the other panes need not wait for them.
    this.runBoth(from, dump, p, mine).then(() => {
      if (mine === this.generation) this.box.dataset.refreshed = mine;
    });
  }

  clear(from) {
    this.invariants.replaceChildren(element('div', { className: 'verdict',
      textContent: `paste a dump your compiler printed with --emit=${from}` }));
    for (const part of [this.diff, this.graphs]) part.replaceChildren();
    for (const part of [this.run.yours, this.run.theirs, this.run.agree]) part.textContent = '';
  }

  // The dump and the program run at the same stage, with the same input.
  async runBoth(from, dump, p, mine) {
    const run = this.run;
    this.runner = this.runner || new TigercClient();
    const limits = ['--stats', '--max-steps=10000000', `--max-depth=${browserMaxDepth}`];
    run.yours.textContent = 'running...';
    run.theirs.textContent = run.agree.textContent = '';
    const yours = await this.runner.call([`--from=${from}`, '--run', ...limits, ...p.options],
      `dump.${from}`, dump, run.stdin.value);
    if (mine !== this.generation) return;
    const ref = await this.runner.call([`--run-at=${from}`, ...limits, ...p.options], p.file,
      p.source, run.stdin.value);
    if (mine !== this.generation) return;
    run.yours.textContent = runText(yours);
    run.theirs.textContent = runText(ref);
    for (const out of [run.yours, run.theirs]) out.scrollTop = out.scrollHeight; // its end
    const same = yours.status === ref.status && yours.stdout === ref.stdout;
    run.agree.className = `agree verdict ${same ? 'good' : 'bad'}`;
    run.agree.textContent = yours.status === null ? 'stopped' : same
      ? 'same output and exit status as the reference' : 'the output or exit status differs';
  }
}

// The dump pane for main.js: {box, refresh(client)}.
export function makeDumpPane(state, remember, program) {
  const pane = new DumpPane(state, remember, program);
  return { box: pane.box, refresh: (client) => pane.refresh(client) };
}
