"""The README's two commands (issue 28): ``make run`` installs only what the main job needs
(the package and numpy, no test extras) and says what it is building; ``make test``
installs the test, lint and docs extras without reinstalling the package. Read from
``make --dry-run --always-make``, which prints every command a target would run."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make_dry(*args: str) -> list[str]:
    """The commands ``make --dry-run ARGS`` prints (run from the repository's root)."""
    done = subprocess.run(
        ["make", "--dry-run", "--no-print-directory", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.splitlines()


def dry_run(target: str) -> list[str]:
    return make_dry("--always-make", target)


def pip_installs(lines: list[str]) -> list[str]:
    return [line for line in lines if "-m pip install" in line]


def test_make_run_installs_the_package_alone_and_says_so() -> None:
    lines = dry_run("run")
    installs = pip_installs(lines)
    assert len(installs) == 1 and installs[0].rstrip().endswith("-e ."), installs
    assert not any("extras.py" in line or "[dev" in line for line in lines)
    assert any("building the Rust extension" in line for line in lines)
    assert any("hearts_fast simulate" in line for line in lines)


def test_make_test_adds_the_extras_without_reinstalling() -> None:
    lines = dry_run("test")
    installs = pip_installs(lines)
    assert any(line.rstrip().endswith("-e .") for line in installs)
    assert any("-r target/extras.txt" in line for line in installs)
    extras = next(line for line in lines if "tools/extras.py" in line)
    for name in ("dev", "rl", "plot", "play", "ray", "openspiel"):
        assert f" {name}" in extras


def what_if(target: str, *changed: str) -> list[str]:
    """The commands ``make TARGET`` would run if ``changed`` files were just edited."""
    return make_dry(*(f"--what-if={path}" for path in changed), target)


@pytest.mark.skipif(
    not (ROOT / "target" / ".install-stamp").exists()
    or not (ROOT / "target" / ".extras-stamp").exists()
    or not (ROOT / "python" / "hearts_fast" / "_core.abi3.so").exists(),
    reason="the tree was not installed with make (no stamps to compare with)",
)
def test_only_a_rust_or_manifest_change_rebuilds() -> None:
    """A docs-only or test-only change reinstalls nothing; a Rust source does (issue 27)."""
    assert not pip_installs(what_if("install-test", "docs/index.md", "tests/test_cli.py"))
    assert not pip_installs(what_if("install-test", "python/hearts_fast/cli.py"))
    rebuild = pip_installs(what_if("install-test", "rust/engine/src/lib.rs"))
    assert len(rebuild) == 1 and rebuild[0].rstrip().endswith("-e ."), rebuild
    assert len(pip_installs(what_if("install-test", "pyproject.toml"))) == 2
