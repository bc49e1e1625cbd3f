// cfg.js - draws tigerc's cfg-dot / blocks-dot text (one digraph per function) as SVG in
// the page with Graphviz compiled to WebAssembly (@viz-js/viz). Returns the elements.
import { instance } from '@viz-js/viz';

let viz = null;

// Splits the output into its digraphs: each starts at a line `digraph "name" {`.
export function splitGraphs(dot) {
  return dot.split(/^(?=digraph )/m).filter((g) => g.trim());
}

// Graphviz in WebAssembly has no fonts: it sizes text with the metrics it knows, which
// include Courier but not "monospace", so boxes drawn for "monospace" clip their text.
const knownMetrics = (graph) => graph.replaceAll('fontname="monospace"', 'fontname="Courier"');

export async function drawGraphs(dot) {
  viz = viz || (await instance());
  return splitGraphs(dot).map((graph) => viz.renderSVGElement(knownMetrics(graph)));
}
