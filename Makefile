# Front door over CMake. `make demo` and `make test` are all a new machine needs.
BUILD ?= build
JOBS  ?= $(shell nproc)
TIGERC = $(BUILD)/tigerc
# The lab of `make handout` and `make grade` (labs/README.md); a handout sets its own.
LAB ?=

.PHONY: all deps configure demo test test-bonus slides bench reference handout grade grade-all autograder mutation-score grade-tests explorer sanitize sanitize-ci fuzz-configure fuzz clean

ifeq ($(wildcard HANDOUT.md),)
all: configure
	cmake --build $(BUILD) -j$(JOBS)
else
# A lab handout (HANDOUT.md at the top): `make` builds tigerc and the lab's unit tests
# only; the rest (slides, explorer, every other test) builds on demand
# (`cmake --build build --target NAME`).
LAB_TESTS = $(shell python3 -c 'from labs.paths import lab_meta; print(lab_meta("$(LAB)")["unit_tests"]["binary"])')
all: configure
	cmake --build $(BUILD) --target tigerc $(LAB_TESTS) -j$(JOBS)
endif

# Configures a new build folder; refreshes an old one (a target added to a CMakeLists.txt
# since exists at once).
configure:
	@if test -f $(BUILD)/CMakeCache.txt; then cmake $(BUILD) > /dev/null; \
	else cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo; fi

# COURSE=course.json: also the Debian packages its foreign compilers need (docs/judge.md).
deps:
	bash tools/install-deps.sh $(if $(COURSE),--course $(COURSE))

# Installs what is missing, builds, prints the IR of a program, runs queens at every
# stage, and renders queens' control-flow graphs to SVG in $(BUILD)/demo/.
demo: deps all
	bash tools/demo.sh $(TIGERC) $(BUILD)/demo

ifeq ($(wildcard HANDOUT.md),)
test: all
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) --timeout 600
else
# In a handout, the lab's own tests (labs/CMakeLists.txt: lab.LAB, lab.LAB.programs);
# `make test-bonus` runs the tests of the reference's choices beyond the book.
test: all
	cd $(BUILD) && ctest -L '^lab$$' --output-on-failure -j$(JOBS) --timeout 600
test-bonus: all
	cd $(BUILD) && ctest -L '^bonus$$' --output-on-failure --timeout 600
endif

# Lab grading (labs/GRADING.md). LAB is translate, canon, traces or ptoext.
#   make grade LAB=canon [SUBMISSION=DIR] [SETTINGS]     one submission (none: this tree)
#   make grade-all LAB=canon SUBMISSIONS=DIR [ROSTER=CSV] [SETTINGS]
#                                                        every folder of DIR, JOBS at a time:
#                                                        build/grade/LAB/grades.csv, each
#                                                        one's results in .../submissions/NAME/
#   make autograder LAB=canon [SETTINGS]                 a Gradescope autograder zip
#   SETTINGS: TESTS=DIR (private tests, checked on the reference first) RANDOM_SEED=N
#   SPEC=grading.json HIDDEN=N PRIVATE_POINTS=P BONUS=on|off
#   COURSE=course.json (the course file foreign submissions are graded with: docs/judge.md)
#   make mutation-score LAB=canon [MUTANTS=N]            how many generated mutants it kills
#   make grade-tests LAB=canon TESTS=DIR [MUTANTS=N]     a student's tests, by the mutants
#                                                        they kill
# The reference the grader judges with: only tigerc and its runtime, not the tests.
reference: configure
	cmake --build $(BUILD) --target tigerc -j$(JOBS)

# The labs: the folders of labs/ with a lab.json (labs/README.md).
LABS := $(patsubst labs/%/lab.json,%,$(wildcard labs/*/lab.json))
lab_given = @test -n "$(LAB)" || { echo "say which lab: LAB=one of: $(LABS)"; exit 2; }

# The settings every grade takes (labs/GRADING.md): the same for grade, grade-all and
# autograder, so the three give one score for the same files.
GRADE_SETTINGS = $(if $(TESTS),--tests $(TESTS)) $(if $(RANDOM_SEED),--random-seed $(RANDOM_SEED)) \
  $(if $(SPEC),--spec $(SPEC)) $(if $(HIDDEN),--hidden $(HIDDEN)) \
  $(if $(PRIVATE_POINTS),--private-points $(PRIVATE_POINTS)) $(if $(BONUS),--bonus $(BONUS)) \
  $(if $(COURSE),--course $(abspath $(COURSE)))

grade: reference
	$(lab_given)
	python3 -m labs.grader.grade $(LAB) --reference $(TIGERC) $(if $(SUBMISSION),--submission $(SUBMISSION)) $(GRADE_SETTINGS)

grade-all: reference
	$(lab_given)
	@test -n "$(SUBMISSIONS)" || { echo "make grade-all: SUBMISSIONS=DIR, a folder of submissions"; exit 2; }
	python3 -m labs.grader.grade $(LAB) --reference $(TIGERC) --all $(SUBMISSIONS) $(GRADE_SETTINGS) $(if $(ROSTER),--roster $(ROSTER)) --parallel $(JOBS)

autograder: reference
	$(lab_given)
	python3 -m labs.autograder.pack $(LAB) --tigerc $(TIGERC) $(GRADE_SETTINGS)

# The mutation score (labs/grader/README.md, "Mutation score"): the lab's generated mutants,
# each graded like a submission, JOBS at a time; MUTANTS=N grades a fixed sample of N.
mutation-score: reference
	$(lab_given)
	python3 -m labs.grader.mutation_score $(LAB) --reference $(TIGERC) --jobs $(JOBS) $(if $(MUTANTS),--mutants $(MUTANTS)) $(if $(SEED),--seed $(SEED),--fresh-seed)

# A student's own tests graded by the mutants they kill (labs/grader/README.md, "Students'
# tests"): build/grade/$(LAB)/tests/results.json and junit.xml.
grade-tests: reference
	$(lab_given)
	@test -n "$(TESTS)" || { echo "make grade-tests: TESTS=DIR, a folder of test programs"; exit 2; }
	python3 -m labs.grader.grade_tests $(LAB) --reference $(TIGERC) --tests $(TESTS) --jobs $(JOBS) $(if $(MUTANTS),--mutants $(MUTANTS))

# The lecture decks, to PDF in $(BUILD)/slides/ (slides/README.md); needs TeX (make deps).
slides: configure
	cmake --build $(BUILD) --target slides

# Writes the starter repository of lab $(LAB) to $(BUILD)/handouts/$(LAB), with its
# HANDOUT.md made by running $(TIGERC) on the lab's example (labs/README.md).
handout: reference
	$(lab_given)
	python3 -m labs.cut --lab $(LAB) --tigerc $(TIGERC) --out $(BUILD)/handouts/$(LAB) $(if $(SPEC),--spec $(SPEC))

# Tiger Explorer: the compiler in WebAssembly plus a page, a static site in
# $(BUILD)/explorer/ (explorer/README.md). Not part of `make`: it needs emscripten.
explorer:
	JOBS=$(JOBS) bash explorer/build.sh $(BUILD)

bench: all
	python3 bench/run.py $(TIGERC)

clean:
	rm -rf $(BUILD)

# ASan + UBSan build of the unit tests and testcase suites in $(SANITIZE_BUILD). Left
# to the release build: robustness (its 50 MB source), driver.robust and the graders'
# tests grade.* (they run tigerc under ulimit -v, CPU budgets and a sandbox, which a
# sanitizer's shadow memory, slowdown and preloaded runtime defeat).
SANITIZE_BUILD ?= build-asan
sanitize:
	@test -f $(SANITIZE_BUILD)/CMakeCache.txt || cmake -S . -B $(SANITIZE_BUILD) \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIGER_SANITIZE=ON
	cmake --build $(SANITIZE_BUILD) -j$(JOBS)
	cd $(SANITIZE_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j$(JOBS) --timeout 1200 -E '^(robustness|driver\.robust|grade\..*)$$'

# CI's sanitized build, one for `make sanitize-ci` and `make fuzz` (built once): clang
# with ASan + UBSan and libFuzzer's coverage hooks, in $(FUZZ_BUILD).
FUZZ_BUILD ?= build-fuzz
fuzz-configure:
	@test -f $(FUZZ_BUILD)/CMakeCache.txt || cmake -S . -B $(FUZZ_BUILD) \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 -DTIGER_FUZZ=ON

# The part of `make sanitize` CI can afford (about half the build: no GoogleTest
# programs): tigerc and libtigerrt.so sanitized, every testcase compiled, run after
# trace scheduling and run through MLIR, and the command-line contract.
TC = testcases
sanitize-ci: fuzz-configure
	cmake --build $(FUZZ_BUILD) -j$(JOBS) --target tigerc tigerrt
	python3 $(TC)/run_testcases.py $(FUZZ_BUILD)/tigerc compile $(TC)/lexical $(TC)/syntax \
	  $(TC)/semantic $(TC)/runtime $(TC)/valid $(TC)/ptoext
	python3 $(TC)/run_testcases.py $(FUZZ_BUILD)/tigerc traces $(TC)/runtime $(TC)/valid $(TC)/ptoext
	python3 $(TC)/run_testcases.py $(FUZZ_BUILD)/tigerc mlir $(TC)/runtime $(TC)/valid $(TC)/ptoext
	python3 driver/cli_test.py $(FUZZ_BUILD)/tigerc .

# libFuzzer over the driver (fuzz/fuzz_tigerc.cc) in the same build. `make fuzz` runs
# $(FUZZ_SECONDS) s (default 600) from the testcases as seeds, and their --emit=pto-ssa
# dumps for --from=pto-ssa; CI runs `make fuzz FUZZ_SECONDS=60`. A crash is saved as
# $(FUZZ_BUILD)/crash-*.
FUZZ_SECONDS ?= 600
fuzz: fuzz-configure
	cmake --build $(FUZZ_BUILD) -j$(JOBS) --target fuzz_tigerc tigerc
	mkdir -p $(FUZZ_BUILD)/corpus $(FUZZ_BUILD)/ssa-seeds
	for f in testcases/ptoext/*.tig; do \
	  $(FUZZ_BUILD)/tigerc --emit=pto-ssa $$f > $(FUZZ_BUILD)/ssa-seeds/$$(basename $$f .tig).ssa; \
	done
	cd $(FUZZ_BUILD) && ASAN_OPTIONS=detect_leaks=0 ./fuzz/fuzz_tigerc -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=4096 -timeout=20 -rss_limit_mb=4096 -artifact_prefix=./ corpus ssa-seeds \
	  $(abspath testcases/valid) $(abspath testcases/runtime) $(abspath testcases/ptoext)
