// ir_temp.cc - TempFactory: temps and labels are numbered in order, a name always gives
// the same label, and fresh labels never take a name a named label already has (as
// happens when --from reads a dump whose labels are L0, L1, ... and canon adds more).
// A label L<n> is its number (nothing stored), and sorts and prints by its text.
#include "chap7/ir/temp.hh"

#include <gtest/gtest.h>

namespace tiger {
namespace {

TEST(Temp, FreshLabelsCountFromZero) {
  TempFactory f;
  EXPECT_EQ(f.newLabel().str(), "L0");
  EXPECT_EQ(f.newLabel().str(), "L1");
  EXPECT_EQ(f.newTemp().num, 100);
  EXPECT_EQ(TempFactory::tempName(f.newTemp()), "t101");
}

TEST(Temp, ANameIsOneLabel) {
  TempFactory f;
  Temp_label fresh = f.newLabel();
  EXPECT_EQ(f.namedLabel("L0"), fresh); // a fresh label found by its name
  EXPECT_EQ(f.namedLabel("print"), f.namedLabel("print"));
  EXPECT_NE(f.namedLabel("L00"), fresh); // another spelling, another label
  EXPECT_EQ(f.namedLabel("L00").str(), "L00");
}

TEST(Temp, FreshLabelsSkipNamesAlreadyTaken) {
  TempFactory f;
  Temp_label l1 = f.namedLabel("L1"), l3 = f.namedLabel("L3");
  std::vector<std::string> fresh;
  for (int k = 0; k < 4; ++k)
    fresh.push_back(f.newLabel().str());
  EXPECT_EQ(fresh, (std::vector<std::string>{"L0", "L2", "L4", "L5"}));
  EXPECT_EQ(f.namedLabel("L1"), l1);
  EXPECT_EQ(f.namedLabel("L3"), l3);
  EXPECT_EQ(f.namedLabel("L2").str(), "L2");
  EXPECT_EQ(f.namedLabel("L2"), f.namedLabel("L2"));
}

TEST(Temp, LabelsAreNumbersOrNames) {
  TempFactory f;
  f.newLabel();
  Temp_label l1 = f.newLabel(), print = f.namedLabel("print");
  EXPECT_EQ(l1.number(), 1);
  EXPECT_EQ(print.number(), -1);
  EXPECT_EQ(f.namedLabel("L7").number(), 7); // read from a dump: L7 all the same
  EXPECT_EQ(f.namedLabel("L07").number(), -1);
  EXPECT_FALSE(Temp_label{});
  EXPECT_EQ(Temp_label{}.str(), "");
  char buf[16];
  EXPECT_EQ(l1.text(buf), "L1");
  EXPECT_EQ(print.text(buf), "print");
  // by text, as names sort: L10 < L9 < print
  Temp_label l9 = f.namedLabel("L9"), l10 = f.namedLabel("L10");
  EXPECT_TRUE(l10 < l9);
  EXPECT_TRUE(l9 < print);
  EXPECT_FALSE(print < l10);
  EXPECT_FALSE(l9 < l9);
}

} // namespace
} // namespace tiger
