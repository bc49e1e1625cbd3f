// worker.js - runs tigerc (the WebAssembly build, explorer/wasm) off the page's thread.
//
// Message in:  {id, args: ["--emit=ir", ...], file: "queens.tig", source, input, files}
//              files: {path: text} written first (a course profile for --profile=path)
// Message out: {id, status, stdout, stderr, ms}   (ms: time inside tigerc_run)
// Message in:  {id, detect: dump}  ->  out: {id, dialect}  the dialect of another
//              course's dump, from its words (tigerc_detect_dialect)
// The page keeps one worker for the stage panes and one for runs, and terminates the run
// worker to stop a program early; the step limit (--max-steps) stops runaways anyway.
import createTigerc from './tigerc.js';

const load = () => createTigerc({
  print: () => {},
  printErr: (text) => console.warn('tigerc:', text),
});
let tigerc = load();

// The browser's own stack is smaller than the native tigerc's big-stack thread: a very
// deep program can exhaust it before tigerc's nesting or call-depth limit does. That is
// reported like a limit (exit 71, ExitCode::Limit), with a message saying which.
function tooDeep(args) {
  const running = args.some((a) => a === '--run' || a.startsWith('--run-at'));
  return running
    ? 'tigerc: the program recursed deeper than the browser\'s stack allows; lower --max-depth'
    : 'tigerc: the program nests deeper than the browser\'s stack allows; use the native tigerc';
}

async function run({ id, args, file, source, input, files }) {
  const m = await tigerc;
  for (const [path, text] of Object.entries(files || {}))
    m.ccall('tigerc_write_file', 'number', ['string', 'string'], [path, text]);
  const start = performance.now();
  let status;
  try {
    status = m.ccall('tigerc_run', 'number', ['string', 'string', 'string', 'string'],
      [[...args, file].join('\n'), file, source, input || '']);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    tigerc = load(); // the overflow left the module mid-call: start a fresh one
    return { id, status: 71, stdout: '', stderr: tooDeep(args) + '\n', ms: 0 };
  }
  const ms = performance.now() - start;
  const stdout = m.ccall('tigerc_stdout', 'string', [], []);
  const stderr = m.ccall('tigerc_stderr', 'string', [], []);
  return { id, status, stdout, stderr, ms };
}

async function detect({ id, detect: dump }) {
  const m = await tigerc;
  return { id, dialect: m.ccall('tigerc_detect_dialect', 'string', ['string'], [dump]) };
}

self.onmessage = async (event) => {
  self.postMessage(await ('detect' in event.data ? detect(event.data) : run(event.data)));
};
