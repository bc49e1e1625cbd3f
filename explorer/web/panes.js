// panes.js - the stage panes on the right. Each pane says which tigerc arguments it needs
// (args) and how to show the result (show). Text stages print stdout as tigerc does; the
// CFG pane draws cfg-dot or blocks-dot, the pto-flow pane pto-dot or pto-cft-dot (the
// structured IR before and after CtrlFlowTransform); the canon pane steps through
// --explain=canon. The panes of ir, linear, blocks and traces ask for --locations and show
// the dump without its comments, each line tagged with its source line; the CFG pane asks
// for traces or blocks with --locations too (`locate`), to tag each block (xhl.js).
import { drawGraphs } from './cfg.js';
import { makeCanonStepper } from './canon_stepper.js';
import { element } from './dom.js';
import { blockSources, parseLocations } from './source_map.js';
import { markedText } from './xhl.js';

const textStages = ['tokens', 'ast', 'ir', 'linear', 'blocks', 'traces',
  'pto', 'pto-cft', 'pto-ssa', 'mlir'];
const locatedStages = ['ir', 'linear', 'blocks', 'traces'];
// The dump whose blocks each drawing names by their LABEL (none: not cross-highlighted).
const blocksOf = { 'cfg-dot': 'traces', 'blocks-dot': 'blocks' };
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
  const located = locatedStages.includes(name);
  return {
    args: () => [`--emit=${name}`, ...(located ? ['--locations'] : [])],
    show(body, r) {
      if (r.status !== 0) return showFailure(body, r);
      body.replaceChildren(located ? markedText(parseLocations(r.stdout))
        : element('pre', { className: 'out', textContent: r.stdout }));
    },
  };
}

// Gives each drawn block (an SVG node holding a `LABEL l` line) the source lines of its
// statements as data-srcs.
function tagBlocks(svgs, located) {
  const sources = blockSources(parseLocations(located.stdout));
  for (const node of svgs.flatMap((svg) => [...svg.querySelectorAll('g.node')])) {
    const label = [...node.querySelectorAll('text')]
      .map((t) => /^LABEL (\S+)$/.exec(t.textContent)).find(Boolean);
    const lines = label && sources.get(label[1]);
    if (lines?.length) node.dataset.srcs = lines.join(' ');
  }
}

// A pane that draws one of its --emit choices (the state's `key`) as SVG.
function drawingPane(state, onChange, { key, emits }) {
  const pick = element('select', {}, emits.map((k) =>
    element('option', { textContent: k, selected: k === state[key] })));
  pick.onchange = () => onChange({ [key]: pick.value });
  return {
    controls: [pick],
    args: () => [`--emit=${state[key]}`],
    locate: () => (blocksOf[state[key]] ? [`--emit=${blocksOf[state[key]]}`, '--locations'] : null),
    async show(body, r, located) {
      if (r.status !== 0) return showFailure(body, r);
      const svgs = await drawGraphs(r.stdout);
      if (located?.status === 0) tagBlocks(svgs, located);
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
