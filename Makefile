# hearts-fast developer targets. `make run` and `make test` are the README's two commands.
PYTHON ?= python3
PIP := $(PYTHON) -m pip
HANDS ?= 10000000

.PHONY: all install install-test lane-python reinstall build-dev build-prod run test test-long test-rust test-rust-long \
        test-python test-python-long check-rust lint-python docs lint format fmt-check clippy ruff \
        mypy stubtest stub-docs docstrings coverage bench bench-rust fuzz

all: lint test

# Build the extension (release, through the maturin PEP 517 backend) and install the package
# in editable mode with its one dependency (numpy): all that `make run` needs. Again only
# when a Rust source, a manifest or pyproject.toml changed since (or the extension is
# missing): a docs-only or test-only change does not rebuild. `make reinstall` forces it.
STAMP := target/.install-stamp
SOURCES := $(shell find rust -name '*.rs' -o -name Cargo.toml) Cargo.toml Cargo.lock pyproject.toml
EXTENSION := python/hearts_fast/_core.abi3.so
# What the tests, linters and docs use besides: the extras, installed by `make test` alone
# (without reinstalling the package), again when pyproject.toml changes.
TEST_EXTRAS := dev rl plot play ray openspiel
EXTRAS_STAMP := target/.extras-stamp

install: $(STAMP)
	@test -f $(EXTENSION) || { rm -f $(STAMP); $(MAKE) --no-print-directory $(STAMP); }

# (MAKEFLAGS emptied: pip closes make's jobserver pipes, and cargo would warn that it cannot
# reach them; cargo picks its own number of jobs.)
$(STAMP): $(SOURCES)
	@echo "make: building the Rust extension (release, about 2 minutes the first time)" \
	    "and installing hearts-fast in editable mode"
	MAKEFLAGS= $(PIP) install --quiet --disable-pip-version-check -e .
	@mkdir -p $(@D) && touch $@

install-test: install $(EXTRAS_STAMP)

$(EXTRAS_STAMP): pyproject.toml tools/extras.py
	@echo "make: installing the test, lint and docs tools (the extras $(TEST_EXTRAS):" \
	    "about 860 MB, a minute or two the first time)"
	@mkdir -p $(@D) && $(PYTHON) tools/extras.py $(TEST_EXTRAS) >target/extras.txt
	$(PIP) install --quiet --disable-pip-version-check -r target/extras.txt
	@touch $@

reinstall:
	rm -f $(STAMP)
	$(MAKE) --no-print-directory install

build-dev: install

build-prod:
	$(PYTHON) -m maturin build --release --out dist

run: install
	$(PYTHON) -m hearts_fast simulate --hands $(HANDS)

# The Rust checks and tests build in a target directory of their own, so that they run beside
# the extension's release build (whose link-time optimisation keeps one core busy for a
# minute) instead of waiting for its lock.
CHECK_TARGET := target/check

# The everyday suite (tests/README.md): the extension's build, the Python checks and the
# documentation site beside the Rust checks and tests, then pytest. About 7 minutes on
# 2 cores from a fresh clone.
test:
	$(MAKE) --no-print-directory -j2 lane-python check-rust
	$(MAKE) --no-print-directory test-python

lane-python:
	$(MAKE) --no-print-directory install-test
	$(MAKE) --no-print-directory ruff mypy lint-python docs

# The long tier (tests/README.md): the soaks, the slow hypothesis profile and the long
# fuzzers.
test-long: install-test
	$(MAKE) --no-print-directory test-rust-long test-python-long

check-rust: fmt-check clippy test-rust

test-rust:
	CARGO_TARGET_DIR=$(CHECK_TARGET) cargo test --workspace --exclude hearts-fast-py

# The property tests and the solver's cross-check against plain minimax at soak size.
test-rust-long:
	PROPTEST_CASES=4096 SOLVE_SOAK=1500 SOLVE_TRICKS=4 \
	    CARGO_TARGET_DIR=$(CHECK_TARGET) cargo test --workspace --exclude hearts-fast-py

# One test process per core (pytest-xdist): the suite's examples are independent.
test-python: install-test
	$(PYTHON) -m pytest -n auto --dist loadgroup

test-python-long: install-test
	HEARTS_FAST_TEST_TIER=long $(PYTHON) -m pytest -n auto --dist loadgroup -o timeout=5400

# The long profile of the fuzzers (tests/fuzz); its result is added to tests/fuzz/RESULTS.md.
# FUZZ_SEED picks another run of examples.
FUZZ_SEED ?= 1
fuzz: install-test
	$(PYTHON) -m tests.fuzz --profile long --seed $(FUZZ_SEED) --record tests/fuzz/RESULTS.md

# The documentation site (MkDocs + mkdocstrings), strict: a broken link or reference fails.
docs: install-test
	$(PYTHON) -m mkdocs build --strict --quiet

lint: fmt-check clippy ruff mypy lint-python

# The checks that need the built extension.
lint-python: install-test stubtest stub-docs

stub-docs:
	$(PYTHON) tools/stub_docs.py --check

fmt-check:
	cargo fmt --all -- --check

format:
	cargo fmt --all
	$(PYTHON) -m ruff format python tests benchmarks examples tools
	$(PYTHON) -m ruff check --fix python tests benchmarks examples tools

clippy:
	CARGO_TARGET_DIR=$(CHECK_TARGET) cargo clippy --workspace --all-targets -- -D warnings

ruff:
	$(PYTHON) -m ruff check python tests benchmarks examples tools
	$(PYTHON) -m ruff format --check python tests benchmarks examples tools

mypy:
	$(PYTHON) -m mypy

stubtest: install-test
	$(PYTHON) -m mypy.stubtest hearts_fast._core --allowlist stubtest-allowlist.txt

# The native module's docstrings are the stub's: regenerate rust/python/src/docs.rs after
# editing a docstring of python/hearts_fast/_core.pyi (then `make install` rebuilds).
docstrings:
	$(PYTHON) tools/stub_docs.py

# Line coverage of the Python package and of the Rust engine (tools/coverage.sh; the figures
# are recorded in tests/README.md).
coverage: install-test
	PYTHON=$(PYTHON) bash tools/coverage.sh

bench-rust:
	cargo bench -p hearts-engine

# Python benchmarks: asv (quick), the side-by-side comparisons, and streaming memory.
bench: install bench-rust
	cd benchmarks && $(PYTHON) -m asv machine --yes >/dev/null && $(PYTHON) -m asv run --python=same --quick
	$(PYTHON) tools/extras.py compare >target/compare.txt
	$(PIP) install --quiet --disable-pip-version-check -r target/compare.txt
	$(PYTHON) benchmarks/compare_openspiel.py
	$(PYTHON) benchmarks/compare_openspiel.py --game spades
	$(PYTHON) benchmarks/rummy_speed.py
	$(PYTHON) benchmarks/compare_reference.py
	$(PYTHON) benchmarks/stream_memory.py
	$(PYTHON) benchmarks/solve_speed.py --game spades --tricks 8 --positions 100
	$(PYTHON) benchmarks/solve_speed.py --game hearts --tricks 6 --positions 100
