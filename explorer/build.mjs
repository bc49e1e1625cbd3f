// build.mjs - bundles Tiger Explorer's page into a static site (explorer/README.md).
//
// Usage: node build.mjs OUT_DIR WASM_DIR NODE_MODULES_DIR
// In:  web/*.js (ES modules importing CodeMirror 6 and @viz-js/viz from NODE_MODULES_DIR),
//      WASM_DIR/tigerc.{js,wasm} (explorer/wasm), the examples from examples.py.
// Out: OUT_DIR/index.html style.css main.js chunk-*.js (Graphviz) worker.js tigerc.js
//      tigerc.wasm
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [out, wasmDir, modules] = process.argv.slice(2).map((p) => resolve(p));
const here = dirname(fileURLToPath(import.meta.url));
const esbuild = createRequire(join(modules, 'x.js'))('esbuild');

const examples = execFileSync('python3', [join(here, 'examples.py'), join(here, '../testcases')],
  { encoding: 'utf-8' });

const common = { bundle: true, format: 'esm', minify: true, nodePaths: [modules],
  logLevel: 'warning', legalComments: 'none' };
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await esbuild.build({ ...common, entryPoints: [join(here, 'web/main.js')], outdir: out,
  splitting: true, define: { TIGER_EXAMPLES: examples } });
await esbuild.build({ ...common, entryPoints: [join(here, 'web/worker.js')],
  outfile: join(out, 'worker.js'), external: ['./tigerc.js'] });
for (const f of ['index.html', 'style.css']) copyFileSync(join(here, 'web', f), join(out, f));
for (const f of ['tigerc.js', 'tigerc.wasm']) copyFileSync(join(wasmDir, f), join(out, f));
