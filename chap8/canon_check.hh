// canon_check.hh - helpers of the invariant checkers (checkCanonical, checkBlocks,
// checkTraces are declared in canon.hh; canon_check.cc implements them).
#pragma once

#include "chap8/canon.hh"

#include <string>

namespace tiger::canon {

// "<checker>: <where>: <rule broken>" followed by the statement, printed by
// tree::printStm and indented, so a student can find it in their own output; <where>
// ends with " (from line L)" when the statement's source position is known.
std::string violation(const std::string& checker, const std::string& where,
                      const std::string& rule, const tree::Stm* s);

// checkCanonical's test alone, without building a message.
bool isCanonical(const std::vector<T_stm>& stms);

// Every violation checkCanonical (checkTraces) looks for, in the order it looks, at most
// `most` of them. The checker's own message is the first one's rule + shown.
std::vector<Violation> canonicalViolations(const std::vector<T_stm>& stms,
                                           std::size_t most);
std::vector<Violation> traceViolations(const std::vector<T_stm>& stms, std::size_t most);

} // namespace tiger::canon
