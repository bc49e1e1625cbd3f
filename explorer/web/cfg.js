// cfg.js - draws tigerc's Graphviz text (cfg-dot, blocks-dot, pto-dot, pto-cft-dot: one
// digraph per function) as SVG in the page with Graphviz compiled to WebAssembly
// (@viz-js/viz). Returns the elements.
let viz = null;

// Starts loading Graphviz (about 1.4 MB of WebAssembly, a chunk of its own so the page
// and the compiler's worker start without waiting for it) before the first drawing.
export function preloadGraphviz() {
  viz = viz || import('@viz-js/viz').then((m) => m.instance());
}

// Splits the output into its digraphs: each starts at a line `digraph "name" {`.
export function splitGraphs(dot) {
  return dot.split(/^(?=digraph )/m).filter((g) => g.trim());
}

// Graphviz in WebAssembly has no fonts: it sizes text with the metrics it knows, which
// include Courier but not "monospace", so boxes drawn for "monospace" clip their text.
const knownMetrics = (graph) => graph.replaceAll('fontname="monospace"', 'fontname="Courier"');

export async function drawGraphs(dot) {
  preloadGraphviz();
  const graphviz = await viz;
  return splitGraphs(dot).map((graph) => graphviz.renderSVGElement(knownMetrics(graph)));
}
