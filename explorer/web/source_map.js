// source_map.js - reads the `# L:C` lines of `tigerc --emit=ir|linear|blocks|traces
// --locations` (chap7/README.md, "Source positions") into a map from the dump's lines to
// the Tiger source lines they came from, for the page's cross-highlighting (xhl.js).
//
// Input: the dump with its comment lines. A comment `# L:C` sits on its own line, indented
// like the statement after it; that statement is its first line and every following line
// indented deeper (in `ir` a comment can sit inside a statement, under a SEQ or ESEQ: the
// inner statement's lines then belong to the inner comment).
// Output: the dump without the comment lines (byte-identical to the same --emit without
// --locations) and, per line of it, its source line (0: none, e.g. PROC, BLOCK, SEQ).

const comment = /^( *)# (\d+):\d+$/;
const indentOf = (line) => line.length - line.trimStart().length;

export function parseLocations(dump) {
  const lines = [], sources = [];
  const open = []; // statements still going on: {indent, source}, innermost last
  let pending = null; // the comment whose statement starts at the next line
  for (const line of dump.split('\n')) {
    const m = comment.exec(line);
    if (m) {
      pending = { indent: m[1].length, source: Number(m[2]) };
      continue;
    }
    const indent = indentOf(line);
    while (open.length && indent <= open[open.length - 1].indent) open.pop();
    if (pending) open.push(pending), (pending = null);
    lines.push(line);
    sources.push(open.length ? open[open.length - 1].source : 0);
  }
  return { text: lines.join('\n'), lines, sources };
}

// Per LABEL of a parsed dump (traces or blocks: a block runs from its LABEL to the next),
// the source lines of the block's statements: Map label -> sorted source lines.
export function blockSources({ lines, sources }) {
  const blocks = new Map();
  let current = null;
  lines.forEach((line, i) => {
    const label = /^\s*LABEL (\S+)$/.exec(line);
    if (label) blocks.set(label[1], (current = new Set()));
    else if (/^(PROC|BLOCK|END)\b/.test(line)) current = null;
    if (current && sources[i]) current.add(sources[i]);
  });
  return new Map([...blocks].map(([l, s]) => [l, [...s].sort((a, b) => a - b)]));
}
