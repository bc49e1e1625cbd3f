// types.cc - Tiger's semantic types (Appel, section 5.2, types.h); see types.hh.
//
// Input: types built by semantic analysis. Output: actual(), assignable() and
// describe(), the three questions the checker asks of a type.
//
// Error convention: a NameType whose binding is null is "unresolved" (a member of an
// illegal cycle, or the checker's error type). actual() maps it to null, and
// assignable() accepts null on either side, so one mistake is reported once.
#include "chap7/front/types.hh"

namespace tiger::types {

int RecordType::fieldIndex(Symbol f) const {
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == f) return static_cast<int>(i);
  return -1;
}

// Follows a NameType to the next type, or null when unresolved.
static const Type* step(const Type* t) {
  return t && t->kind == Kind::Name ? static_cast<const NameType*>(t)->binding : t;
}

// Floyd's two pointers: a name cycle (which the checker breaks, but a hand-built
// type could still hold) ends with null instead of a hang.
const Type* actual(const Type* t) {
  const Type* slow = t;
  const Type* fast = t;
  while (fast && fast->kind == Kind::Name) {
    fast = step(step(fast));
    slow = step(slow);
    if (fast && fast == slow && fast->kind == Kind::Name) return nullptr;
  }
  return fast;
}

// value is assignable to expected when both name the same type, or value is nil and
// a record is expected. An unresolved side was already reported: accept it.
bool assignable(const Type* expected, const Type* value) {
  const Type* e = actual(expected);
  const Type* v = actual(value);
  if (!e || !v || e == v) return true;
  return v->kind == Kind::Nil && e->kind == Kind::Record;
}

std::string describe(const Type* t) {
  const Type* a = actual(t);
  if (!a) return "error";
  switch (a->kind) {
  case Kind::Int: return "int";
  case Kind::String: return "string";
  case Kind::Nil: return "nil";
  case Kind::Unit: return "unit";
  case Kind::Record: return static_cast<const RecordType*>(a)->name;
  case Kind::Array: return static_cast<const ArrayType*>(a)->name;
  case Kind::Name: return static_cast<const NameType*>(a)->name;
  }
  return "?";
}

TypeContext::TypeContext() {
  for (Kind k : {Kind::Int, Kind::String, Kind::Nil, Kind::Unit})
    owned_.push_back(std::make_unique<Type>(k));
  int_ = owned_[0].get();
  string_ = owned_[1].get();
  nil_ = owned_[2].get();
  unit_ = owned_[3].get();
}

RecordType* TypeContext::newRecord() {
  auto t = std::make_unique<RecordType>();
  RecordType* p = t.get();
  owned_.push_back(std::move(t));
  return p;
}

ArrayType* TypeContext::newArray() {
  auto t = std::make_unique<ArrayType>();
  ArrayType* p = t.get();
  owned_.push_back(std::move(t));
  return p;
}

NameType* TypeContext::newName() {
  auto t = std::make_unique<NameType>();
  NameType* p = t.get();
  owned_.push_back(std::move(t));
  return p;
}

} // namespace tiger::types
