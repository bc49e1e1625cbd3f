// front_semant_errors.cc - every kind of semantic error, one malformed program each.
//
// Expects: checkProgram fails and reports the message at the position of the text it
// names (the second argument of expectErrorAt, or an explicit line:col).
#include "front_semant_util.hh"

namespace tiger::test {
namespace {

TEST(SemantErrors, UndefinedNames) {
  expectError("x", "1:1", "undefined variable 'x'");
  expectError("f(1)", "1:1", "undefined function 'f'");
  expectError("let var a : t := 0 in a end", "1:13", "undefined type 't'");
  expectErrorAt("let var a := t {} in 0 end", "t {}", "undefined type 't'");
  expectErrorAt("let var a := t [3] of 0 in 0 end", "t [3]", "undefined type 't'");
  expectErrorAt("let function f(a: t) = () in 0 end", "t)", "undefined type 't'");
  expectErrorAt("let function f(): t = 0 in 0 end", "t =", "undefined type 't'");
  expectErrorAt("let type r = {a: t} in 0 end", "a: t", "undefined type 't'");
  expectErrorAt("let type r = array of t in 0 end", "array", "undefined type 't'");
}

TEST(SemantErrors, FunctionAndVariableConfused) {
  expectErrorAt("let function f() = () in f + 1 end", "f + 1", "'f' is a function");
  expectErrorAt("let var x := 1 in x(1) end", "x(1)", "'x' is a variable");
}

TEST(SemantErrors, IfBranches) {
  expectError("if 1 then 13 else \" \"", "1:19",
              "then and else branches have different types: int and string");
  expectError("if 1 then 3", "1:11", "if-then without else must produce no value");
  expectError("if \"a\" then ()", "1:4", "if condition must be int, got string");
}

TEST(SemantErrors, Loops) {
  expectError("while 1 do 5", "1:12", "while body must produce no value, got int");
  expectError("while \"a\" do ()", "1:7", "while condition must be int");
  expectError("for i := \"a\" to 1 do ()", "1:10", "lower bound must be int");
  expectError("for i := 0 to \"a\" do ()", "1:15", "upper bound must be int, got string");
  expectError("for i := 0 to 1 do 5", "1:20", "for body must produce no value");
}

TEST(SemantErrors, ForIndexIsReadOnly) {
  expectValid("for i := 0 to 1 do let var i := 5 in i := 6 end"); // a new i
  expectError("for i := 0 to 1 do i := 2", "1:20",
              "cannot assign to the for-loop index 'i'");
  // Even from a function declared inside the loop body.
  expectErrorAt("for i := 0 to 1 do let function f() = i := 2 in f() end", "i := 2",
                "for-loop index 'i'");
}

TEST(SemantErrors, BreakAndContinueOutsideLoops) {
  expectError("break", "1:1", "break outside a loop");
  expectError("continue", "1:1", "continue outside a loop");
  expectErrorAt("let function f() = break in f() end", "break", "break outside a loop");
  // A loop does not reach into a function declared in its body.
  expectErrorAt("while 1 do let function f() = break in f() end", "break",
                "break outside a loop");
  expectErrorAt("for i := 0 to 1 do let function f() = continue in f() end", "continue",
                "continue outside a loop");
  // The bounds of a for and the condition of a while are not inside the loop.
  expectErrorAt("for i := (break; 0) to 1 do ()", "break", "break outside a loop");
  expectErrorAt("while (break; 1) do ()", "break", "break outside a loop");
}

TEST(SemantErrors, Comparisons) {
  expectError("3 > \"a\"", "1:3", "operator '>' needs two ints or two strings");
  expectErrorAt("let type r = {a: int} type t = array of int\n"
                "var x := r {a = 1} var y := t [2] of 0 in x = y end",
                "= y", "cannot compare r with t");
  expectError("nil = nil", "1:5", "cannot compare nil with nil");
  expectError("() <> ()", "1:4", "cannot compare a value of type unit");
  expectErrorAt("let type r = {a: int} var x := r {a = 1} in x < x end", "< x",
                "needs two ints or two strings");
  expectErrorAt("let type r = {a: int} var x := r {a = 1} in x = 1 end", "= 1 end",
                "cannot compare r with int");
}

TEST(SemantErrors, Arithmetic) {
  expectErrorAt("3 + \"s\"", "\"s\"", "right operand of '+' must be int, got string");
  expectErrorAt("let var a := () in a + 3 end", "a + 3",
                "left operand of '+' must be int, got unit");
  expectErrorAt("1 & \"s\"", "\"s\"", "operand of '&' must be int");
  expectErrorAt("nil | 1", "nil", "left operand of '|' must be int, got nil");
}

TEST(SemantErrors, Records) {
  const std::string r = "let type r = {a: int, b: string} var x := ";
  expectErrorAt(r + "r {a = 1} in x end", "r {a", "missing field 'b'");
  expectErrorAt(r + "r {a = 1, b = \"s\", c = 3} in x end", "c = 3", "has no field 'c'");
  expectErrorAt(r + "r {a = 1, b = \"s\", a = 3} in x end", "a = 3", "extra field 'a'");
  expectErrorAt(r + "r {b = \"s\", a = 1} in x end", "b = ", "field 'b' out of order");
  expectErrorAt(r + "r {a = \"s\", b = \"t\"} in x end", "\"s\"",
                "type mismatch in field 'a' of 'r': expected int, got string");
  expectErrorAt("let type t = array of int var a := t {} in a end", "t {}",
                "'t' is not a record type");
  expectErrorAt(r + "r {a = 1, b = \"s\"} in x.c end", "x.c", "has no field 'c'");
  expectErrorAt("let var x := 1 in x.f end", "x.f", "not a record");
  expectErrorAt("let type r = {a: int, a: int} in 0 end", "a: int}",
                "field 'a' is declared twice");
}

TEST(SemantErrors, Arrays) {
  const std::string t = "let type t = array of int ";
  expectErrorAt("let var x := 1 in x[0] end", "x[0]", "not an array");
  expectErrorAt(t + "var a := t [2] of 0 in a[\"s\"] end", "\"s\"",
                "array index must be int, got string");
  expectErrorAt(t + "var a := t [3] of \"s\" in a end", "\"s\"",
                "type mismatch in the initial value of an array 't': expected int, got "
                "string");
  expectErrorAt(t + "var a := t [\"s\"] of 0 in a end", "\"s\"",
                "array size must be int");
  expectErrorAt("let type r = {a: int} var a := r [3] of 0 in a end", "r [3]",
                "'r' is not an array type");
}

TEST(SemantErrors, NameEquivalence) {
  expectErrorAt("let type r1 = {a: int} type r2 = {a: int}\n"
                "var x: r1 := r2 {a = 0} in x end",
                "r2 {", "type mismatch in the initial value of 'x': expected r1, got r2");
  expectErrorAt("let type a1 = array of int type a2 = array of int\n"
                "var x: a1 := a2 [3] of 0 in x end",
                "a2 [3]", "expected a1, got a2");
}

TEST(SemantErrors, Assignment) {
  expectErrorAt("let var x := 1 in x := \"s\" end", "\"s\"",
                "type mismatch in assignment: expected int, got string");
  expectErrorAt("let function f() = () in f := 1 end", "f :=", "'f' is a function");
  expectErrorAt("let var x := 1 in x := nil end", "nil", "expected int, got nil");
}

TEST(SemantErrors, Calls) {
  const std::string f = "let function f(a: int, b: int) = () in ";
  expectErrorAt(f + "f(1) end", "f(1)", "too few arguments to 'f': expected 2, got 1");
  expectErrorAt(f + "f(1, 2, 3) end", "f(1, 2, 3)", "too many arguments to 'f'");
  expectErrorAt(f + "f(1, \"s\") end", "\"s\"",
                "type mismatch in argument 2 of 'f': expected int, got string");
  expectError("print()", "1:1", "too few arguments to 'print'");
  expectError("print(1)", "1:7", "argument 1 of 'print': expected string, got int");
  expectErrorAt("let var x := substring(\"s\", 1, 1) + 1 in x end", "substring",
                "left operand of '+' must be int, got string");
}

TEST(SemantErrors, FunctionResults) {
  expectErrorAt("let function g(a: int) = a in g(2) end", "a in",
                "the body of procedure 'g' must produce no value, got int");
  expectErrorAt("let function g(): int = \"s\" in g() end", "\"s\"",
                "type mismatch in the result of 'g': expected int, got string");
  expectErrorAt("let function g() = () in g() + 1 end", "g() + 1",
                "left operand of '+' must be int, got unit");
}

TEST(SemantErrors, Batches) {
  expectErrorAt("let type a = int type a = string in 0 end", "type a = string",
                "type 'a' is declared twice in one batch");
  expectErrorAt("let function g(a: int): int = a function g(a: int): int = a in 0 end",
                "function g(a: int): int = a in", "function 'g' is declared twice");
  expectErrorAt("let function f(a: int, a: int) = () in 0 end", "a: int)",
                "parameter 'a' is declared twice in 'f'");
  Checked c("let type a = int type a = string in 0 end");
  EXPECT_NE(c.errors().find("t.tig:1:5: note: the first 'a' is declared here"),
            std::string::npos)
      << c.errors();
  // A var declaration ends a batch: u and g are not yet declared (test17, test18).
  expectErrorAt("let type t = {c: u} var d := 0 type u = int in 0 end", "c: u",
                "undefined type 'u'");
  expectErrorAt("let function f() = g() var d := 0 function g() = () in 0 end", "g()",
                "undefined function 'g'");
}

TEST(SemantErrors, TypeCycles) {
  expectErrorAt("let type a = b type b = a in 0 end", "type a",
                "illegal type cycle a = b = a");
  expectErrorAt("let type a = a in 0 end", "type a", "illegal type cycle a = a");
  // test16: b leads into the cycle a = c = d = a; one report.
  Checked c("let type a = c type b = a type c = d type d = a in \"\" end");
  EXPECT_TRUE(c.hasError("1:5", "illegal type cycle a = c = d = a")) << c.errors();
  EXPECT_EQ(c.diag.errorCount(), 1) << c.errors();
  // Using a cyclic type gives no further report.
  Checked d("let type a = b type b = a var x: a := 1 in x end");
  EXPECT_EQ(d.diag.errorCount(), 1) << d.errors();
}

TEST(SemantErrors, NilNeedsARecordType) {
  expectErrorAt("let type r = {a: int} var a := nil in a end", "nil",
                "cannot give 'a' the type of nil");
  expectErrorAt("let var a := if 1 then nil else nil in a end", "if",
                "cannot give 'a' the type of nil");
  expectErrorAt("let type t = array of int var a := t [2] of nil in a end", "nil",
                "expected int, got nil");
  expectErrorAt("if 1 then nil else 3", "3", "different types: nil and int");
}

// One error each, no cascade from the erroneous expressions.
TEST(SemantErrors, RecoveryReportsEachMistakeOnce) {
  Checked a("let var a := b + 1 in a + c end");
  EXPECT_TRUE(a.hasError("1:14", "undefined variable 'b'")) << a.errors();
  EXPECT_TRUE(a.hasError("1:27", "undefined variable 'c'")) << a.errors();
  EXPECT_EQ(a.diag.errorCount(), 2) << a.errors();
  Checked b("let var a := b in a.x + a[1] + f(a) end");
  EXPECT_EQ(b.diag.errorCount(), 2) << b.errors(); // b and f
  Checked c("let var x : nosuch := 1 in x.f := x[2] end");
  EXPECT_EQ(c.diag.errorCount(), 1) << c.errors();
  // Reports come in source order: the callee before its arguments, a declared type
  // before the initial value.
  Checked order("(f(x); let var v : t := y in v end)");
  std::string e = order.errors();
  EXPECT_LT(e.find("t.tig:1:2:"), e.find("t.tig:1:4:")) << e;
  EXPECT_LT(e.find("t.tig:1:20:"), e.find("t.tig:1:25:")) << e;
  Checked d("(1 + \"a\"; 2 + \"b\"; undefined1; undefined2)");
  EXPECT_EQ(d.diag.errorCount(), 4) << d.errors();
}

} // namespace
} // namespace tiger::test
