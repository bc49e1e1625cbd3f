// canon_stepper.js - the canon pane: `tigerc --emit=traces --explain=canon`, one rewrite at
// a time (explorer/README.md, "Canon stepper"; the log's format: chap8/explain.hh).
//
// In:  the explain log (stderr). Each line "canon: ..." starts a step; the lines after it
//      continue its rule until "  before:", then hold the tree before, then after
//      "  after:" the tree after. Notes ("PROC f", "basic blocks: ...") have no trees.
// Out: the step's PROC, rule, and both trees with the lines that differ marked (a diff
//      that ignores indentation and closing parentheses, so a tree moved under a new
//      parent is not marked, only the nodes the rewrite made or took away);
//      Previous / Next buttons (and the arrow keys), the position, and a toggle that
//      hides the steps that change nothing visible (notes, equal trees). The step shown
//      is kept in the URL (step=N, counted from 1 over all the steps), so a link or an
//      embedded view opens on it.
import { element } from './dom.js';
import { diffLines } from './dump_diff.js';

export function parseCanonLog(log) {
  const steps = [];
  let proc = '', part = 'rule';
  for (const line of log.split('\n')) {
    if (line.startsWith('canon: ')) {
      const rule = line.slice(7);
      if (rule.startsWith('PROC ')) proc = rule.slice(5);
      steps.push({ proc, rule, before: null, after: null });
      part = 'rule';
    } else if (steps.length && line) {
      const step = steps.at(-1);
      if (line === '  before:' || line === '  after:') {
        part = line.trim().slice(0, -1);
        step[part] = [];
      } else if (part === 'rule') step.rule += '\n' + line.replace(/^ {7}/, '');
      else step[part].push(line.slice(2));
    }
  }
  return steps;
}

// A step changes something visible when it has trees and they print differently.
export const changesSomething = (step) =>
  step.before !== null && step.before.join('\n') !== (step.after || []).join('\n');

// A tree's lines, those of `marked` (indices) in a <mark>.
function tree(lines, marked, cls) {
  return element('pre', { className: `tree ${cls}` }, lines.map((line, i) =>
    marked.has(i) ? element('mark', { textContent: line + '\n' }) : line + '\n'));
}

function showStep(view, step) {
  const rows = diffLines(step.before || [], step.after || [],
    (l) => l.trim().replace(/[),]+$/, ''));
  const gone = new Set(rows.filter((r) => r.op === '-').map((r) => r.a));
  const added = new Set(rows.filter((r) => r.op === '+').map((r) => r.b));
  view.where.textContent = step.proc ? `in PROC ${step.proc}` : '';
  view.rule.textContent = step.rule;
  view.trees.replaceChildren(...(step.before === null ? [element('p', {
    className: 'note', textContent: 'a note: no tree changes at this step' })] : [
    element('div', {}, [element('h3', { textContent: 'before' }), tree(step.before, gone, 'before')]),
    element('div', {}, [element('h3', { textContent: 'after' }), tree(step.after || [], added, 'after')]),
  ]));
}

export function makeCanonStepper(state, remember) {
  const prev = element('button', { textContent: '\u25c0 previous', className: 'prev view-control' });
  const next = element('button', { textContent: 'next \u25b6', className: 'next view-control' });
  const pos = element('span', { className: 'pos' });
  const hide = element('input', { type: 'checkbox', className: 'hide view-control' });
  const view = { where: element('div', { className: 'where' }),
    rule: element('pre', { className: 'rule' }), trees: element('div', { className: 'trees' }) };
  const root = element('div', { className: 'stepper', tabIndex: 0 }, [
    element('div', { className: 'nav' }, [prev, pos, next, element('label', {},
      [hide, ' hide steps that change nothing visible'])]),
    view.where, view.rule, view.trees]);
  let all = [], shown = [], at = Math.max(0, state.step - 1);

  function render() {
    at = Math.max(0, Math.min(at, shown.length - 1));
    prev.disabled = at <= 0;
    next.disabled = at >= shown.length - 1;
    pos.textContent = shown.length ? `step ${at + 1} of ${shown.length}` +
      (shown.length < all.length ? ` (${all.length} in all)` : '') : 'no steps';
    if (shown.length) showStep(view, shown[at]);
    root.dataset.index = shown.length ? all.indexOf(shown[at]) : -1;
  }
  function go(delta) {
    at += delta;
    render();
    remember({ step: Number(root.dataset.index) + 1 });
  }
  prev.onclick = () => go(-1);
  next.onclick = () => go(1);
  root.onkeydown = (e) => {
    if (e.key === 'ArrowLeft' && !prev.disabled) go(-1);
    if (e.key === 'ArrowRight' && !next.disabled) go(1);
  };
  hide.onchange = () => {
    const current = shown[at];
    shown = hide.checked ? all.filter(changesSomething) : all;
    at = Math.max(0, shown.indexOf(current));
    render();
  };
  return {
    args: () => ['--emit=traces', '--explain=canon'],
    show(body, r) {
      const index = all.length ? Number(root.dataset.index) : at;
      all = parseCanonLog(r.stderr);
      shown = hide.checked ? all.filter(changesSomething) : all;
      at = Math.max(0, shown.indexOf(all[index]));
      render();
      body.replaceChildren(root);
    },
  };
}
