// errors.js - tigerc's error lines (`file:L:C: error: message`, then the source line and a
// caret; README.md "Errors") turned into CodeMirror diagnostics at that line and column.
export const errorLine = /^[^:\n]*:(\d+):(\d+): error: (.*)$/gm;

export function diagnosticsOf(stderr, doc) {
  const found = [];
  for (const [, line, col, message] of stderr.matchAll(errorLine)) {
    const l = Math.min(Math.max(Number(line), 1), doc.lines);
    const at = doc.line(l);
    const from = Math.min(at.from + Number(col) - 1, at.to);
    found.push({ from, to: Math.min(from + 1, at.to), severity: 'error', message });
  }
  return found;
}
