// xhl.js - cross-highlighting (explorer/README.md): one Tiger source line is selected at a
// time, the editor's cursor line or the line of a pane statement the mouse is over; it is
// marked in the editor, and in every pane each element whose `data-srcs` (space-separated
// source lines, set from --locations by source_map.js) names it: a text pane's statement
// lines, a CFG block. The mark's colour is line mod `paletteSize` (style.css: [data-xhl]),
// the same in every pane; a text pane scrolls its first marked line into view when the
// cursor moved (not when the mouse is over a pane, which would move it away). Clicking a marked element moves the editor's cursor to its
// line; the cursor moves with the keyboard too, so nothing needs a mouse.
import { StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import { element } from './dom.js';

export const paletteSize = 8;
const hoverEffect = StateEffect.define();

// The selected line: the hovered one, else the cursor's; its line decoration.
function marked(state, hover) {
  const line = hover && hover <= state.doc.lines ? hover
    : state.doc.lineAt(state.selection.main.head).number;
  const mark = Decoration.line({ attributes: { 'data-xhl': String(line % paletteSize) } });
  return { hover, line, deco: Decoration.set([mark.range(state.doc.line(line).from)]) };
}

const selection = StateField.define({
  create: (state) => marked(state, 0),
  update(value, tr) {
    let hover = value.hover;
    for (const e of tr.effects) if (e.is(hoverEffect)) hover = e.value;
    if (hover === value.hover && !tr.docChanged && !tr.selection) return value;
    return marked(tr.state, hover);
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.deco),
});

// Marks, under `root`, the elements of source line `line` (and unmarks the others); with
// `reveal`, scrolls each text pane to its first marked line when that is out of sight.
export function paint(root, line, reveal) {
  for (const el of root.querySelectorAll('[data-xhl]')) el.removeAttribute('data-xhl');
  for (const el of root.querySelectorAll(`[data-srcs~="${line}"]`)) {
    el.setAttribute('data-xhl', String(line % paletteSize));
  }
  if (!reveal) return;
  for (const pre of root.querySelectorAll('pre.out')) {
    const first = pre.querySelector('[data-xhl]');
    const top = first && first.offsetTop - pre.scrollTop;
    if (first && (top < 0 || top + first.offsetHeight > pre.clientHeight)) {
      pre.scrollTop = first.offsetTop - pre.clientHeight / 3;
    }
  }
}

// A text pane's dump (parseLocations' result) as a <pre>, a span per line with data-srcs.
export function markedText({ lines, sources }) {
  return element('pre', { className: 'out' }, lines.map((line, i) => {
    const text = i + 1 < lines.length ? line + '\n' : line;
    const span = element('span', { textContent: text });
    if (sources[i]) span.dataset.srcs = String(sources[i]);
    return span;
  }));
}

// The editor extension; the panes under `paneRoot` follow the selection and select by
// hovering or clicking. `view()` returns the editor.
export function crossHighlight(paneRoot, view) {
  const current = () => view().state.field(selection);
  const first = (ev) => Number(ev.target.closest?.('[data-srcs]')?.dataset.srcs.split(' ')[0] || 0);
  const follow = EditorView.updateListener.of((u) => {
    const { line, hover } = current();
    if (u.startState.field(selection) !== u.state.field(selection)) paint(paneRoot, line, !hover);
  });
  paneRoot.addEventListener('mouseover', (ev) => {
    view().dispatch({ effects: hoverEffect.of(first(ev)) });
  });
  paneRoot.addEventListener('mouseleave', () => view().dispatch({ effects: hoverEffect.of(0) }));
  paneRoot.addEventListener('click', (ev) => {
    const line = first(ev);
    if (!line || line > view().state.doc.lines) return;
    view().dispatch({ selection: { anchor: view().state.doc.line(line).from },
      effects: hoverEffect.of(0), scrollIntoView: true });
  });
  return { extension: [selection, follow],
    repaint: () => paint(paneRoot, current().line, !current().hover) };
}
