// pto_mlir_run.cc - mlir_run.hh's contract besides a normal run: the exit status of
// each way a run can fail. Expects 75 (ExitCode::ToolFailure) for MLIR the tools reject
// and for missing tools, 71 (ExitCode::Limit) for a program stopped at the time limit,
// and the program's own status passed through. Skipped without MLIR 19's tools.
#include "ptoext/tests/pto_mlir_testing.hh"

#include <cstdlib>

namespace tiger::pto_test {
namespace {

// An endless scf.while: only the time limit stops it.
const char* const kEndless = R"(module {
  func.func @main() {
    %true = arith.constant true
    scf.while : () -> () {
      scf.condition(%true)
    } do {
      scf.yield
    }
    func.return
  }
}
)";

TEST(PtoMlirRun, RejectedMlirIsAToolFailure) {
  SKIP_WITHOUT_MLIR_TOOLS();
  MlirOutput r =
      runMlirText("module { func.func @main() { %x = arith.constant 1 : i32 } }");
  EXPECT_EQ(r.status, 75);
  EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(PtoMlirRun, ExitStatusPassesThrough) {
  SKIP_WITHOUT_MLIR_TOOLS();
  MlirOutput r = runMlirText(R"(module {
  func.func private @tig_exit(i64)
  func.func @main() {
    %c = arith.constant 300 : i64
    func.call @tig_exit(%c) : (i64) -> ()
    func.return
  }
})");
  EXPECT_EQ(r.status, 300 & 0xff) << r.err;
}

TEST(PtoMlirRun, TimeLimitStopsARunawayProgram) {
  SKIP_WITHOUT_MLIR_TOOLS();
  std::FILE* err = std::tmpfile();
  ASSERT_NE(err, nullptr);
  pto::MlirRunOptions opts;
  opts.err = fileno(err);
  opts.timeoutSeconds = 2;
  EXPECT_EQ(pto::runMlir(kEndless, opts), 71);
  EXPECT_NE(readAll(err).find("ran longer than 2 s"), std::string::npos);
  std::fclose(err);
}

TEST(PtoMlirRun, MissingToolsAreAToolFailure) {
  const char* old = std::getenv("PATH");
  std::string saved = old ? old : "";
  ::setenv("PATH", "/nonexistent", 1);
  bool available = pto::mlirToolsAvailable();
  MlirOutput r = runMlirText(kEndless);
  ::setenv("PATH", saved.c_str(), 1);
  EXPECT_FALSE(available);
  EXPECT_EQ(r.status, 75);
  EXPECT_NE(r.err.find("cannot find mlir-opt-19"), std::string::npos) << r.err;
}

} // namespace
} // namespace tiger::pto_test
