// front_semant_table.cc - the scoped symbol table of semantic analysis.
//
// Expects: look() sees the innermost binding; endScope() restores what the scope hid
// and forgets what it added, also for a name bound twice in one scope and after the
// map rehashed.
#include "chap7/front/semant_table.hh"

#include "base/symbol.hh"

#include <gtest/gtest.h>

#include <string>

namespace tiger::semant {
namespace {

// The names of the tests, interned in one table as the scanner would.
SymbolTable names;
Symbol n(const std::string& text) {
  return names.intern(text);
}

TEST(ScopedTable, InnerBindingsHideOuterOnesUntilTheScopeEnds) {
  ScopedTable<int> t;
  t.bind(n("x"), 1);
  t.beginScope();
  t.bind(n("x"), 2);
  t.bind(n("y"), 3);
  t.bind(n("x"), 4); // twice in one scope
  EXPECT_EQ(*t.look(n("x")), 4);
  EXPECT_EQ(*t.look(n("y")), 3);
  t.endScope();
  EXPECT_EQ(*t.look(n("x")), 1);
  EXPECT_EQ(t.look(n("y")), nullptr);
}

TEST(ScopedTable, NestedScopesUnwindInOrder) {
  ScopedTable<int> t;
  t.beginScope();
  t.bind(n("a"), 1);
  t.beginScope();
  t.bind(n("a"), 2);
  t.beginScope();
  t.bind(n("a"), 3);
  t.endScope();
  EXPECT_EQ(*t.look(n("a")), 2);
  t.endScope();
  EXPECT_EQ(*t.look(n("a")), 1);
  t.endScope();
  EXPECT_EQ(t.look(n("a")), nullptr);
}

// The log names bindings by their Symbols: endScope finds them while the map grows and
// rehashes under them.
TEST(ScopedTable, ManyBindingsInOneScopeUnwindAfterTheMapGrew) {
  ScopedTable<int> t;
  t.bind(n("n0"), -1);
  t.beginScope();
  for (int k = 0; k < 10000; ++k)
    t.bind(n("n" + std::to_string(k)), k);
  EXPECT_EQ(*t.look(n("n0")), 0);
  EXPECT_EQ(*t.look(n("n9999")), 9999);
  t.endScope();
  EXPECT_EQ(*t.look(n("n0")), -1);
  EXPECT_EQ(t.look(n("n1")), nullptr);
  EXPECT_EQ(t.look(n("n9999")), nullptr);
}

} // namespace
} // namespace tiger::semant
