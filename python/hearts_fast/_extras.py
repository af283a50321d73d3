"""Install hints for the optional extras that name the extras' own packages: ``pip install
'textual>=0.80'`` works however hearts-fast itself was installed (a wheel file, a checkout,
an index), where ``pip install "hearts-fast[play]"`` needs the package on an index."""

from __future__ import annotations

import importlib.metadata
import re
import shlex


def install_hint(extra: str, fallback: str) -> str:
    """``pip install …`` for the packages of ``extra``, read from the installed package's
    metadata; ``fallback`` (a requirement) when the metadata is not there."""
    try:
        requires = importlib.metadata.requires("hearts-fast") or []
    except importlib.metadata.PackageNotFoundError:
        requires = []
    marker = re.compile(rf"""extra\s*==\s*["']{re.escape(extra)}["']""")
    names = [r.split(";")[0].strip() for r in requires if marker.search(r)]
    return "pip install " + " ".join(shlex.quote(n) for n in names or [fallback])
