# vfuse: the two commands of the README, and the pieces they are made of.
#   make demo   install what is missing, build, run the bundled model, compile it with
#               certified rewrites (into build/demo/) and run the compiled graph, in the
#               interpreter and as native code
#   make test   install what is missing, build, run the tests of tiers unit, e2e and proof
#               (ctest -LE campaign; docs/testing.md): everything that guards soundness
#               (about 15 minutes of ctest on 2 cores today; docs/testing.md, "How long")
#   make test-all  the same, then the campaign tier too (the whole library proved again from
#               scratch, on the deep grid too, every stored obligation replayed, the longer
#               kernel fuzz and the full certificate mutation figure)
#   make install-python  the Python package vfuse (docs/python.md) into the site-packages of
#               /usr/bin/python3 (Debian: /usr/local/lib/python3.11/dist-packages)
#   make asan   the same tests in a Debug build with AddressSanitizer and UBSan
#   make prove  prove the rule library again and rewrite proofs/ (after editing rules/)
#   make prove-deep  prove the whole library again on the deep grid (minutes; nothing written)
#   make mutants  the rule-mutation campaign: several hundred mutants of rules/, each proved
#               and run on random instances; fails on a mutant the interpreter shows wrong
#               and the prover calls proved (full report in $(BUILD)/mutants.md)
#   make cert-mutants  the certificate mutation figure: every certificate of ResNet-18, the
#               classifier and BERT- / GPT-2-style blocks at hidden 256 mutated three
#               times (operator, constant, index) and replayed with z3; fails on a mutant
#               that still replays unsat
#   make onnxruntime  install ONNX Runtime for Node.js (npm) into bench/onnxruntime, the
#               peer of vfuse bench and vfuse check --against onnxruntime
#   make kernel-fuzz  every native kernel against the interpreter on COUNT random
#               shape / attribute combinations and on special values (SEED=1 COUNT=1200;
#               docs/codegen.md, "Testing the kernels"); a short run is part of make test
#   make exp-exhaustive  the semantics' float exp (src/semantics/exp32.h) at every float:
#               within 1 ulp of e^x, its vector forms equal bit for bit (a stride of the
#               floats is part of make test)
#   make erf-exhaustive  the semantics' float erf (src/semantics/erf32.h) at every float:
#               within 1.6 ulp of erf(x), its vector forms equal bit for bit (a stride of
#               the floats is part of make test)
#   make tanh-exhaustive  the semantics' float tanh (src/semantics/tanh32.h) at every
#               float: within 1.65 ulp of tanh(x), its vector forms equal bit for bit (a
#               stride of the floats is part of make test)
#   make fuzz   the libFuzzer targets of tests/fuzz (Relay, ONNX, rule DSL, IR text, .npy),
#               one after the other for FUZZ_SECONDS each under ASan+UBSan, in build-fuzz/
#               with clang-14 (docs/limits.md); their corpus replay is part of make test

BUILD    ?= build
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
MODEL    ?= models/resnet18_imagenet_simplified.relay
VFUSE    := $(BUILD)/tools/vfuse

# Debian 12 packages the build and the tests need. z3 and cvc5 replay exported SMT-LIB2
# queries; graphviz and python3-numpy cross-check the DOT and .npy writers; libonnx-testdata
# is the ONNX conformance suite; pybind11-dev and python3-pytest build and test the Python
# package (docs/python.md). The ONNX Runtime peer comes from npm (make onnxruntime).
DEPS := cmake make g++ ccache pkg-config libfmt-dev catch2 libz3-dev z3 libboost-graph-dev \
        libonnx-dev libprotobuf-dev protobuf-compiler libonnx-testdata libssl-dev \
        cvc5 graphviz python3-numpy python3-onnx pybind11-dev python3-pytest

.PHONY: all deps build demo test test-all asan prove prove-deep clean install-python
.PHONY: onnxruntime mutants cert-mutants kernel-fuzz fuzz exp-exhaustive erf-exhaustive \
        tanh-exhaustive

all: build

deps:
	@missing=""; \
	for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" -ne 0 ]; then echo "error: need root to apt-get install:$$missing" >&2; exit 1; fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	$(VFUSE) info $(MODEL)
	$(VFUSE) run $(MODEL)
	$(VFUSE) compile $(MODEL) -o $(BUILD)/demo
	$(VFUSE) run $(BUILD)/demo/model.vfg
	$(VFUSE) run $(MODEL) --engine native

test: build
	@$(MAKE) --no-print-directory onnxruntime || echo "ONNX Runtime peer not installed: its agreement tests will be skipped"
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -LE campaign

test-all: build
	@$(MAKE) --no-print-directory onnxruntime || echo "ONNX Runtime peer not installed: its agreement tests will be skipped"
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

onnxruntime:
	bench/onnxruntime/install.sh

install-python: build
	cmake --install $(BUILD) --component python

prove: build
	$(VFUSE) prove rules

prove-deep: build
	$(VFUSE) prove rules --no-write --grid deep

mutants: build
	$(BUILD)/tools/vf_rule_mutants rules --jobs $(JOBS) --table $(BUILD)/mutants.md

SEED  ?= 1
COUNT ?= 1200
kernel-fuzz: build
	VF_KERNEL_FUZZ_SEED=$(SEED) VF_KERNEL_FUZZ_COUNT=$(COUNT) \
	  $(BUILD)/tests/vf_unit_tests "[kernel-fuzz]"

exp-exhaustive: build
	$(BUILD)/tests/vf_unit_tests "[exp32-exhaustive]"

erf-exhaustive: build
	$(BUILD)/tests/vf_unit_tests "[erf32-exhaustive]"

tanh-exhaustive: build
	$(BUILD)/tests/vf_unit_tests "[tanh32-exhaustive]"

FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= relay onnx rules ir_text npy
fuzz:
	@$(MAKE) --no-print-directory deps DEPS="$(DEPS) clang-14 libfuzzer-14-dev"
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVF_FUZZ=ON -DVF_PYTHON=OFF \
	  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14
	cmake --build $(FUZZ_BUILD) -j$(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@for t in $(FUZZ_TARGETS); do \
	  tests/fuzz/fuzz.sh fuzz $(FUZZ_BUILD)/tests/fuzz/fuzz_$$t . $$t $(FUZZ_SECONDS) \
	    $(FUZZ_BUILD)/fuzz || exit 1; \
	done

cert-mutants: build
	tests/rewrite/mutate_certificates.sh $(VFUSE) . --jobs $(JOBS)

asan: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DVFUSE_SANITIZE=ON -DVF_PYTHON=OFF
	cmake --build build-asan -j$(JOBS)
	cd build-asan && ctest --output-on-failure -j$(JOBS)

clean:
	rm -rf $(BUILD) build-asan
