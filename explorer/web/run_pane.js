// run_pane.js - the run pane: standard input, the stage to run at (ir, linear, traces),
// the step limit, Run and Stop; shows the program's output, its exit status and the
// --stats counts. Runs go to their own worker so Stop can end one without the panes.
import { paneBox } from './panes.js';
import { TigercClient } from './tigerc_client.js';
import { browserMaxDepth } from './limits.js';

function field(tag, props) {
  return Object.assign(document.createElement(tag), props);
}

export function makeRunPane(state, onChange, program) {
  const client = new TigercClient();
  const at = field('select', {});
  at.append(...['ir', 'linear', 'traces'].map((s) =>
    field('option', { textContent: s, selected: s === state.at })));
  at.onchange = () => onChange({ at: at.value });
  const steps = field('input', { type: 'number', value: 10000000, min: 0, className: 'steps' });
  const depth = field('input', { type: 'number', value: browserMaxDepth, min: 0, className: 'depth' });
  const input = field('textarea', { placeholder: 'standard input', className: 'stdin' });
  const runButton = field('button', { textContent: 'Run', className: 'run view-control' });
  const stopButton = field('button', { textContent: 'Stop', className: 'stop view-control',
    disabled: true });
  const { box, body, ms } = paneBox('run', []);
  const out = field('pre', { className: 'terminal output' });
  const status = field('div', { className: 'status' });
  const controls = field('div', { className: 'run-controls' });
  controls.append('at ', at, ' --max-steps=', steps, ' --max-depth=', depth, runButton,
    stopButton, input);
  body.append(controls, out, status);

  runButton.onclick = async () => {
    const { file, source, options } = program();
    const args = [`--run-at=${at.value}`, '--stats', `--max-steps=${steps.value}`,
      `--max-depth=${depth.value}`, ...options];
    runButton.disabled = true;
    stopButton.disabled = false;
    out.textContent = '';
    status.textContent = 'running...';
    const r = await client.call(args, file, source, input.value);
    const stats = r.stderr.split('\n').filter((l) => l.startsWith('stats: '));
    const other = r.stderr.split('\n').filter((l) => !l.startsWith('stats: ')).join('\n');
    out.textContent = r.stdout + other;
    out.scrollTop = out.scrollHeight; // the end of the output is what a run ends with
    status.textContent = r.status === null ? 'stopped'
      : `exit status ${r.status}` + (stats.length ? `   ${stats.join(' ')}` : '');
    ms.textContent = r.status === null ? '' : `${r.ms.toFixed(1)} ms`;
    runButton.disabled = false;
    stopButton.disabled = true;
  };
  stopButton.onclick = () => client.stop();
  return { box, input };
}
