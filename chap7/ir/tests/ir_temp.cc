// ir_temp.cc - TempFactory: temps and labels are numbered in order, a name always gives
// the same label, and fresh labels never take a name a named label already has (as
// happens when --from reads a dump whose labels are L0, L1, ... and canon adds more).
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

} // namespace
} // namespace tiger
