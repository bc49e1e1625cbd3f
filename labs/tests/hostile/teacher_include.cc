// teacher_include.cc - the canon lab's linearize.cc that includes the teacher's own
// (issue 42, attack 4): at the `nobody` level, where a step sees the whole file
// system, it builds the reference's code wherever the tree is open to other users.
// labs/tests/hostile.py writes the teacher's path in place of TEACHER_ROOT.
#include "TEACHER_ROOT/chap8/linearize.cc"
