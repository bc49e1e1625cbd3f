# Front door over CMake. `make demo` and `make test` are all a new machine needs.
BUILD ?= build
JOBS  ?= $(shell nproc)
TIGERC = $(BUILD)/tigerc

.PHONY: all deps configure demo test slides bench clean

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

bench: all
	python3 bench/run.py $(TIGERC)

clean:
	rm -rf $(BUILD)
