// url_state.js - what the page shows, kept in the URL hash so a link opens the same view:
//   #ex=demo/queens&panes=traces,cfg&commute=sharp&layout=loops&cfg=cfg-dot&flow=pto-dot&at=traces
// An edited program travels whole: code=<the text, URI-encoded> instead of ex=.
// The dump pane adds from=<stage>&dump=<the pasted dump> (a hash with a dump and no
// panes= shows that pane), and dialect=<how it reads>&profile=<a course profile's JSON>
// when they are not tigerc's own; the canon stepper's step=N (from 1); embed=1 is the
// embeddable view.

// How the dump pane reads a dump: tigerc's own dumps, the four dialects of docs/judge.md,
// or "detect": the dialect its words say.
export const dialects = ['tigerc', 'appel-c', 'appel-ml', 'appel-java', 'tiger-cpp', 'detect'];

export const defaults = {
  ex: 'demo/queens', code: null, panes: ['traces', 'cfg'], book: false,
  commute: 'sharp', layout: 'loops', cfg: 'cfg-dot', flow: 'pto-dot', at: 'traces',
  from: 'linear', dump: '', dialect: 'tigerc', profile: '', step: 0, embed: false,
};

export function readHash(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const s = { ...defaults };
  for (const key of ['ex', 'code', 'commute', 'layout', 'cfg', 'flow', 'at', 'from', 'dump',
    'dialect', 'profile'])
    if (p.has(key)) s[key] = p.get(key);
  if (p.has('panes')) s.panes = p.get('panes').split(',').filter(Boolean);
  else if (s.dump) s.panes = ['dump'];
  s.book = p.get('book') === '1';
  s.embed = p.get('embed') === '1';
  s.step = Number(p.get('step')) || 0;
  if (!['ir', 'linear', 'traces'].includes(s.from)) s.from = defaults.from;
  if (!dialects.includes(s.dialect)) s.dialect = defaults.dialect;
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
  if (s.dump || s.panes.includes('dump')) p.set('from', s.from);
  if (s.dump) p.set('dump', s.dump);
  if (s.dialect !== defaults.dialect) p.set('dialect', s.dialect);
  if (s.profile) p.set('profile', s.profile);
  if (s.step) p.set('step', String(s.step));
  if (s.embed) p.set('embed', '1');
  return '#' + p.toString();
}
