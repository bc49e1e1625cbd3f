// front_semant_valid.cc - programs semantic analysis must accept: shadowing (the
// book's test37, 41, 47, 48), the places nil may go, recursive types and functions,
// builtins and their shadowing, break and continue inside loops.
//
// Expects: checkProgram succeeds on each program.
#include "front_semant_util.hh"

namespace tiger::test {
namespace {

TEST(SemantValid, Shadowing) {
  expectValid("let var a := 0 var a := \" \" in a end");               // test37
  expectValid("let type a = int in let type a = string in 0 end end"); // test41
  expectValid("let type a = int var b := 4 type a = string in 0 end"); // test47
  expectValid("let function g(a: int): int = a type t = int\n"
              "function g(a: int): int = a in 0 end"); // test48
  expectValid("let var a := 1 in let var a := \"s\" in print(a) end; a + 1 end");
  expectValid("let var x := 1 function f(x: string) = print(x) in f(\"s\"); x end");
  expectValid("let type t = int var t: t := 3 in t end"); // types and values apart
}

TEST(SemantValid, BuiltinsAndTheirShadows) {
  expectValid("(print(\"a\"); printi(1); flush(); print(getchar());"
              " printi(ord(\"a\")); print(chr(65)); printi(size(\"ab\"));"
              " print(substring(\"abc\", 1, 1)); print(concat(\"a\", \"b\"));"
              " printi(not(0)); exit(0))");
  expectValid("let function print(i: int) = printi(i) in print(3) end");
  expectValid("let var print := 1 in print + 1 end");
  expectValid("let type string = int var s: string := 3 in s + 1 end");
}

TEST(SemantValid, NilWhereARecordIsExpected) {
  const std::string r = "let type r = {a: int, next: r} type rs = array of r\n"
                        "function f(x: r): r = x\n";
  expectValid(r + "var x: r := nil in x end");
  expectValid(r + "var x := r {a = 1, next = nil} in x := nil; x.next := nil end");
  expectValid(r + "in f(nil) end");
  expectValid(r + "var a := rs [3] of nil in a[0] := nil end");
  expectValid(r + "var x: r := nil in if x = nil then 1 else 0; nil <> x end");
  expectValid(r +
              "var x: r := nil in x := if 1 then nil else x; x := if 1 then x else nil "
              "end");
}

TEST(SemantValid, RecursiveTypesAndFunctions) {
  expectValid("let type list = {hd: int, tl: list}\n"
              "var l := list {hd = 1, tl = list {hd = 2, tl = nil}} in l.tl.hd end");
  expectValid("let type tree = {key: int, children: treelist}\n"
              "type treelist = {hd: tree, tl: treelist} in 0 end");
  expectValid("let type a = b type b = c type c = {x: a} var v: a := nil in v.x end");
  expectValid("let function even(n: int): int = if n = 0 then 1 else odd(n - 1)\n"
              "function odd(n: int): int = if n = 0 then 0 else even(n - 1)\n"
              "in even(10) end");
  expectValid("let type r = {a: int} type s = r var x: s := r {a = 1} in x.a end");
  expectValid("let type a = int type b = a var x: b := 3 in x + 1 end");
}

TEST(SemantValid, Loops) {
  expectValid("while 1 do (break; continue)");
  expectValid("for i := 0 to 10 do (if i = 3 then continue; if i = 5 then break)");
  expectValid("while 1 do let function f() = while 1 do break in f(); break end");
  expectValid("for i := 0 to 3 do for j := i to 3 do printi(i + j)");
  expectValid("let var a := 0 in for i := 0 to 100 do (a := a + 1; ()) end"); // test12
}

TEST(SemantValid, Operators) {
  expectValid("(\"a\" < \"b\") + (\"a\" = \"b\") + (1 <> 2) + (3 >= 2) + -4");
  expectValid("let type t = array of int var a := t [1] of 0 in a = a end");
  expectValid("1 & 0 | 1");
  expectValid("let type r = {a: int} var x := r {a = 1} in x = x & x <> nil end");
}

TEST(SemantValid, EmptyAndUnitValues) {
  expectValid("()");
  expectValid("let in end");
  expectValid("let type r = {} var x := r {} in x end");
  expectValid("let var a := () in a end");
}

} // namespace
} // namespace tiger::test
