# Front door over CMake. `make demo` and `make test` are all a new machine needs.
BUILD ?= build
JOBS  ?= $(shell nproc)
TIGERC = $(BUILD)/tigerc
# The lab of `make handout` and `make grade` (labs/README.md); a handout sets its own.
LAB ?=

.PHONY: all deps configure demo test slides bench reference handout grade grade-all autograder explorer clean

all: configure
	cmake --build $(BUILD) -j$(JOBS)

# Configures a new build folder; refreshes an old one (a target added to a CMakeLists.txt
# since exists at once).
configure:
	@if test -f $(BUILD)/CMakeCache.txt; then cmake $(BUILD) > /dev/null; \
	else cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo; fi

deps:
	bash tools/install-deps.sh

# Installs what is missing, builds, prints the IR of a program, runs queens at every
# stage, and renders queens' control-flow graphs to SVG in $(BUILD)/demo/.
demo: deps all
	bash tools/demo.sh $(TIGERC) $(BUILD)/demo

test: all
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) --timeout 600

# Lab grading (labs/GRADING.md). LAB is translate, canon, traces or ptoext.
#   make grade LAB=canon [SUBMISSION=DIR] [TESTS=DIR]   one submission (none: this tree)
#   make grade-all LAB=canon SUBMISSIONS=DIR             every folder of DIR, into a CSV
#   make autograder LAB=canon [TESTS=DIR]                a Gradescope autograder zip
# The reference the grader judges with: only tigerc and its runtime, not the tests.
reference: configure
	cmake --build $(BUILD) --target tigerc -j$(JOBS)

lab_given = @test -n "$(LAB)" || { echo "say which lab: LAB=translate|canon|traces|ptoext"; exit 2; }

grade: reference
	$(lab_given)
	python3 labs/grade.py $(LAB) --reference $(TIGERC) $(if $(SUBMISSION),--submission $(SUBMISSION)) $(if $(TESTS),--tests $(TESTS))

grade-all: reference
	$(lab_given)
	@test -n "$(SUBMISSIONS)" || { echo "make grade-all: SUBMISSIONS=DIR, a folder of submissions"; exit 2; }
	python3 labs/grade.py $(LAB) --reference $(TIGERC) --all $(SUBMISSIONS) $(if $(TESTS),--tests $(TESTS))

autograder:
	$(lab_given)
	python3 labs/autograder.py $(LAB) $(if $(TESTS),--tests $(TESTS))

# The lecture decks, to PDF in $(BUILD)/slides/ (slides/README.md); needs TeX (make deps).
slides: configure
	cmake --build $(BUILD) --target slides

# Writes the starter repository of lab $(LAB) to $(BUILD)/handouts/$(LAB), with its
# HANDOUT.md made by running $(TIGERC) on the lab's example (labs/README.md).
handout: reference
	$(lab_given)
	python3 tools/handout.py --lab $(LAB) --tigerc $(TIGERC) --out $(BUILD)/handouts/$(LAB)

# Tiger Explorer: the compiler in WebAssembly plus a page, a static site in
# $(BUILD)/explorer/ (explorer/README.md). Not part of `make`: it needs emscripten.
explorer:
	JOBS=$(JOBS) bash explorer/build.sh $(BUILD)

bench: all
	python3 bench/run.py $(TIGERC)

clean:
	rm -rf $(BUILD)
