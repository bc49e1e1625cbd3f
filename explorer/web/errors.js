// errors.js - tigerc's error lines (`file:L:C: error: message`, then the source line and a
// caret; README.md "Errors") turned into CodeMirror diagnostics at that line and column.
export const errorLine = /^[^:\n]*:(\d+):(\d+): error: (.*)$/gm;

// The error lines of stderr about `file` (all of them without one): [text, line, col, msg].
export function errorsIn(stderr, file = null) {
  return [...stderr.matchAll(errorLine)].filter(([text]) => !file || text.startsWith(`${file}:`));
}

// The diagnostics of stderr's errors (about `file` only, when given) in `doc`.
export function diagnosticsOf(stderr, doc, file = null) {
  const found = [];
  for (const [, line, col, message] of errorsIn(stderr, file)) {
    const l = Math.min(Math.max(Number(line), 1), doc.lines);
    const at = doc.line(l);
    const from = Math.min(at.from + Number(col) - 1, at.to);
    found.push({ from, to: Math.min(from + 1, at.to), severity: 'error', message });
  }
  return found;
}
