"""The declared Python range works (issue 28): the wheel is built once, installed into a
fresh virtual environment of the oldest and of the newest supported CPython found on this
machine, and a smoke script runs in each: import, one hand, one batch of each game, one
solve, the reference engine, a search bot and the command line.

The range is read from pyproject.toml (``requires-python`` and the version classifiers);
interpreters are looked for on PATH (``python3.N``) and under pyenv's versions folder. A
version that is absent is skipped with a message. The venvs install numpy from the package
index (or pip's cache), as a user's would.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")

SMOKE = """
import subprocess, sys
import hearts_fast as hf
import hearts_fast.reference as ref

assert hf.__file__.startswith(sys.prefix), hf.__file__  # the installed wheel, not the tree
hands = hf.simulate_hearts(hf.HeartsRules(), hands=1000, seed=1)
assert hands["points"].shape == (1000, 4)
assert hf.simulate_spades(hf.SpadesRules(), hands=100, seed=2)["tricks"].shape[0] == 100
assert len(hf.simulate_rummy(hf.RummyRules(), hands=10, seed=3)["hand_scores"]) == 10
s = hf.HeartsState(hf.HeartsRules(pass_direction="hold"), seed=1)
while s.phase == "play":
    s.play(s.legal_plays()[0])
assert sum(s.points()) == 26
e = hf.HeartsState(hf.HeartsRules(pass_direction="hold"), seed=2)
while len(e.hands[0]) > 4:
    e.play(e.legal_plays()[0])
assert hf.solve(e).value >= 0
h = ref.HeartsState(ref.HeartsRules(pass_direction="hold"), seed=1, dealer=0)
while h.phase != "over":
    h.play(h.legal_plays()[0])
hf.Policy("pimc", worlds=4).act(hf.HeartsState(hf.HeartsRules(), seed=4))
cli = subprocess.run(
    [sys.executable, "-m", "hearts_fast", "simulate", "--hands", "2000", "--format", "json"],
    capture_output=True, text=True, check=True,
)
assert cli.stdout.strip().startswith("{"), cli.stdout
print("smoke ok", sys.version_info[:2])
"""


def declared_range() -> list[tuple[int, int]]:
    """The minor versions pyproject.toml declares: from ``requires-python`` to the newest
    version classifier."""
    floor = re.search(r'requires-python = ">=3\.(\d+)"', PYPROJECT)
    assert floor, "requires-python is a '>=3.N' floor"
    classified = [
        int(m) for m in re.findall(r"Programming Language :: Python :: 3\.(\d+)", PYPROJECT)
    ]
    assert classified and min(classified) == int(floor.group(1)), (
        "the version classifiers start at requires-python's floor"
    )
    return [(3, m) for m in range(int(floor.group(1)), max(classified) + 1)]


def interpreter(version: tuple[int, int]) -> str | None:
    """A CPython of this minor version on this machine that runs, or None: pyenv's
    installed versions first, then ``python3.N`` on PATH (pyenv's shims only run the
    versions a project selects, so a shim is tried like any other command)."""
    major, minor = version
    candidates: list[str] = []
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if pyenv.is_dir():
        found = [p for p in pyenv.iterdir() if p.name.startswith(f"{major}.{minor}.")]
        candidates += [str(p / "bin" / f"python{major}.{minor}") for p in sorted(found)[::-1]]
    on_path = shutil.which(f"python{major}.{minor}")
    if on_path:
        candidates.append(on_path)
    for c in candidates:
        try:
            ran = subprocess.run(
                [c, "-c", "import sys; print(sys.version_info[:2])"],
                capture_output=True,
                text=True,
                timeout=60,
            )
        except OSError:
            continue
        if ran.returncode == 0 and ran.stdout.strip() == str(version):
            return c
    return None


RANGE = declared_range()

#: The environment of the venvs' processes: nothing that would put the source tree (or
#: another Python's packages) on their path.
VENV_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


def test_the_declarations_agree() -> None:
    """requires-python, the abi3 floor of the wheel (PyO3's abi3-py3N feature), the
    classifiers and the README say the same oldest version."""
    oldest = RANGE[0]
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    assert f'"abi3-py{oldest[0]}{oldest[1]}"' in cargo
    assert f"Python {oldest[0]}.{oldest[1]}+" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert f'target-version = "py{oldest[0]}{oldest[1]}"' in PYPROJECT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's wheel, built once (cargo reuses the release build of the install)."""
    out = tmp_path_factory.mktemp("wheel")
    # maturin's own command: in this Python's scripts folder, or on PATH (a venv made with
    # --system-site-packages has the module but not the script).
    search = os.pathsep.join([sysconfig.get_path("scripts"), os.environ.get("PATH", "")])
    maturin = shutil.which("maturin", path=search)
    if maturin is None:
        pytest.skip("maturin (the dev extra) is not installed")
    subprocess.run(
        [maturin, "build", "--release", "--quiet", "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        env={**os.environ, "MAKEFLAGS": ""},
        timeout=1800,
    )
    (found,) = out.glob("hearts_fast-*.whl")
    return found


@pytest.mark.xdist_group("python-versions")
@pytest.mark.parametrize("version", sorted({RANGE[0], RANGE[-1]}), ids=lambda v: f"{v[0]}.{v[1]}")
def test_the_wheel_works_on_the_declared_range(
    version: tuple[int, int], wheel: Path, tmp_path: Path
) -> None:
    python = interpreter(version)
    if python is None:
        pytest.skip(f"no CPython {version[0]}.{version[1]} on this machine")
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], check=True, timeout=300, env=VENV_ENV)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    done = subprocess.run(
        [*pip, "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=900,
        env=VENV_ENV,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    smoke = subprocess.run(
        [str(venv / "bin" / "python"), "-c", SMOKE],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        env=VENV_ENV,
    )
    assert smoke.returncode == 0, smoke.stdout[-3000:] + smoke.stderr[-3000:]
    assert f"smoke ok ({version[0]}, {version[1]})" in smoke.stdout
