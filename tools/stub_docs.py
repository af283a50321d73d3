"""The runtime docstrings of ``hearts_fast._core`` come from its stub.

``python/hearts_fast/_core.pyi`` is the one source of the native module's documentation:
its docstrings are what the documentation site (mkdocstrings reads the stub), IDEs and type
checkers show. This script writes them into ``rust/python/src/docs.rs`` as the arms of a
``stub_doc!`` macro, and the binding documents each Python-visible item with
``#[doc = stub_doc!("Class", "member")]``, so ``help()`` shows the same text, compiled in
(a name the stub does not document is a compile error).

    python tools/stub_docs.py           # regenerate rust/python/src/docs.rs
    python tools/stub_docs.py --check   # exit 1 if it is out of date

A member is documented once, on the stub class that declares it: ``HeartsState.to_text`` is
written on the private base ``_Recorded`` the stub gives every state and game, and
``stub_doc!("HeartsState", "to_text")`` finds it there, as Python's attribute lookup would.
tests/test_docstrings.py checks that every public runtime docstring is its stub's and that
docs.rs is up to date.
Only the standard library is used, so this runs before the extension is built.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUB = ROOT / "python" / "hearts_fast" / "_core.pyi"
OUTPUT = ROOT / "rust" / "python" / "src" / "docs.rs"

HEADER = """\
//! The Python docstrings of the native module, generated from `python/hearts_fast/_core.pyi`
//! by `python tools/stub_docs.py`: do not edit (edit the stub and run `make docstrings`).
//! `stub_doc!("Class", "member")` is the stub's docstring of that member (its own or inherited
//! from a stub base), `stub_doc!("name")` a class's or function's, as a literal for `#[doc = …]`.

"""


@dataclass
class Stub:
    """The docstrings of a stub, by key, and each class's bases (those defined in it)."""

    docs: dict[str, str] = field(default_factory=dict)
    bases: dict[str, list[str]] = field(default_factory=dict)
    members: dict[str, list[str]] = field(default_factory=dict)

    def chain(self, cls: str) -> list[str]:
        """``cls`` and its stub bases, in method resolution order (depth first suffices
        for the stub's single-inheritance chains)."""
        out = [cls]
        for base in self.bases.get(cls, []):
            out += [c for c in self.chain(base) if c not in out]
        return out

    def key_of(self, cls: str, member: str) -> str | None:
        """The key of ``cls.member``: the first class of its chain that declares it."""
        for c in self.chain(cls):
            if member in self.members.get(c, []):
                return f"{c}.{member}"
        return None


def _base_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _string(node: ast.stmt) -> str | None:
    if (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ):
        return inspect.cleandoc(node.value.value)
    return None


def _add(stub: Stub, key: str, doc: str | None) -> None:
    if doc is None:
        return
    if key in stub.docs and stub.docs[key] != doc:
        raise SystemExit(f"{STUB.name}: two different docstrings for {key}")
    stub.docs[key] = doc


def read(path: Path = STUB) -> Stub:
    """The stub's docstrings: module functions by name, classes by name, their methods,
    properties and documented attributes (a string right after ``name: type``) as
    ``Class.member``."""
    stub = Stub()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            _add(stub, node.name, ast.get_docstring(node))
        elif isinstance(node, ast.ClassDef):
            _add(stub, node.name, ast.get_docstring(node))
            stub.bases[node.name] = [
                b for b in map(_base_name, node.bases) if b is not None and b in classes
            ]
            names: list[str] = []
            body = node.body
            for i, item in enumerate(body):
                if isinstance(item, ast.FunctionDef):
                    names.append(item.name)
                    _add(stub, f"{node.name}.{item.name}", ast.get_docstring(item))
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.append(item.target.id)
                    if i + 1 < len(body):
                        _add(stub, f"{node.name}.{item.target.id}", _string(body[i + 1]))
            stub.members[node.name] = names
    return stub


def _literal(text: str) -> str:
    """``text`` as a Rust string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def arms(stub: Stub) -> dict[tuple[str, ...], str]:
    """Every documented name as a ``doc!`` key: a module function or a class by its name
    (one string), a member by its class and name (two) for every class that has it, its
    own or inherited from a stub base."""
    out: dict[tuple[str, ...], str] = {}
    for key, doc in stub.docs.items():
        if "." not in key:
            out[(key,)] = doc
    for cls in stub.bases:
        for c in stub.chain(cls):
            for member in stub.members.get(c, []):
                found = stub.key_of(cls, member)
                if found is not None and found in stub.docs:
                    out.setdefault((cls, member), stub.docs[found])
    return out


def render(stub: Stub) -> str:
    """The generated docs.rs."""
    text = "".join(
        f"    ({', '.join(map(_literal, key))}) => {{\n        {_literal(doc)}\n    }};\n"
        for key, doc in sorted(arms(stub).items())
    )
    return HEADER + "macro_rules! stub_doc {\n" + text + "}\n\npub(crate) use stub_doc;\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if docs.rs is out of date")
    args = parser.parse_args(argv)
    text = render(read())
    current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
    if args.check:
        if current != text:
            print(
                f"{OUTPUT.relative_to(ROOT)} is not generated from {STUB.relative_to(ROOT)}: "
                "run `make docstrings`",
                file=sys.stderr,
            )
            return 1
        return 0
    if current != text:
        OUTPUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
