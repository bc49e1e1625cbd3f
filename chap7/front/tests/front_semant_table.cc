// front_semant_table.cc - the scoped symbol table of semantic analysis.
//
// Expects: look() sees the innermost binding; endScope() restores what the scope hid
// and forgets what it added, also for a name bound twice in one scope and after the
// map rehashed.
#include "chap7/front/semant_table.hh"

#include <gtest/gtest.h>

#include <string>

namespace tiger::semant {
namespace {

TEST(ScopedTable, InnerBindingsHideOuterOnesUntilTheScopeEnds) {
  ScopedTable<int> t;
  t.bind("x", 1);
  t.beginScope();
  t.bind("x", 2);
  t.bind("y", 3);
  t.bind("x", 4); // twice in one scope
  EXPECT_EQ(*t.look("x"), 4);
  EXPECT_EQ(*t.look("y"), 3);
  t.endScope();
  EXPECT_EQ(*t.look("x"), 1);
  EXPECT_EQ(t.look("y"), nullptr);
}

TEST(ScopedTable, NestedScopesUnwindInOrder) {
  ScopedTable<int> t;
  t.beginScope();
  t.bind("a", 1);
  t.beginScope();
  t.bind("a", 2);
  t.beginScope();
  t.bind("a", 3);
  t.endScope();
  EXPECT_EQ(*t.look("a"), 2);
  t.endScope();
  EXPECT_EQ(*t.look("a"), 1);
  t.endScope();
  EXPECT_EQ(t.look("a"), nullptr);
}

// The log names bindings by their keys in the map: they stay valid while the map grows
// and rehashes under them.
TEST(ScopedTable, ManyBindingsInOneScopeUnwindAfterTheMapGrew) {
  ScopedTable<int> t;
  t.bind("n0", -1);
  t.beginScope();
  for (int k = 0; k < 10000; ++k)
    t.bind("n" + std::to_string(k), k);
  EXPECT_EQ(*t.look("n0"), 0);
  EXPECT_EQ(*t.look("n9999"), 9999);
  t.endScope();
  EXPECT_EQ(*t.look("n0"), -1);
  EXPECT_EQ(t.look("n1"), nullptr);
  EXPECT_EQ(t.look("n9999"), nullptr);
}

} // namespace
} // namespace tiger::semant
