# Front door over CMake. `make demo` and `make test` are all a new machine needs.
BUILD ?= build
JOBS  ?= $(shell nproc)
TIGERC = $(BUILD)/tigerc

.PHONY: all deps configure demo test bench explorer clean

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

# Tiger Explorer: the compiler in WebAssembly plus a page, a static site in
# $(BUILD)/explorer/ (explorer/README.md). Not part of `make`: it needs emscripten.
explorer:
	JOBS=$(JOBS) bash explorer/build.sh $(BUILD)

bench: all
	python3 bench/run.py $(TIGERC)

clean:
	rm -rf $(BUILD)
