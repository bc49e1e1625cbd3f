# Front door over CMake. `make demo` and `make test` are all a new machine needs.
BUILD ?= build
JOBS  ?= $(shell nproc)
TIGERC = $(BUILD)/tigerc

.PHONY: all deps configure demo test bench clean sanitize sanitize-ci fuzz

all: configure
	cmake --build $(BUILD) -j$(JOBS)

configure:
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

deps:
	bash tools/install-deps.sh

# Installs what is missing, builds, prints the IR of a program, runs queens at every
# stage, and renders queens' control-flow graphs to SVG in $(BUILD)/demo/.
demo: deps all
	bash tools/demo.sh $(TIGERC) $(BUILD)/demo

test: all
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) --timeout 600

bench: all
	python3 bench/run.py $(TIGERC)

clean:
	rm -rf $(BUILD)

# ASan + UBSan build of the unit tests and testcase suites in $(SANITIZE_BUILD). Left
# to the release build: robustness (its 50 MB source) and driver.robust (ulimit -v and
# CPU budgets, which a sanitizer's shadow memory and slowdown defeat).
SANITIZE_BUILD ?= build-asan
sanitize:
	@test -f $(SANITIZE_BUILD)/CMakeCache.txt || cmake -S . -B $(SANITIZE_BUILD) \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIGER_SANITIZE=ON
	cmake --build $(SANITIZE_BUILD) -j$(JOBS)
	cd $(SANITIZE_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j$(JOBS) --timeout 1200 -E '^(robustness|driver\.robust)$$'

# The part of `make sanitize` CI can afford (about half the build: no GoogleTest
# programs): tigerc and libtigerrt.so sanitized, every testcase compiled, run after
# trace scheduling and run through MLIR, and the command-line contract.
TC = testcases
sanitize-ci:
	@test -f $(SANITIZE_BUILD)/CMakeCache.txt || cmake -S . -B $(SANITIZE_BUILD) \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIGER_SANITIZE=ON
	cmake --build $(SANITIZE_BUILD) -j$(JOBS) --target tigerc tigerrt
	python3 $(TC)/run_testcases.py $(SANITIZE_BUILD)/tigerc compile $(TC)/lexical $(TC)/syntax \
	  $(TC)/semantic $(TC)/runtime $(TC)/valid $(TC)/ptoext
	python3 $(TC)/run_testcases.py $(SANITIZE_BUILD)/tigerc traces $(TC)/runtime $(TC)/valid $(TC)/ptoext
	python3 $(TC)/run_testcases.py $(SANITIZE_BUILD)/tigerc mlir $(TC)/runtime $(TC)/valid $(TC)/ptoext
	python3 driver/cli_test.py $(SANITIZE_BUILD)/tigerc .

# libFuzzer over the driver (fuzz/fuzz_tigerc.cc), with ASan + UBSan, built by clang in
# $(FUZZ_BUILD). `make fuzz` runs $(FUZZ_SECONDS) s (default 600) from the testcases as
# seeds; CI runs `make fuzz FUZZ_SECONDS=60`. A crash is saved as $(FUZZ_BUILD)/crash-*.
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 600
fuzz:
	@test -f $(FUZZ_BUILD)/CMakeCache.txt || cmake -S . -B $(FUZZ_BUILD) \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 -DTIGER_FUZZ=ON
	cmake --build $(FUZZ_BUILD) -j$(JOBS) --target fuzz_tigerc
	mkdir -p $(FUZZ_BUILD)/corpus
	cd $(FUZZ_BUILD) && ASAN_OPTIONS=detect_leaks=0 ./fuzz/fuzz_tigerc -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=4096 -timeout=20 -rss_limit_mb=4096 -artifact_prefix=./ corpus \
	  $(abspath testcases/valid) $(abspath testcases/runtime) $(abspath testcases/ptoext)
