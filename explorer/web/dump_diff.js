// dump_diff.js - a student's dump against the reference's, line by line, with temps and
// labels renamed first so that numbering alone is no difference (explorer/README.md,
// "My dump"). Pure functions: the page and explorer/test/dump_diff_test.mjs (node) use
// them; the format is Appel's printtree (chap7/README.md, "The dump format").
//
//   renameDump(text)         the dump's lines, every temp t<N> renamed t1, t2, ... and
//                            every label of the dump's own (defined by LABEL, PROC or
//                            STRING, or shaped L<N>) renamed L1, L2, ..., each in the
//                            order of its first occurrence; tigermain, fp, rv, runtime
//                            functions, string literals and comments stay as written
//   diffLines(a, b, key)     Myers' O(ND) diff of two line lists, compared by key(line):
//                            rows {op: '=', a, b} | {op: '-', a} | {op: '+', b} (indices)
//   compareDumps(mine, ref)  both renamed and diffed, lines compared without their
//                            indentation: {rows, reference, mine, changed}
// Deterministic: the same two texts always give the same rows.

// A line cut into words (name characters of the dump format) and the text between them;
// string literals and `#` comments (except the `# formals:` header, which names temps)
// are text, never words.
function pieces(line) {
  const out = [];
  const word = /[A-Za-z0-9_$.]+|"(?:[^"\\]|\\.)*"?|#.*|[^A-Za-z0-9_$."#]+/g;
  for (const [piece] of line.matchAll(word)) {
    const isWord = /^[A-Za-z0-9_$.]/.test(piece);
    if (piece.startsWith('#') && /^#\s*formals:/.test(piece))
      out.push(...pieces(piece.slice(1)).map((p, k) => (k ? p : { ...p, text: '#' + p.text })));
    else out.push({ text: piece, word: isWord });
  }
  return out;
}

const isTemp = (w) => /^t\d+$/.test(w);
const definers = new Set(['LABEL', 'PROC', 'STRING']);

// The labels the dump defines itself: the word after LABEL, PROC or STRING.
function ownLabels(lines) {
  const own = new Set();
  for (const line of lines) {
    const words = pieces(line).filter((p) => p.word).map((p) => p.text);
    words.forEach((w, k) => definers.has(w) && k + 1 < words.length && own.add(words[k + 1]));
  }
  own.delete('tigermain');
  return own;
}

export function renameDump(text) {
  const lines = text.split('\n');
  const own = ownLabels(lines);
  const names = new Map();
  let temps = 0, labels = 0;
  const rename = (w) => {
    if (!names.has(w)) names.set(w, isTemp(w) ? `t${++temps}` : `L${++labels}`);
    return names.get(w);
  };
  const renamed = lines.map((line) => pieces(line).map((p) =>
    p.word && (isTemp(p.text) || own.has(p.text) || /^L\d+$/.test(p.text))
      ? rename(p.text) : p.text).join(''));
  return { lines: renamed, names };
}

// The furthest x on each diagonal k after d differences, for the diagonals d can reach:
// snapshot[k + d + 1] for k in -d-1 .. d+1.
function snapshot(v, offset, d) {
  return v.slice(offset - d - 1, offset + d + 2);
}

// Myers' greedy search from (0, 0) to (n, m); the snapshots of each round, or null when
// more than maxD lines differ.
function search(same, n, m, maxD) {
  const limit = Math.min(n + m, maxD), offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace = [];
  for (let d = 0; d <= limit; d++) {
    trace.push(snapshot(v, offset, d));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
      let x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && same(x, y)) x++, y++;
      v[offset + k] = x;
      if (x >= n && y >= m) return trace;
    }
  }
  return null;
}

// The rows of the path the snapshots record, walked back from (n, m).
function backtrack(trace, n, m) {
  const rows = [];
  let x = n, y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const at = (k) => trace[d][k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK), prevY = prevX - prevK;
    while (x > prevX && y > prevY) rows.push({ op: '=', a: --x, b: --y });
    if (d > 0) rows.push(x === prevX ? { op: '+', b: --y } : { op: '-', a: --x });
  }
  return rows.reverse();
}

export function diffLines(a, b, key = (line) => line, maxD = 2000) {
  const ka = a.map(key), kb = b.map(key);
  let head = 0;
  while (head < ka.length && head < kb.length && ka[head] === kb[head]) head++;
  let tailA = ka.length, tailB = kb.length;
  while (tailA > head && tailB > head && ka[tailA - 1] === kb[tailB - 1]) tailA--, tailB--;
  const n = tailA - head, m = tailB - head;
  const trace = search((x, y) => ka[head + x] === kb[head + y], n, m, maxD);
  // Past maxD differences the middle is shown as removed, then added: still a diff.
  const middle = trace ? backtrack(trace, n, m)
    : [...Array.from({ length: n }, (_, x) => ({ op: '-', a: x })),
      ...Array.from({ length: m }, (_, y) => ({ op: '+', b: y }))];
  const rows = [];
  for (let i = 0; i < head; i++) rows.push({ op: '=', a: i, b: i });
  for (const r of middle)
    rows.push({ op: r.op, a: r.a === undefined ? undefined : r.a + head,
      b: r.b === undefined ? undefined : r.b + head });
  for (let i = 0; i < ka.length - tailA; i++)
    rows.push({ op: '=', a: tailA + i, b: tailB + i });
  return rows;
}

export function compareDumps(mine, reference) {
  const ref = renameDump(reference), yours = renameDump(mine);
  const rows = diffLines(ref.lines, yours.lines, (line) => line.trim());
  return { rows, reference: ref.lines, mine: yours.lines,
    changed: rows.filter((r) => r.op !== '=').length };
}
