// front_semant_table.cc - the scoped symbol table of semantic analysis.
//
// Expects: look() sees the innermost binding; endScope() restores what the scope hid
// and forgets what it added, also for a name bound twice in one scope.
#include "chap7/front/semant_table.hh"

#include <gtest/gtest.h>

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

} // namespace
} // namespace tiger::semant
