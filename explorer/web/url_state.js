// url_state.js - what the page shows, kept in the URL hash so a link opens the same view:
//   #ex=demo/queens&panes=traces,cfg&commute=sharp&layout=loops&cfg=cfg-dot&flow=pto-dot&at=traces
// An edited program travels whole: code=<the text, URI-encoded> instead of ex=.
export const defaults = {
  ex: 'demo/queens', code: null, panes: ['traces', 'cfg'], book: false,
  commute: 'sharp', layout: 'loops', cfg: 'cfg-dot', flow: 'pto-dot', at: 'traces',
};

export function readHash(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const s = { ...defaults };
  for (const key of ['ex', 'code', 'commute', 'layout', 'cfg', 'flow', 'at'])
    if (p.has(key)) s[key] = p.get(key);
  if (p.has('panes')) s.panes = p.get('panes').split(',').filter(Boolean);
  s.book = p.get('book') === '1';
  if (s.code !== null) s.ex = null;
  return s;
}

export function writeHash(s) {
  const p = new URLSearchParams();
  if (s.code !== null) p.set('code', s.code);
  else p.set('ex', s.ex);
  p.set('panes', s.panes.join(','));
  if (s.book) p.set('book', '1');
  for (const key of ['commute', 'layout', 'cfg', 'flow', 'at']) p.set(key, s[key]);
  return '#' + p.toString();
}
