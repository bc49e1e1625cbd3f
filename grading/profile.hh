// profile.hh - course profiles: the JSON file that says how another Tiger course's
// compiler prints and lays out its Tree IR (docs/judge.md), read into the
// tree::Dialect that tigerc's reader, printer and interpreter take
// (`tigerc --from=STAGE --dialect=D --profile=P FILE`).
//
//   {
//     "dialect": "appel-ml",        the spelling: tigerc, appel-c, appel-ml,
//                                   appel-java or tiger-cpp
//     "word_size": 4,               4 or 8
//     "fp": "t100", "rv": "t101",   the frame pointer and return value, as printed
//     "main": "tigermain",          the main program's PROC
//     "runtime": {"_initArray": "initArray", ...}
//                                   the course's name of a runtime function -> tigerc's
//     "description": "..."          free text
//   }
//
// Every key is optional: "dialect" (first) starts from that dialect's shipped profile,
// the others change it; without "dialect" the spelling is the dump's (detectDialect)
// and the rest tigerc's unless given. An unknown key, a wrong type or a name tigerc's runtime lacks is an error at
// its line. The shipped profiles are builtinProfile()'s, and grading/profiles/*.json
// hold the same (a test checks that they agree).
#pragma once

#include "chap7/ir/dialect.hh"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiger::grading {

// The dialects tigerc reads: tigerc's own, then the four of docs/judge.md.
const std::vector<std::string_view>& dialectNames();

// The shipped profile of dialect `name`, or nullopt when there is none by that name.
std::optional<tree::Dialect> builtinProfile(std::string_view name);

// Reads the profile `text` (of the file `path`, for messages); on an error returns
// nullopt and sets `error` to "PATH:LINE:COL: error: ...". Its name is empty when it
// names no dialect.
std::optional<tree::Dialect> readProfile(const std::string& path, const std::string& text,
                                         std::string& error);

// Gives `profile` the spelling of `dialect` (its name, operators and negatives).
void setSpelling(tree::Dialect& profile, std::string_view dialect);

// The dialect another course's dump is written in, from its words: ~ before a digit
// is the ML edition's; MUL or DIV the ML or Java edition's (appel-ml: they read the
// same); anything else the C edition's (appel-c).
std::string_view detectDialect(std::string_view dump);

} // namespace tiger::grading
