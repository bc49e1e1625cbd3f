// my_dump_pane.js - the "dump" pane: a dump a student's own compiler printed (--emit=ir,
// linear or traces, from tigerc or a compiler in any language that prints the format),
// judged by the reference as the lab grader does (explorer/README.md, "My dump").
//
// In:  the pasted dump (state.dump), its stage (state.from), how it reads (state.dialect:
//      tigerc's own dumps, another course's dialect, or "detect", the dialect its words
//      say; state.profile: a course profile's JSON, written to the module's file system
//      as profile.json: docs/judge.md), the program in the editor and the options
//      (program()). Every call below takes the same --dialect/--profile, shown as the
//      command line the pane reads the dump with. Out, refreshed on each change:
//   invariants  tigerc --from=S --verify: each broken invariant as a button "line L: ..."
//               that moves the cursor there, marked in the dump's own editor too; a
//               profile's errors the same way, in the profile's editor
//   diff        the dump against the reference's --emit=S of the editor's program
//               (printed in the dump's dialect: a profile of words of 8 bytes),
//               temps and labels renamed by first occurrence (dump_diff.js), changed
//               lines with three lines around them
//   run         tigerc --from=S --run (its own worker: Stop ends it), beside the
//               reference's run of the program at S, and whether both agree
//   cfg         tigerc --from=S --emit=cfg-dot, drawn
// The dump, its stage and how it reads live in the URL (from=, dump=, dialect=,
// profile=) so a link shows the same.
import { EditorView, highlightActiveLine, keymap, lineNumbers, placeholder }
  from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { drawGraphs } from './cfg.js';
import { element } from './dom.js';
import { compareDumps } from './dump_diff.js';
import { diagnosticsOf, errorsIn } from './errors.js';
import { browserMaxDepth } from './limits.js';
import { paneBox } from './panes.js';
import { TigercClient } from './tigerc_client.js';
import { dialects } from './url_state.js';

export const dumpStages = ['ir', 'linear', 'traces'];
// Where the course profile is written for --profile= (its errors name it).
const profileFile = 'profile.json';

function section(title, cls, children) {
  return element('details', { open: true, className: cls },
    [element('summary', { textContent: title }), ...children]);
}

// The "dialect" a course profile names, or null (none, or not JSON: tigerc says why).
function profileDialect(profile) {
  try {
    const { dialect } = JSON.parse(profile || '{}');
    return dialects.includes(dialect) && dialect !== 'detect' ? dialect : null;
  } catch {
    return null;
  }
}

// An editor of the pane: the dump's, or the course profile's.
function textEditor(doc, hint, embed, onEdit) {
  return new EditorView({
    state: EditorState.create({ doc, extensions: [
      lineNumbers(), highlightActiveLine(), history(), lintGutter(), keymap.of([...defaultKeymap, ...historyKeymap]),
      placeholder(hint), EditorState.readOnly.of(embed), EditorView.editable.of(!embed),
      EditorView.updateListener.of((u) => u.docChanged && onEdit())] }),
  });
}

// Puts the editor's cursor on `line` and the focus in it.
function goTo(editor, line) {
  const at = editor.state.doc.line(Math.min(Number(line), editor.state.doc.lines));
  editor.dispatch({ selection: { anchor: at.from }, scrollIntoView: true });
  editor.focus();
}

// The verdict of --from=S --verify: one button per error, which puts the cursor on its
// line (in the dump, or "profile line L" in the course profile); then tigerc's own text.
function showInvariants(root, r, stage, dumpFile, editors) {
  const dumpErrors = errorsIn(r.stderr, dumpFile);
  const profileErrors = errorsIn(r.stderr, profileFile);
  const verdict = r.status === 0
    ? (stage === 'ir' ? 'read back: IR trees have no invariant to break'
      : `every invariant of --from=${stage} holds`)
    : profileErrors.length ? `the course profile does not read (exit status ${r.status})`
      : r.status === 68 ? `${dumpErrors.length} broken invariant${dumpErrors.length === 1 ? '' : 's'}`
        : `the dump does not read back (exit status ${r.status})`;
  const item = (editor, prefix) => ([, line, , msg]) => element('li', {}, [
    element('button', { className: 'at view-control', textContent: `${prefix}line ${line}`,
      onclick: () => goTo(editor, line) }), ' ' + msg]);
  root.replaceChildren(element('div', { className: `verdict ${r.status ? 'bad' : 'good'}`,
    textContent: verdict }), element('ul', { className: 'broken' }, [
    ...profileErrors.map(item(editors.profile, 'profile ')), ...dumpErrors.map(item(editors.dump, ''))]),
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

function showDiff(root, mine, ref, stage, readsAs) {
  if (ref.status !== 0 && readsAs.length) {
    root.replaceChildren(element('div', { className: 'verdict bad',
      textContent: `no reference --emit=${stage} ${readsAs.join(' ')}:` }),
    element('pre', { className: 'terminal failed', textContent: ref.stderr }));
    return;
  }
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
    this.dialect = element('select', { className: 'dialect' }, dialects.map((d) =>
      element('option', { textContent: d, selected: d === state.dialect })));
    this.detected = element('span', { className: 'detected' });
    Object.assign(this, paneBox('dump', [element('label', {}, ['--from=', this.stage]),
      element('label', { title: 'how the dump is spelled: tigerc\'s own dumps, another ' +
        'course\'s (docs/judge.md), or detect: the dialect its words say' },
      ['--dialect=', this.dialect]), this.detected]));
    this.client = this.runner = this.timer = null;
    this.generation = 0;
    const later = () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.client && this.refresh(this.client), 300);
    };
    this.editor = textEditor(state.dump, 'Paste here what your compiler printed for the ' +
      'program on the left (tigerc --emit=STAGE prog.tig)', state.embed, () => {
      remember({ dump: this.text() });
      later();
    });
    this.profile = textEditor(state.profile, '{"dialect": "appel-ml", "word_size": 8, ' +
      '"fp": "t0", "rv": "t1"}', state.embed, () => {
      remember({ profile: this.profileText() });
      later();
    });
    this.profileFile = element('input', { type: 'file', className: 'profile-file',
      accept: '.json,application/json' });
    this.profileFile.onchange = async () => {
      const file = this.profileFile.files[0];
      if (!file) return;
      const text = await file.text();
      this.profile.dispatch({ changes: { from: 0, to: this.profile.state.doc.length, insert: text } });
    };
    this.readsAs = element('code', { className: 'reads-as' });
    this.invariants = element('div', { className: 'invariants' });
    this.diff = element('div', { className: 'diff-view' });
    this.graphs = element('div', { className: 'graphs' });
    this.run = makeRunSection(program().stdin);
    const profileSection = section('course profile (--profile=profile.json: the JSON of ' +
      'docs/judge.md; empty: none)', 'profile', [
      element('div', { className: 'dump-editor profile-editor' }, [this.profile.dom]),
      element('label', { className: 'load' }, ['load a file: ', this.profileFile])]);
    profileSection.open = Boolean(state.profile);
    this.body.append(element('div', { className: 'dump-editor dump-text' }, [this.editor.dom]),
      profileSection, element('div', { className: 'reads-as-line' }, ['reads it as ', this.readsAs]),
      section('invariants (--verify)', 'check', [this.invariants]),
      section("diff against the reference's dump", 'diff-section', [this.diff]),
      this.run.root, section('CFG (--emit=cfg-dot)', 'cfg', [this.graphs]));
    this.stage.onchange = () => {
      remember({ from: this.stage.value });
      if (this.client) this.refresh(this.client);
    };
    this.dialect.onchange = () => {
      remember({ dialect: this.dialect.value });
      if (this.client) this.refresh(this.client);
    };
    this.run.stop.onclick = () => this.runner && this.runner.stop();
    this.run.again.onclick = () => this.client && this.refresh(this.client);
  }

  text() {
    return this.editor.state.doc.toString();
  }

  profileText() {
    return this.profile.state.doc.toString();
  }

  // How the dump reads: {args: --dialect and --profile, files: the profile to write,
  // detected: what "detect" found, to show}. tigerc without a profile reads tigerc's own
  // dumps; a chosen dialect overrides a profile's "dialect". "detect" is tigerc's rule
  // made explicit: the profile's "dialect", else the one the dump's words say (without
  // a profile, with that dialect's shipped profile), so that the reference's dump is
  // printed in the same words.
  async reading(client, dump) {
    const profile = this.profileText().trim() ? this.profileText() : '';
    let dialect = this.dialect.value, detected = '';
    if (dialect === 'detect') {
      const named = profileDialect(profile);
      dialect = named || await client.detect(dump);
      detected = named ? `the profile's: ${named}` : `its words: ${dialect}`;
    }
    if (dialect === 'tigerc' && !profile) dialect = null;
    return { args: [...(dialect ? [`--dialect=${dialect}`] : []),
      ...(profile ? [`--profile=${profileFile}`] : [])],
    files: profile ? { [profileFile]: profile } : {}, detected };
  }

  // Every part again, for the dump and the program as they are now.
  async refresh(client) {
    this.client = client;
    const mine = ++this.generation, from = this.stage.value, dump = this.text();
    const p = this.program(), file = `dump.${from}`;
    if (!dump.trim()) return this.clear(from);
    const start = performance.now();
    const reads = await this.reading(client, dump);
    const as = [`--from=${from}`, ...reads.args];
    const check = await client.call([...as, '--verify'], file, dump, '', reads.files);
    const ref = await client.call([`--emit=${from}`, ...reads.args, ...p.options], p.file,
      p.source, '', reads.files);
    const cfg = await client.call([...as, '--emit=cfg-dot', ...p.options], file, dump, '',
      reads.files);
    if (mine !== this.generation) return;
    this.ms.textContent = `${(performance.now() - start).toFixed(1)} ms`;
    this.readsAs.textContent = `tigerc ${as.join(' ')} ${file}`;
    this.detected.textContent = reads.detected;
    this.editor.dispatch(setDiagnostics(this.editor.state,
      diagnosticsOf(check.stderr, this.editor.state.doc, file)));
    this.profile.dispatch(setDiagnostics(this.profile.state,
      diagnosticsOf(check.stderr, this.profile.state.doc, profileFile)));
    showInvariants(this.invariants, check, from, file,
      { dump: this.editor, profile: this.profile });
    showDiff(this.diff, dump, ref, from, reads.args);
    this.graphs.replaceChildren(...(cfg.status === 0 ? await drawGraphs(cfg.stdout) : []));
    if (this.runner && this.runner.pending.size) this.runner.stop(); // an older run
    // The runs go on in their own worker: the other panes need not wait for them.
    this.runBoth(from, dump, reads, p, mine).then(() => {
      if (mine === this.generation) this.box.dataset.refreshed = mine;
    });
  }

  clear(from) {
    this.readsAs.textContent = this.detected.textContent = '';
    this.invariants.replaceChildren(element('div', { className: 'verdict',
      textContent: `paste a dump your compiler printed with --emit=${from}` }));
    for (const part of [this.diff, this.graphs]) part.replaceChildren();
    for (const part of [this.run.yours, this.run.theirs, this.run.agree]) part.textContent = '';
  }

  // The dump and the program run at the same stage, with the same input.
  async runBoth(from, dump, reads, p, mine) {
    const run = this.run;
    this.runner = this.runner || new TigercClient();
    const limits = ['--stats', '--max-steps=10000000', `--max-depth=${browserMaxDepth}`];
    run.yours.textContent = 'running...';
    run.theirs.textContent = run.agree.textContent = '';
    const yours = await this.runner.call([`--from=${from}`, ...reads.args, '--run', ...limits,
      ...p.options], `dump.${from}`, dump, run.stdin.value, reads.files);
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
