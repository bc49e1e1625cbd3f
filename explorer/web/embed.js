// embed.js - the embeddable view, #embed=1 (explorer/README.md, "Embedding"): the first
// pane of panes= alone, read-only, filling the frame of an iframe in a course page or a
// slide, with a link that opens the same view as the full page in a new tab.
//
// Read-only: the program cannot be edited (the editor is hidden) and every control that
// would change what is shown is disabled; those that only look around (the canon
// stepper's Previous / Next, Run, a line button) carry the class view-control and stay.
import { element } from './dom.js';

// The state the embedded view shows: one pane.
export function embeddedState(state) {
  return state.embed ? { ...state, panes: state.panes.slice(0, 1) } : state;
}

// The full page's link: the same hash without embed=1.
export function fullPageLink(state, writeHash) {
  return element('a', { className: 'open-full view-control', target: '_blank',
    rel: 'noopener', href: location.pathname + writeHash({ ...state, embed: false }),
    textContent: 'open in Tiger Explorer \u2197' });
}

// Disables every form control under root but the view controls.
export function freeze(root) {
  for (const field of root.querySelectorAll('input, select, textarea, button'))
    if (!field.classList.contains('view-control')) field.disabled = true;
}

export function showEmbedded(state, writeHash) {
  document.body.classList.add('embed');
  const pane = document.querySelector('#panes .pane');
  if (pane) pane.querySelector('h2').append(fullPageLink(state, writeHash));
  freeze(document.getElementById('panes'));
}
