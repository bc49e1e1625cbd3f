// panes.js - the stage panes on the right. Each pane says which tigerc arguments it needs
// (args) and how to show the result (show). Text stages print stdout as tigerc does; the
// CFG pane draws cfg-dot or blocks-dot, the pto-flow pane pto-dot or pto-cft-dot (the
// structured IR before and after CtrlFlowTransform); the canon pane steps through
// --explain=canon.
import { drawGraphs } from './cfg.js';
import { makeCanonStepper } from './canon_stepper.js';
import { element } from './dom.js';

const textStages = ['tokens', 'ast', 'ir', 'linear', 'blocks', 'traces',
  'pto', 'pto-cft', 'pto-ssa', 'mlir'];
export const paneNames = ['tokens', 'ast', 'ir', 'linear', 'blocks', 'traces', 'cfg', 'canon',
  'pto', 'pto-cft', 'pto-flow', 'pto-ssa', 'mlir', 'run', 'dump'];
// The panes drawn by Graphviz: the state key of each one's choice, and its choices.
export const drawingPanes = {
  cfg: { key: 'cfg', emits: ['cfg-dot', 'blocks-dot'] },
  'pto-flow': { key: 'flow', emits: ['pto-dot', 'pto-cft-dot'] },
};


// The box every pane sits in: a title line (name, extra controls, time) and a body.
export function paneBox(name, controls = []) {
  const ms = element('span', { className: 'ms' });
  const body = element('div', { className: 'body' });
  const box = element('div', { className: 'pane' }, [
    element('h2', {}, [element('span', { textContent: name }), ...controls, ms]), body]);
  box.dataset.pane = name;
  return { box, body, ms };
}

// A failed stage shows tigerc's stderr as a terminal would.
function showFailure(body, r) {
  body.replaceChildren(element('pre', { className: 'terminal failed',
    textContent: r.stderr + `[exit status ${r.status}]` }));
}

function textPane(name) {
  return {
    args: () => [`--emit=${name}`],
    show(body, r) {
      if (r.status !== 0) return showFailure(body, r);
      body.replaceChildren(element('pre', { className: 'out', textContent: r.stdout }));
    },
  };
}

// A pane that draws one of its --emit choices (the state's `key`) as SVG.
function drawingPane(state, onChange, { key, emits }) {
  const pick = element('select', {}, emits.map((k) =>
    element('option', { textContent: k, selected: k === state[key] })));
  pick.onchange = () => onChange({ [key]: pick.value });
  return {
    controls: [pick],
    args: () => [`--emit=${state[key]}`],
    async show(body, r) {
      if (r.status !== 0) return showFailure(body, r);
      const svgs = await drawGraphs(r.stdout);
      body.replaceChildren(element('div', { className: 'graphs' }, svgs));
    },
  };
}

// --explain=canon, one rewrite at a time (canon_stepper.js).
function canonPane(state, remember) {
  const stepper = makeCanonStepper(state, remember);
  return {
    args: stepper.args,
    show: (body, r) => (r.status !== 0 ? showFailure(body, r) : stepper.show(body, r)),
  };
}

export function makePane(name, state, onChange, remember) {
  if (textStages.includes(name)) return textPane(name);
  if (drawingPanes[name]) return drawingPane(state, onChange, drawingPanes[name]);
  if (name === 'canon') return canonPane(state, remember);
  throw new Error(`no pane ${name}`);
}
