"""Print the requirements of the package's optional extras, one a line, from pyproject.toml:
``python tools/extras.py coverage`` lists what ``pip install`` needs for ``make coverage``
without reinstalling (and so rebuilding) the package itself."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pip vendors a TOML reader on older Pythons
    from pip._vendor import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def main(names: list[str]) -> int:
    extras = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    unknown = [n for n in names if n not in extras]
    if not names or unknown:
        print(f"usage: extras.py NAME [NAME ...], NAME one of {sorted(extras)}", file=sys.stderr)
        return 2
    seen: list[str] = []
    for name in names:
        seen += [r for r in extras[name] if r not in seen]
    print("\n".join(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
