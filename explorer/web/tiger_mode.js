// tiger_mode.js - Tiger syntax highlighting for CodeMirror 6: a StreamLanguage tokenizer
// for the language of Appel's Appendix A (plus this project's `continue`): keywords,
// nested /* comments */, strings with escapes, integers, types after ':' and operators.
import { StreamLanguage } from '@codemirror/language';

const keywords = new Set(['array', 'break', 'continue', 'do', 'else', 'end', 'for', 'function',
  'if', 'in', 'let', 'nil', 'of', 'then', 'to', 'type', 'var', 'while']);
const builtins = new Set(['print', 'printi', 'flush', 'getchar', 'ord', 'chr', 'size',
  'substring', 'concat', 'not', 'exit']);

// Inside a comment: `depth` counts the open /* since Tiger comments nest.
function comment(stream, state) {
  while (!stream.eol()) {
    if (stream.match('/*')) state.depth++;
    else if (stream.match('*/')) {
      if (--state.depth === 0) { state.inside = null; break; }
    } else stream.next();
  }
  return 'comment';
}

// Inside a string: up to the closing quote; a backslash escapes the next character.
function string(stream, state) {
  while (!stream.eol()) {
    const ch = stream.next();
    if (ch === '\\') stream.next();
    else if (ch === '"') { state.inside = null; break; }
  }
  return 'string';
}

function token(stream, state) {
  if (state.inside) return state.inside(stream, state);
  if (stream.eatSpace()) return null;
  if (stream.match('/*')) { state.inside = comment; state.depth = 1; return comment(stream, state); }
  if (stream.eat('"')) { state.inside = string; return string(stream, state); }
  if (stream.match(/^[0-9]+/)) return 'number';
  if (stream.match(/^[A-Za-z][A-Za-z0-9_]*/)) {
    const word = stream.current();
    if (keywords.has(word)) return 'keyword';
    if (builtins.has(word)) return 'variableName.standard';
    return state.afterColon ? 'typeName' : 'variableName';
  }
  if (stream.match(/^(:=|<>|<=|>=|[-+*\/=<>&|])/)) return 'operator';
  stream.next();
  return 'punctuation';
}

export const tiger = StreamLanguage.define({
  name: 'tiger',
  startState: () => ({ inside: null, depth: 0, afterColon: false }),
  token(stream, state) {
    const style = token(stream, state);
    if (style) state.afterColon = stream.current() === ':';
    return style;
  },
  languageData: { commentTokens: { block: { open: '/*', close: '*/' } } },
});
