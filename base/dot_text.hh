// dot_text.hh - Graphviz's quoted strings, for every drawing tigerc makes: the IR trees
// (tree_dot.hh), the control-flow graphs (chap8/cfg_dot.hh) and the structured IR's
// flowcharts (ptoext/sir_dot.hh).
//
// Input: any text. Output: a dot quoted string (DOT language, "ID" in its grammar) that
// shows the text as it is: `"` and `\` escaped, a line break as dot's centred `\n`.
#pragma once

#include <string>
#include <vector>

namespace tiger::dot {

// "text", centred; each '\n' in it breaks the line.
std::string quote(const std::string& text);

// The lines of `text` as one quoted string, each left-justified (ended by dot's `\l`).
std::string lines(const std::vector<std::string>& text);

} // namespace tiger::dot
