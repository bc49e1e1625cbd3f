// front_semant_annotations.cc - the annotations semantic analysis leaves on the AST
// (the contract at the top of ast.hh): types, bindings, callees, field indices,
// loops, FunDec depth/parent/label/resultType, VarBinding depth/type/readOnly.
//
// Expects: on small programs, each annotation points to the right node.
#include "front_semant_util.hh"

#include "chap7/front/types.hh"

namespace tiger::test {
namespace {

using ast::as;

ast::LetExp* let(ast::Exp* e) {
  return as<ast::LetExp>(e);
}
// The i-th expression of a let's body (a SeqExp).
ast::Exp* bodyExp(ast::LetExp* l, int i) {
  return as<ast::SeqExp>(l->body.get())->exps.at(i).get();
}
ast::Var* varOf(ast::Exp* e) {
  return as<ast::VarExp>(e)->var.get();
}
ast::FunDec* fun(ast::LetExp* l, int dec, int i) {
  return as<ast::FunctionDec>(l->decs.at(dec).get())->funs.at(i).get();
}

TEST(SemantAnnotations, VariableBindingsAndTypes) {
  Checked c("let var x := 1 var s := \"a\" in x; s end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  auto* x = as<ast::VarDec>(l->decs[0].get());
  auto* use = as<ast::SimpleVar>(varOf(bodyExp(l, 0)));
  EXPECT_EQ(use->binding, &x->var);
  EXPECT_EQ(x->var.depth, 0);
  EXPECT_FALSE(x->var.readOnly);
  EXPECT_EQ(x->var.type, c.types.intType());
  EXPECT_EQ(bodyExp(l, 0)->type, c.types.intType());
  EXPECT_EQ(bodyExp(l, 1)->type, c.types.stringType());
  EXPECT_EQ(l->type, c.types.stringType());
  EXPECT_EQ(c.prog->body->type, c.types.stringType());
}

TEST(SemantAnnotations, FieldIndices) {
  Checked c("let type r = {a: int, b: string} var x := r {a = 1, b = \"s\"} in x.b end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  auto* rec = as<ast::RecordExp>(as<ast::VarDec>(l->decs[1].get())->init.get());
  EXPECT_EQ(rec->fields[0].fieldIndex, 0);
  EXPECT_EQ(rec->fields[1].fieldIndex, 1);
  ASSERT_EQ(rec->type->kind, types::Kind::Record);
  auto* fv = as<ast::FieldVar>(varOf(bodyExp(l, 0)));
  EXPECT_EQ(fv->fieldIndex, 1);
  EXPECT_EQ(fv->type, c.types.stringType());
  EXPECT_EQ(fv->var->type, rec->type);
}

// Records of more than a handful of fields are looked up through a table.
TEST(SemantAnnotations, FieldIndicesOfAWideRecord) {
  std::string fields, inits;
  for (int i = 0; i < 12; ++i) {
    fields += (i ? ", f" : "f") + std::to_string(i) + ": int";
    inits += (i ? ", f" : "f") + std::to_string(i) + " = " + std::to_string(i);
  }
  Checked c("let type r = {" + fields + "} var x := r {" + inits +
            "} in x.f11; x.f3 end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  EXPECT_EQ(as<ast::FieldVar>(varOf(bodyExp(l, 0)))->fieldIndex, 11);
  EXPECT_EQ(as<ast::FieldVar>(varOf(bodyExp(l, 1)))->fieldIndex, 3);
  auto* rec = as<ast::RecordExp>(as<ast::VarDec>(l->decs[1].get())->init.get());
  EXPECT_EQ(rec->fields[7].fieldIndex, 7);
  Checked bad("let type r = {" + fields + "} var x := r {" + inits + "} in x.f12 end");
  EXPECT_NE(bad.errors().find("record type 'r' has no field 'f12'"), std::string::npos)
      << bad.errors();
}

TEST(SemantAnnotations, AnnotatedTypesAreActual) {
  Checked c("let type a = b type b = {x: a} var v: a := nil in v.x end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  auto* v = as<ast::VarDec>(l->decs[1].get());
  EXPECT_EQ(v->var.type->kind, types::Kind::Record);
  EXPECT_EQ(bodyExp(l, 0)->type, v->var.type); // a = b = {x: a}: v.x has v's type
}

TEST(SemantAnnotations, LoopsOfBreakAndContinue) {
  Checked c("while 1 do (for i := 0 to 1 do (break; continue); break)");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* w = as<ast::WhileExp>(c.prog->body.get());
  auto* seq = as<ast::SeqExp>(w->body.get());
  auto* f = as<ast::ForExp>(seq->exps[0].get());
  auto* inner = as<ast::SeqExp>(f->body.get());
  EXPECT_EQ(as<ast::BreakExp>(inner->exps[0].get())->loop, f);
  EXPECT_EQ(as<ast::ContinueExp>(inner->exps[1].get())->loop, f);
  EXPECT_EQ(as<ast::BreakExp>(seq->exps[1].get())->loop, w);
  EXPECT_TRUE(f->var.readOnly);
  EXPECT_EQ(f->var.depth, 0);
  EXPECT_EQ(f->var.type, c.types.intType());
}

TEST(SemantAnnotations, FunctionsDepthsParentsLabels) {
  Checked c("let function f(a: int): int = let function g(b: int) = printi(a + b)\n"
            "                               in g(a); a end\n"
            "    function h() = ()\n"
            "in f(1); h() end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  ast::FunDec* f = fun(l, 0, 0);
  ast::FunDec* h = fun(l, 0, 1);
  ast::FunDec* g = fun(let(f->body.get()), 0, 0);
  EXPECT_EQ(f->label, "f_0"); // source order: f, g (inside f), h
  EXPECT_EQ(g->label, "g_1");
  EXPECT_EQ(h->label, "h_2");
  EXPECT_EQ(f->depth, 1);
  EXPECT_EQ(g->depth, 2);
  EXPECT_EQ(h->depth, 1);
  EXPECT_EQ(f->parent, nullptr);
  EXPECT_EQ(g->parent, f);
  EXPECT_EQ(f->resultType, c.types.intType());
  EXPECT_EQ(h->resultType, c.types.unitType());
  EXPECT_EQ(f->params[0].var.depth, 1);
  EXPECT_EQ(g->params[0].var.depth, 2);
  EXPECT_EQ(g->params[0].var.type, c.types.intType());
  auto* call = as<ast::CallExp>(bodyExp(l, 0));
  EXPECT_EQ(call->fun, f);
  EXPECT_EQ(call->builtin, ast::Builtin::None);
  EXPECT_EQ(call->type, c.types.intType());
}

TEST(SemantAnnotations, BuiltinCallsAndShadowedBuiltins) {
  Checked c("(print(\"a\"); let function print(i: int) = () in print(1) end)");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* seq = as<ast::SeqExp>(c.prog->body.get());
  auto* builtin = as<ast::CallExp>(seq->exps[0].get());
  EXPECT_EQ(builtin->fun, nullptr);
  EXPECT_EQ(builtin->builtin, ast::Builtin::Print);
  auto* l = let(seq->exps[1].get());
  auto* user = as<ast::CallExp>(bodyExp(l, 0));
  EXPECT_EQ(user->fun, fun(l, 0, 0));
  EXPECT_EQ(user->builtin, ast::Builtin::None);
  EXPECT_EQ(fun(l, 0, 0)->label, "print_0");
}

TEST(SemantAnnotations, NilIfTakesTheRecordType) {
  Checked c("let type r = {a: int} var x := r {a = 1} in if 1 then nil else x end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  EXPECT_EQ(bodyExp(l, 0)->type->kind, types::Kind::Record);
}

TEST(SemantAnnotations, EveryExpressionHasAType) {
  Checked c("let type t = array of int var a := t [2] of 0 in a[1] := 2; a[0] end");
  ASSERT_TRUE(c.ok) << c.errors();
  auto* l = let(c.prog->body.get());
  auto* init = as<ast::ArrayExp>(as<ast::VarDec>(l->decs[1].get())->init.get());
  EXPECT_EQ(init->type->kind, types::Kind::Array);
  EXPECT_EQ(init->size->type, c.types.intType());
  EXPECT_EQ(bodyExp(l, 0)->type, c.types.unitType());
  EXPECT_EQ(bodyExp(l, 1)->type, c.types.intType());
}

} // namespace
} // namespace tiger::test
