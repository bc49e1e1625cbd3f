// positions.hh - the source positions of the statements canon makes (tree.hh, SrcPos).
//
// C_linearize, C_basicBlocks and C_traceSchedule (the labs' regions) make statements
// without a word about positions: canonProc runs them with the arena's position
// unknown, then gives each step's output to fillPositions, which sets the position of
// every statement that has none:
//
//   1. the first known position among its expressions, in printing order (pre-order,
//      left to right). Canon shares expressions with its input, so a hoisted
//      MOVE(TEMP t, CALL(NAME f, ...)) is where the call was, a MOVE saving an operand
//      where the operand was, a rebuilt MOVE, CJUMP or EXP where its operands were;
//   2. else a neighbour's in the list (known after rule 1): a LABEL takes the next
//      statement's (the code it starts), any other statement the previous one's (the
//      code a JUMP ends); the other side's when that side has none; none at all when
//      no statement of the list has a position (a dump read without `# L:C` comments).
//
// A statement that has a position keeps it. Blocks are filled one block at a time.
#pragma once

#include "chap8/canon.hh"

namespace tiger::canon {

void fillPositions(std::vector<T_stm>& stms);
void fillPositions(C_block& blocks);

} // namespace tiger::canon
