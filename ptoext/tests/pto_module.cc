// pto_module.cc - sir::Module::find: the first function of a name, null for none, and
// an answer that follows the module as functions are appended, replaced or renamed.
#include "ptoext/sir.hh"

#include <gtest/gtest.h>

#include <string>

namespace tiger::sir {
namespace {

Function named(const std::string& name) {
  Function f;
  f.name = name;
  return f;
}

TEST(ModuleFind, FindsEachOfManyFunctionsAndNothingElse) {
  Module m;
  for (int i = 0; i < 5000; ++i)
    m.functions.push_back(named("f_" + std::to_string(i)));
  for (int i = 0; i < 5000; i += 7) {
    const Function* f = m.find("f_" + std::to_string(i));
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f, &m.functions[static_cast<std::size_t>(i)]);
  }
  EXPECT_EQ(m.find("f_5000"), nullptr);
  EXPECT_EQ(m.find(""), nullptr);
}

TEST(ModuleFind, TheFirstOfTwoFunctionsWithOneName) {
  Module m;
  for (const char* name : {"a", "b", "a"})
    m.functions.push_back(named(name));
  EXPECT_EQ(m.find("a"), &m.functions[0]);
}

TEST(ModuleFind, FollowsAppendedReplacedAndRenamedFunctions) {
  Module m;
  m.functions.push_back(named("tigermain"));
  EXPECT_EQ(m.find("g"), nullptr);
  m.functions.push_back(named("g")); // may move the vector: the index holds positions
  ASSERT_NE(m.find("g"), nullptr);
  EXPECT_EQ(m.find("g")->name, "g");
  m.functions[1] = named("h"); // replaced in place: same length
  EXPECT_EQ(m.find("h"), &m.functions[1]);
  EXPECT_EQ(m.find("tigermain"), &m.functions[0]);
}

} // namespace
} // namespace tiger::sir
