"""Every Python example of the README and of docs/ runs as written: each file's ```python
blocks in order, in one namespace (a block may use what an earlier block of its file
defined)."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((ROOT / "examples").rglob("*.md")),
]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks(path: pathlib.Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


WITH_EXAMPLES = [f for f in FILES if blocks(f)]


def test_the_examples_are_found():
    names = {f.relative_to(ROOT).as_posix() for f in WITH_EXAMPLES}
    assert {"README.md", "docs/environments.md", "docs/solver.md"} <= names


def example(path: pathlib.Path) -> object:
    """One file's parameter; docs/distributed.md starts a Ray cluster, so it runs in the
    xdist worker of tests/test_distributed.py (one cluster at a time)."""
    name = path.relative_to(ROOT).as_posix()
    marks = [pytest.mark.xdist_group("ray")] if name == "docs/distributed.md" else []
    return pytest.param(path, id=name, marks=marks)


@pytest.mark.parametrize("path", [example(f) for f in WITH_EXAMPLES])
def test_every_example_runs(path: pathlib.Path) -> None:
    namespace: dict[str, object] = {"__name__": "__example__"}
    for i, code in enumerate(blocks(path)):
        exec(compile(code, f"{path.name} example {i + 1}", "exec"), namespace)
