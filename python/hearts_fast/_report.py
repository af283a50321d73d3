"""The command line's results as one structure, printed as a table, JSON or CSV
(``--format``): the settings of the run, tables whose columns each say what they hold, and
summary lines."""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass, field
from typing import Any

#: The output formats of ``--format``.
FORMATS = ("table", "json", "csv")


@dataclass
class Column:
    """A column: its name, how a value is printed in the table, and what it holds."""

    name: str
    fmt: str
    meaning: str


@dataclass
class Table:
    """Rows of values (not yet formatted) under columns."""

    name: str
    columns: list[Column]
    rows: list[list[Any]]


@dataclass
class Report:
    """What a command found: the settings of the run, its tables and summary values."""

    header: list[str]
    settings: dict[str, Any]
    tables: list[Table] = field(default_factory=list)
    summary: list[tuple[str, Any, str]] = field(default_factory=list)


def se_mean(var: float, n: int) -> float:
    """The standard error of a mean of ``n`` values of variance ``var``."""
    return math.sqrt(max(var, 0.0) / n) if n > 0 else math.nan


def se_rate(p: float, n: int) -> float:
    """The standard error of a rate ``p`` over ``n`` trials."""
    return math.sqrt(max(p * (1 - p), 0.0) / n) if n > 0 else math.nan


def _plain(v: Any) -> Any:
    """A value as JSON holds it (numpy scalars as Python numbers)."""
    if hasattr(v, "item"):
        return v.item()
    return v


def _text(report: Report) -> str:
    out = [*report.header, ""]
    for t in report.tables:
        header = [c.name for c in t.columns]
        cells = [[format(v, c.fmt) for v, c in zip(row, t.columns)] for row in t.rows]
        widths = [max(len(r[i]) for r in [header, *cells]) for i in range(len(header))]
        out.append(" | ".join(h.rjust(w) for h, w in zip(header, widths)))
        out.append("-+-".join("-" * w for w in widths))
        out += [" | ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]
        out += [f"  {c.name}: {c.meaning}" for c in t.columns]
        out.append("")
    out += [f"{label}: {format(v, fmt)}" for label, v, fmt in report.summary]
    return "\n".join(out).rstrip("\n")


def _json(report: Report) -> str:
    data = {
        "settings": {k: _plain(v) for k, v in report.settings.items()},
        "tables": {
            t.name: [{c.name: _plain(v) for c, v in zip(t.columns, row)} for row in t.rows]
            for t in report.tables
        },
        "columns": {t.name: {c.name: c.meaning for c in t.columns} for t in report.tables},
        "summary": {label: _plain(v) for label, v, _ in report.summary},
    }
    return json.dumps(data, indent=2, allow_nan=True)


def _csv(report: Report) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for t in report.tables:
        w.writerow([f"# {t.name}"])
        w.writerow([c.name for c in t.columns])
        w.writerows([[_plain(v) for v in row] for row in t.rows])
        w.writerow([])
    if report.summary:
        w.writerow(["# summary"])
        w.writerow(["name", "value"])
        w.writerows([[label, _plain(v)] for label, v, _ in report.summary])
    return buf.getvalue().rstrip("\n")


def render(report: Report, fmt: str = "table") -> str:
    """The report as ``fmt``: ``"table"`` (aligned columns, each explained in one line),
    ``"json"`` or ``"csv"``."""
    return {"table": _text, "json": _json, "csv": _csv}[fmt](report)
