// frame.cc - see frame.hh.
#include "chap7/ir/frame.hh"

namespace tiger::frame {

Frame::Frame(Temp_label name, const std::vector<bool>& escapes, TempFactory& temps)
    : name_(name), temps_(temps) {
  int k = 0;
  for (bool esc : escapes) {
    if (esc)
      formals_.push_back(Access{Access::Kind::InFrame, kWordSize * k, {}});
    else
      formals_.push_back(Access{Access::Kind::InReg, 0, temps_.newTemp()});
    ++k;
  }
  high_ = kWordSize * k;
}

Access Frame::allocLocal(bool escape) {
  if (!escape) return Access{Access::Kind::InReg, 0, temps_.newTemp()};
  low_ -= kWordSize;
  return Access{Access::Kind::InFrame, low_, {}};
}

T_exp accessExp(tree::Arena& arena, const Access& a, T_exp framePtr) {
  if (a.kind == Access::Kind::InReg) return arena.Temp(a.temp);
  return arena.Mem(arena.Binop(tree::BinOp::PLUS, framePtr, arena.Const(a.offset)));
}

} // namespace tiger::frame
