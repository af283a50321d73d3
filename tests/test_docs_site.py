"""The documentation site as a reader sees it (issue 28): built with MkDocs (strict) into a
temporary folder, its API reference shows no raw ``__doc__ = '…'`` entries of the compiled
classes and no Sphinx roles (``:class:``, ``:func:`` …) printed literally."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mkdocs")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    return out


def test_the_api_reference_has_no_raw_doc_attributes(site: Path) -> None:
    html = (site / "reference.html").read_text(encoding="utf-8")
    assert "HeartsState" in html and "simulate_hearts" in html
    assert "__doc__" not in html


@pytest.mark.parametrize("page", ["reference.html", "environments.html", "index.html"])
def test_no_sphinx_role_is_printed_literally(site: Path, page: str) -> None:
    text = (site / page).read_text(encoding="utf-8")
    roles = re.findall(r":(?:class|func|meth|mod|attr|data|exc|obj):(?:<code>|`)", text)
    assert not roles, roles[:5]
