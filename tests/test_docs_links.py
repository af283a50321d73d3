"""The documentation stays inside the repository: every relative link in README.md,
docs/**/*.md and benchmarks/*.md reaches a file of the repository (and the heading an
``#anchor`` names), no link leaves the repository, and no text points at the rules file
outside it (``shared/RULES.md``). The rule ids the code and the tests cite are defined in
docs/rules/. Pure file checks: no compiled extension needed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted(
    [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "benchmarks").glob("*.md")]
)
RULE_PAGES = {
    "A": ROOT / "docs" / "rules" / "hearts.md",
    "B": ROOT / "docs" / "rules" / "spades.md",
    "C": ROOT / "docs" / "rules" / "rummy.md",
}

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL)
_INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]"  # the link text, one level of brackets inside
    r"\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"  # (target "optional title")
)
_REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.MULTILINE)
_HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)
_HTML_ID = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def _prose(text: str) -> str:
    """The text without fenced code blocks and code spans (links there are not links)."""
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def links(text: str) -> list[str]:
    """Every link target of a markdown text: inline links, images and reference definitions."""
    prose = _prose(text)
    return _INLINE_LINK.findall(prose) + _REF_DEF.findall(prose)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: link text kept, markup and punctuation dropped,
    lowercase, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors a markdown file defines (duplicate headings get -1, -2 … as on GitHub)."""
    text = path.read_text(encoding="utf-8")
    seen: dict[str, int] = {}
    found = set(_HTML_ID.findall(text))
    for heading in _HEADING.findall(_FENCE.sub("", text)):
        base = slug(heading)
        n = seen.get(base, 0)
        found.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return found


def problems(path: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with the links of one markdown file of the tree ``root``."""
    out = []
    for target in links(path.read_text(encoding="utf-8")):
        if _SCHEME.match(target) or target.startswith("//"):
            out.append(f"{target}: links outside the repository")
            continue
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if root not in dest.parents and dest != root:
            out.append(f"{target}: resolves outside the repository ({dest})")
        elif not dest.exists():
            out.append(f"{target}: no such file ({dest.relative_to(root)})")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            out.append(f"{target}: no heading with anchor #{anchor} in {dest.relative_to(root)}")
    return out


def test_the_checks_catch_bad_links(tmp_path: Path) -> None:
    """The checker itself, on a small tree: a missing file, a missing anchor, a path out of
    the tree and a URL are each reported; links inside code are ignored; good anchors pass."""
    root = (tmp_path / "repo").resolve()
    (root / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "RULES.md").write_text("# Rules\n", encoding="utf-8")
    (root / "docs" / "rules" / "hearts.md").write_text("# A. Hearts\n", encoding="utf-8")
    page = root / "docs" / "rules" / "README.md"
    page.write_text(
        "# Top heading\n\n## A.1 Parameters (x)\n\n## A.1 Parameters (x)\n\n"
        "[ok](#a1-parameters-x) [dup](#a1-parameters-x-1) [ok2](hearts.md#a-hearts)\n"
        "[gone](nope.md) [anchor](hearts.md#no-such-heading) [out](../../../shared/RULES.md)\n"
        "[web](https://example.org/) `[code](ignored.md)`\n\n```\n[fenced](ignored2.md)\n```\n"
        "\n[ref]: ../../README.md\n",
        encoding="utf-8",
    )
    found = problems(page, root)
    assert [p.split(": ")[0] for p in found] == [
        "nope.md",
        "hearts.md#no-such-heading",
        "../../../shared/RULES.md",
        "https://example.org/",
        "../../README.md",
    ]
    assert "outside" in found[2] and "outside" in found[3] and "no such file" in found[4]


def test_slug_matches_github() -> None:
    assert slug("A.1 Parameters") == "a1-parameters"
    assert slug("0. Conventions shared by all") == "0-conventions-shared-by-all"
    assert slug("Invariants (D)") == "invariants-d"
    assert slug("`HeartsState` — one hand") == "heartsstate--one-hand"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves_inside_the_repository(path: Path) -> None:
    assert problems(path) == []


def _texts() -> list[Path]:
    return sorted(
        [
            *DOCS,
            *(ROOT / "python").rglob("*.py"),
            *(ROOT / "python").rglob("*.pyi"),
            *(ROOT / "rust").rglob("*.rs"),
            *(p for p in (ROOT / "tests").rglob("*.py") if p.name != "test_docs_links.py"),
            *(ROOT / "benchmarks").rglob("*.py"),
        ]
    )


@pytest.mark.parametrize("path", _texts(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_reference_to_the_rules_file_outside_the_repository(path: Path) -> None:
    """README, docs, the Python package, the tests, the benchmarks and the Rust code point at
    docs/rules/, never at ``shared/`` or a ``RULES.md`` the user does not have."""
    lines = path.read_text(encoding="utf-8").splitlines()
    bad = [
        f"{i}: {ln.strip()}"
        for i, ln in enumerate(lines, 1)
        if "shared/" in ln or re.search(r"(?<![\w/])RULES\.md", ln)
    ]
    assert bad == []


_RULE_ID = re.compile(r"(?<![\w-])(EA-|EB-|EC-|V-A|A-|B-|C-)(\d+)\b")


def _cited_ids() -> set[tuple[str, str]]:
    cited = set()
    sources = [
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "python").rglob("*.py"),
        *(ROOT / "rust").rglob("*.rs"),
    ]
    for path in sources:
        if path.name != Path(__file__).name:
            cited.update(_RULE_ID.findall(path.read_text(encoding="utf-8")))
    return cited


def test_every_cited_rule_id_is_defined_in_docs_rules() -> None:
    """Every rule id the tests, the Python package and the Rust code cite (A-16, B-19, C-12,
    V-A1, EA-1 …) is defined, in bold, on its game's page."""
    cited = _cited_ids()
    assert {("A-", "16"), ("B-", "19"), ("EC-", "4"), ("V-A", "1")} <= cited
    missing = []
    for prefix, number in sorted(cited):
        game = prefix.rstrip("-")[-1]
        page = RULE_PAGES[game].read_text(encoding="utf-8")
        if f"**{prefix}{number}" not in page:
            missing.append(f"{prefix}{number} (docs/rules/{RULE_PAGES[game].name})")
    assert missing == []
