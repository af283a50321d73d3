#!/usr/bin/env bash
# `make coverage`: line coverage of the Python package (coverage.py over the whole pytest
# suite, every child process included) and of the Rust engine (cargo llvm-cov over
# cargo test). Installs what it needs: the `coverage` extra's packages, cargo-llvm-cov from
# crates.io, and the LLVM tools of the LLVM version rustc was built with (Debian's
# llvm-N package; the rustup component llvm-tools is used instead when it is installed).
# Reports go to target/coverage/{python,rust}; the summaries are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}

# ---- Python: the everyday tier of pytest, with coverage in every process.
rm -rf target/coverage/python && mkdir -p target/coverage/python
"$PYTHON" tools/extras.py coverage >target/coverage/requirements.txt
"$PYTHON" -m pip install --quiet --disable-pip-version-check -r target/coverage/requirements.txt
# A failing test is reported (and fails the command at the end), but the figures are still
# measured: coverage is about what the tests reach, `make test` about whether they pass.
status=0
"$PYTHON" -m pytest -n auto --dist loadgroup -q -p no:cacheprovider \
    --cov --cov-report= >target/coverage/python/pytest.log 2>&1 || status=$?
tail -1 target/coverage/python/pytest.log
# The children's data files (pytest-cov has combined the workers' already; none left is fine).
"$PYTHON" -m coverage combine --quiet --append 2>/dev/null || true
"$PYTHON" -m coverage report --sort=cover >target/coverage/python/report.txt
"$PYTHON" -m coverage html --quiet -d target/coverage/python/html
echo "== Python (coverage.py), least covered first: target/coverage/python/report.txt"
cat target/coverage/python/report.txt

# ---- Rust: cargo test of the engine under cargo llvm-cov.
command -v cargo-llvm-cov >/dev/null || cargo install cargo-llvm-cov --locked
if ! rustup component list --installed 2>/dev/null | grep -q '^llvm-tools'; then
    llvm=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
    if ! command -v "llvm-cov-$llvm" >/dev/null; then
        apt-get update -qq && apt-get install -y -qq "llvm-$llvm" >/dev/null
    fi
    export LLVM_COV=$(command -v "llvm-cov-$llvm") LLVM_PROFDATA=$(command -v "llvm-profdata-$llvm")
fi
mkdir -p target/coverage/rust
CARGO_TARGET_DIR=target/coverage/rust/build cargo llvm-cov --package hearts-engine \
    --summary-only >target/coverage/rust/report.txt 2>target/coverage/rust/cargo.log ||
    { tail -30 target/coverage/rust/cargo.log; exit 1; }
echo "== Rust engine (cargo llvm-cov over cargo test): target/coverage/rust/report.txt"
cat target/coverage/rust/report.txt
if [ "$status" -ne 0 ]; then
    echo "coverage: pytest failed (status $status): target/coverage/python/pytest.log"
    grep -E '^(FAILED|ERROR)' target/coverage/python/pytest.log || true
    exit "$status"
fi
