// types.hh - Tiger's semantic types (Appel, chapter 5, types.h).
//
// int, string, nil, unit, records and arrays. Every record or array type expression
// creates a new, distinct type (name equivalence). A NameType stands for a type
// declared in a recursive batch until the batch is resolved; actual() skips names.
// All types of one compilation are owned by one TypeContext. A record's field names
// are Symbols of the program its type was declared in (ast::Program::symbols): they
// are read only while that program lives.
#pragma once

#include "base/symbol.hh"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace tiger::types {

enum class Kind { Int, String, Nil, Unit, Record, Array, Name };

struct Type {
  const Kind kind;
  explicit Type(Kind k) : kind(k) {}
  virtual ~Type() = default;
};

struct RecordField {
  Symbol name;
  const Type* type; // may be a NameType: use actual()
};

struct RecordType : Type {
  std::string name; // the declared name, for messages
  std::vector<RecordField> fields;
  RecordType() : Type(Kind::Record) {}
  // Index of field `f`, or -1.
  int fieldIndex(Symbol f) const;
};

struct ArrayType : Type {
  std::string name;
  const Type* elem = nullptr; // may be a NameType: use actual()
  ArrayType() : Type(Kind::Array) {}
};

struct NameType : Type {
  std::string name;
  const Type* binding = nullptr; // what the name stands for, once resolved
  NameType() : Type(Kind::Name) {}
};

// Follows NameType bindings to a real type (null if a cycle left it unresolved).
const Type* actual(const Type* t);

// Can a value of type `value` be used where `expected` is wanted?
// (same type after actual(); nil where a record is expected.)
bool assignable(const Type* expected, const Type* value);

// A readable name for messages: "int", "string", "nil", "unit", or the declared name.
std::string describe(const Type* t);

// Owns every type of one compilation.
class TypeContext {
public:
  TypeContext();
  const Type* intType() const { return int_; }
  const Type* stringType() const { return string_; }
  const Type* nilType() const { return nil_; }
  const Type* unitType() const { return unit_; }
  RecordType* newRecord();
  ArrayType* newArray();
  NameType* newName();

private:
  std::deque<std::unique_ptr<Type>> owned_;
  const Type* int_;
  const Type* string_;
  const Type* nil_;
  const Type* unit_;
};

} // namespace tiger::types
