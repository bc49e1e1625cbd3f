// measure.hh - the quality numbers a grader asks of a program (--measure=temps), counted
// on the reference's own reading of it, never on a dump's text.
#pragma once

#include "chap7/ir/fragments.hh"

#include <cstddef>

namespace tiger::grading {

// The distinct ordinary temps (neither fp nor rv) that the bodies of the program's
// procedures name in a TEMP node; a formal that no statement names is not counted.
std::size_t countTemps(const ir::Program& prog);

} // namespace tiger::grading
