# Front door over CMake. `make demo` and `make test` are all a new machine needs.
BUILD ?= build
JOBS  ?= $(shell nproc)
TIGERC = $(BUILD)/tigerc
# The lab of `make handout` and `make grade` (labs/README.md); a handout sets its own.
LAB ?=

.PHONY: all deps configure demo test slides bench handout grade clean

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

# The lecture decks, to PDF in $(BUILD)/slides/ (slides/README.md); needs TeX (make deps).
slides: configure
	cmake --build $(BUILD) --target slides

# Writes the starter repository of lab $(LAB) to $(BUILD)/handouts/$(LAB), with its
# HANDOUT.md made by running $(TIGERC) on the lab's example (labs/README.md).
handout: configure
	@test -n "$(LAB)" || { echo "make handout: which lab? e.g. LAB=canon"; exit 2; }
	cmake --build $(BUILD) --target tigerc -j$(JOBS)
	python3 tools/handout.py --lab $(LAB) --tigerc $(TIGERC) --out $(BUILD)/handouts/$(LAB)

# Grades lab $(LAB) with labs/grade.py (the grader, issue 7).
grade: configure
	@test -f labs/grade.py || { echo "make grade: no labs/grade.py in this tree"; exit 2; }
	cmake --build $(BUILD) --target tigerc -j$(JOBS)
	python3 labs/grade.py $(LAB)

bench: all
	python3 bench/run.py $(TIGERC)

clean:
	rm -rf $(BUILD)
