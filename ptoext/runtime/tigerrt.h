/* tigerrt.h - the C ABI of libtigerrt.so, the runtime of the MLIR that ptoext emits.
 *
 * The MLIR (ptoext/mlir_emit.cc) declares these with func.func private and calls them
 * with func.call; mlir-cpu-runner-19 loads the library with --shared-libs. They mirror
 * the runtime functions of chap7/ir/runtime.hh (the tree interpreter's), with a `tig_`
 * prefix so they never clash with libc inside the JIT.
 *
 * Data model (architecture.md): every Tiger value is a 64-bit word (int64_t); pointers
 * travel as words. A string is the address of a TigString (length, then the bytes);
 * an array is the address of element 0 with its length in the word before it; a record
 * is the address of a zeroed block of words; nil is 0.
 *
 * A runtime error prints "runtime error: <message>" on stderr, flushes stdout and
 * exits with status 70 (ExitCode::Runtime), or 71 (ExitCode::Limit) for the call-depth
 * limit. Standard output is flushed at exit.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Tiger builtins. */
void tig_print(int64_t s);
void tig_printi(int64_t i);
void tig_flush(void);
int64_t tig_getchar(void);
int64_t tig_ord(int64_t s);
int64_t tig_chr(int64_t i);
int64_t tig_size(int64_t s);
int64_t tig_substring(int64_t s, int64_t first, int64_t n);
int64_t tig_concat(int64_t a, int64_t b);
int64_t tig_not(int64_t i);
void tig_exit(int64_t code);

/* Helpers of the translation (chap7/ir/runtime.hh). */
int64_t tig_initArray(int64_t n, int64_t init);
int64_t tig_allocRecord(int64_t bytes);
int64_t tig_stringEqual(int64_t a, int64_t b);
int64_t tig_stringCompare(int64_t a, int64_t b);
int64_t tig_checkIndex(int64_t arr, int64_t i);
int64_t tig_checkNil(int64_t r);

/* Helpers of the MLIR emitter. */
/* The string of the n bytes at `bytes` (a literal's global array), made once per (address, n). */
int64_t tig_stringLiteral(const char* bytes, int64_t n);
/* The runtime error of a division by zero; never returns. */
void tig_divisionByZero(void);
/* Entry and exit of every Tiger function: the call-depth limit of the interpreter
   ($TIGERRT_MAX_DEPTH, default 10000; exceeding it exits with status 71). tig_arg gets
   each parameter in order, then tig_enter the function's name (`length` bytes at
   `name`, a global array) and its number of parameters: the call as an effect
   (runtime/hooks.h, recorded only when $TIGERRT_EFFECTS or _HASH asks). */
void tig_enter(const char* name, int64_t length, int64_t arity);
void tig_arg(int64_t value);
void tig_leave(void);
/* Each loop iteration: with the calls, counted against the interpreter's step limit
   ($TIGERRT_MAX_STEPS, default 100000000, 0 = none; exceeding it exits with status 71). */
void tig_step(void);

#ifdef __cplusplus
}
#endif
