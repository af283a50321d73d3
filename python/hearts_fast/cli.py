"""Command line: ``hearts-fast simulate …`` runs a batch of hands or whole games of Hearts
(``--game hearts``, the default), Spades (``--game spades``) or the rummy "La Dame de Pique"
(``--game rummy``) inside the Rust engine, with a progress bar, and prints a result table.
Hearts and Spades hands are aggregated in constant memory. ``hearts-fast solve [FILE]``
reads a Hearts or Spades hand in the text format and prints the exact open-hand value of
each legal play (docs/solver.md). ``hearts-fast arena`` ranks policies by duplicate play
(docs/arena.md).

Exit status: 0 on success, 2 for a usage error (a malformed or refused argument: counts
and ``--threads`` are 1 or more, leave ``--threads`` out for every core), 130 when
interrupted."""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

import hearts_fast
from hearts_fast import (
    HeartsGame,
    HeartsRules,
    HeartsState,
    RummyRules,
    SpadesGame,
    SpadesRules,
    SpadesState,
    card_name,
    simulate_hearts,
    simulate_rummy,
    simulate_spades,
    solve,
)
from hearts_fast._extras import install_hint
from hearts_fast._report import FORMATS, Column, Report, Table, render, se_mean, se_rate
from hearts_fast.errors import HeartsFastError, InvalidArgumentError


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line usage error: ``hearts-fast CMD: what was wrong (try
    'hearts-fast CMD --help')``, exit status 2 (the whole usage block is in ``--help``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (try '{self.prog} --help')\n")


def _parse_value(text: str) -> object:
    if text in ("true", "True"):
        return True
    if text in ("false", "False"):
        return False
    if text in ("none", "None"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _params(overrides: Sequence[str]) -> dict[str, object]:
    params: dict[str, object] = {}
    for item in overrides:
        name, _, value = item.partition("=")
        params[name] = _parse_value(value)
    return params


def _rule(text: str) -> str:
    """``--rule NAME=VALUE``, checked when the command line is read (a usage error)."""
    name, sep, _ = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"takes NAME=VALUE, e.g. players=5; got {text!r}")
    return text


#: The most hands or games one run takes (the engine's limit, docs/limits.md).
MAX_COUNT = 2**40
#: The most threads (the engine's limit).
MAX_THREADS = 1024


def _whole_number(text: str, high: int, hint: str = "", fmt: str = "") -> int:
    """A whole number 1..``high`` typed on the command line, printed with ``fmt`` (``","``
    for counts) in a refusal, which ``hint`` follows."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= high:
        raise argparse.ArgumentTypeError(f"must be 1..{high:{fmt}}{hint}, got {value:{fmt}}")
    return value


def _at_least_one(text: str) -> int:
    """A count 1..2**40 (hands, games, deals, a hand limit). 0 is refused: a run of nothing
    has no result to print."""
    try:
        return _whole_number(text, MAX_COUNT, " (2**40)", ",")
    except argparse.ArgumentTypeError as e:
        nothing = text.strip() == "0"
        raise argparse.ArgumentTypeError(
            f"{e}; a run of nothing has no result to print" if nothing else str(e)
        ) from None


def _threads(text: str) -> int:
    """``--threads N``: 1..1024; leave it out for every core."""
    try:
        return _whole_number(text, MAX_THREADS)
    except argparse.ArgumentTypeError as e:
        if "whole number" in str(e):
            raise
        raise argparse.ArgumentTypeError(f"{e}; leave --threads out to use every core") from None


#: The picture formats ``--plot`` writes, by the file's suffix.
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def _plot_path(text: str) -> str:
    """``--plot FILE``, checked before any work: matplotlib is installed, the folder exists,
    the suffix is one matplotlib writes (none means ``.png``, which is added). Returns the
    path that will be written."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise argparse.ArgumentTypeError(
            f"needs matplotlib, which is not installed ({install_hint('plot', 'matplotlib')})"
        )
    suffix = os.path.splitext(text)[1].lower()
    if suffix == "":
        text += ".png"
    elif suffix not in PLOT_SUFFIXES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the suffix must be {', '.join(PLOT_SUFFIXES)} or none (for .png)"
        )
    folder = os.path.dirname(text) or "."
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"{text!r}: there is no folder {folder!r}")
    return text


def _duration(seconds: float) -> str:
    """A time left for the progress bar: ``42.0s``, ``12m05s``, ``3h20m``, ``5d04h``."""
    if seconds < 60:
        return f"{seconds:.1f}s"
    minutes, secs = divmod(int(seconds), 60)
    if minutes < 60:
        return f"{minutes}m{secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours}h{minutes:02d}m"
    days, hours = divmod(hours, 24)
    return f"{days:,}d{hours:02d}h"


class ProgressBar:
    """A one-line bar on a terminal: done/total, rate and time left."""

    def __init__(self, out: TextIO, unit: str) -> None:
        self.out, self.unit, self.start = out, unit, time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.start
        frac = done / total if total else 1.0
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        self.out.write(
            f"\r[{bar}] {frac:6.1%} {done:,}/{total:,} {self.unit} {rate:,.0f}/s  "
            f"{_duration(left)} left"
        )
        if done >= total:
            self.out.write("\n")
        self.out.flush()


def _policy(text: str) -> str | list[str]:
    parts = [p.strip() for p in text.split(",")]
    return parts[0] if len(parts) == 1 else parts


def _table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = " | ".join(h.rjust(w) for h, w in zip(header, widths))
    sep = "-+-".join("-" * w for w in widths)
    body = [" | ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join([line, sep, *body])


#: The rules class of each ``--game``.
RULES_CLASSES: dict[str, Any] = {"hearts": HeartsRules, "spades": SpadesRules, "rummy": RummyRules}
#: ``--preset`` when not given.
DEFAULT_PRESET = {"hearts": "dame_de_pic", "spades": "default", "rummy": "default"}
#: The help of ``--preset`` (simulate, play): each game's presets and its default.
PRESET_HELP = (
    "; ".join(
        f"{label}: {', '.join(RULES_CLASSES[game].presets)} (default {DEFAULT_PRESET[game]})"
        for game, label in (("hearts", "Hearts"), ("spades", "Spades"), ("rummy", "rummy"))
    )
    + ". Hearts' default and dame_de_pic are the same rules (HeartsRules())"
)
#: The help of ``--rule`` (simulate, arena, play).
RULE_HELP = (
    "override one rule parameter of the game's rules class (repeatable; default: none); "
    "values true, false, none, whole numbers or words, e.g. players=5"
)


def _rules(game: str, preset: str | None, overrides: Sequence[str]) -> tuple[str, Any]:
    """The preset's name (the game's default when None) and the rules of ``--preset`` with
    the ``--rule`` overrides; the rules class refuses an unknown preset, name or value."""
    preset = preset or DEFAULT_PRESET[game]
    params = _params(overrides)
    try:
        return preset, RULES_CLASSES[game].preset(preset, **params)
    except HeartsFastError as e:
        raise type(e)(_rule_message(str(e), overrides)) from None


def _rule_message(message: str, overrides: Sequence[str]) -> str:
    """The rules class's message in the command line's terms: the ``--rule`` the user typed
    named, ranges as ``3..7``, types as the words typed (``five is not a whole number``)."""
    for item in overrides:
        name, _, value = item.partition("=")
        if message.startswith((f"{name} must", f"unknown {name}", f"{name}:")) or (
            f'"{name}"' in message
        ):
            if re.search(r"must be an int .*, got str$", message):
                low_high = re.search(r"(-?\d+)\.\.=(-?\d+)", message)
                allowed = f" ({low_high.group(1)}..{low_high.group(2)})" if low_high else ""
                return f"--rule {item}: {value} is not a whole number{allowed}"
            message = re.sub(r"\.\.=", "..", message).replace("an int ", "")
            return f"--rule {item}: {message}"
    return re.sub(r"\.\.=", "..", message)


#: ``--hands`` when not given: rummy hands are about 200 times slower than trick-game hands.
DEFAULT_HANDS = {"hearts": 1_000_000, "spades": 1_000_000, "rummy": 100_000}
#: ``--policy`` when not given.
DEFAULT_POLICY = {"hearts": "random", "spades": "random", "rummy": "greedy"}


def _changed(rules_class: Any, preset: str, rules: Any) -> dict[str, Any]:
    """The rule parameters of ``rules`` that differ from the preset's."""
    base = rules_class.preset(preset).to_dict()
    return {k: v for k, v in rules.to_dict().items() if base.get(k) != v}


def _run(
    args: argparse.Namespace,
    sim: Callable[..., Any],
    label: str,
    *,
    stream: bool,
    players: bool = True,
) -> tuple[Any, Any, Report]:
    """The rules ``args`` asks for and the batch run under them (hands in constant memory
    with ``stream``), with a progress bar; and the report's header: the game's ``label``,
    the preset and the rules changed from it, the number of players (with ``players``),
    the options and how long the run took."""
    preset, rules = _rules(args.game, args.preset, args.rule)
    what = f"{label}preset {preset}, " + (f"{rules.players} players, " if players else "")
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    unit = "games" if args.games is not None else "hands"
    bar = ProgressBar(sys.stderr, unit) if show else None
    threads = args.threads or os.cpu_count() or 1
    kw: dict[str, Any] = {
        "seed": args.seed,
        "policy": _policy(args.policy),
        "threads": args.threads,
        "progress": bar,
    }
    start = time.perf_counter()
    if args.games is not None:
        res = sim(rules, games=args.games, hand_limit=args.hand_limit, **kw)
    else:
        res = sim(rules, hands=args.hands, stream=stream, **kw)
    elapsed = time.perf_counter() - start
    count = args.games if args.games is not None else args.hands
    rate = count / elapsed if elapsed > 0 else float("inf")
    changed = _changed(RULES_CLASSES[args.game], preset, rules)
    shown = ", ".join(f"{k}={v}" for k, v in changed.items()) or "none"
    header = [
        f"hearts-fast simulate: {what}policy {args.policy}, seed {args.seed}, {threads} thread(s)",
        f"rules changed from the preset: {shown}",
        f"{count:,} {unit} in {elapsed:.3f} s = {rate:,.0f} {unit}/s",
    ]
    settings = {
        "game": args.game,
        "preset": preset,
        "rules": rules.to_dict(),
        "rules_changed": changed,
        "policy": args.policy,
        "seed": args.seed,
        "threads": threads,
        unit: count,
        "seconds": elapsed,
    }
    if args.games is not None:
        settings["hand_limit"] = args.hand_limit
    return rules, res, Report(header, settings)


def _games_table(report: Report, res: Any, labels: Sequence[Any], first: str) -> Report:
    """Whole games: each seat's (or team's) mean final total and win rate, with their
    standard errors."""
    totals, winners = res["totals"], res["winners"]
    n = len(totals)
    rows = []
    for i, label in enumerate(labels):
        t = totals[:, i].astype(float)
        w = float(winners[:, i].mean()) if n else math.nan
        rows.append(
            [
                label,
                float(t.mean()) if n else math.nan,
                se_mean(float(t.var(ddof=1)) if n > 1 else math.nan, n),
                w,
                se_rate(w, n),
            ]
        )
    report.tables.append(
        Table(
            "games",
            [
                Column(first, "", f"the {first}"),
                Column("mean final total", ".3f", "its total at the end of a game"),
                Column("total se", ".3f", "the standard error of that mean"),
                Column("win rate", ".4f", "the share of games it won (ties shared)"),
                Column("win se", ".4f", "the standard error of the win rate"),
            ],
            rows,
        )
    )
    report.summary.append(
        ("mean hands per game", float(res["hands_played"].mean()) if n else math.nan, ".3f")
    )
    report.summary.append(
        ("games stopped at the hand limit (not finished)", int((~res["finished"]).sum()), ",")
    )
    return report


def _emit(report: Report, args: argparse.Namespace, res: Any = None) -> int:
    print(render(report, args.format))
    _plot(args, res, report.header[0])
    return 0


def _plot(args: argparse.Namespace, res: Any, title: str) -> None:
    """``--plot FILE``: the result's pictures (hearts_fast.plot), saved by suffix."""
    if getattr(args, "plot", None) is None or res is None:
        return
    from hearts_fast import plot

    fig = plot.simulation(res, args.plot, title=title)
    import matplotlib.pyplot as plt

    plt.close(fig)
    print(f"plot written to {args.plot}", file=sys.stderr)


def simulate_rummy_cli(args: argparse.Namespace) -> int:
    rules, res, report = _run(args, simulate_rummy, "rummy, ", stream=False)
    if args.games is not None:
        return _emit(_games_table(report, res, list(range(rules.players)), "seat"), args, res)
    scores, opened, went_out = res["hand_scores"], res["opened"], res["went_out"]
    n = len(went_out)
    rows = []
    for s in range(rules.players):
        sc = scores[:, s].astype(float)
        out = float((went_out == s).mean()) if n else math.nan
        rows.append(
            [
                s,
                float(sc.mean()) if n else math.nan,
                se_mean(float(sc.var(ddof=1)) if n > 1 else math.nan, n),
                float(sc.std()) if n else math.nan,
                float(opened[:, s].mean()) if n else math.nan,
                out,
            ]
        )
    report.tables.append(
        Table(
            "seats",
            [
                Column("seat", "", "the seat"),
                Column("mean hand score", ".3f", "its mean hand score (C-20)"),
                Column("score se", ".3f", "the standard error of that mean"),
                Column("sd", ".3f", "the standard deviation of its hand scores"),
                Column("opened", ".4f", "the share of hands in which it opened (laid melds)"),
                Column("went out", ".4f", "the share of hands it went out (C-18)"),
            ],
            rows,
        )
    )
    report.summary.append(("mean turns per hand", float(res["turns"].mean()) if n else 0.0, ".3f"))
    report.summary.append(
        ("hands with nobody out", float((went_out < 0).mean()) if n else 0.0, ".4%")
    )
    return _emit(report, args, res)


def simulate_spades_cli(args: argparse.Namespace) -> int:
    random_bidders = "random" in _policy(args.policy) or args.policy == "random"
    if args.games is not None and args.hand_limit is None and random_bidders:
        # Random bids almost never reach the end rule: every game would run to the default
        # limit of 1000 hands and the table would describe that limit, not Spades games.
        raise InvalidArgumentError(
            "Spades games between random bidders do not end (their totals drift away from "
            "win_score and lose_score): use --policy heuristic, or give --hand-limit N to "
            "cut each game after N hands and read the table as such"
        )
    _, res, report = _run(args, simulate_spades, "Spades, ", stream=True, players=False)
    teams = [f"{t} (seats {t}, {t + 2})" for t in range(2)]
    if args.games is not None:
        _games_table(report, res, teams, "team")
        report.summary.append(
            ("games that reached the end rule", float(res["finished"].mean()), ".4%")
        )
        return _emit(report, args, res)
    n = int(res["hands"])
    report.tables.append(
        Table(
            "teams",
            [
                Column("team", "", "the team"),
                Column("mean hand score", ".3f", "its mean hand score (B-15..B-18)"),
                Column("score se", ".3f", "the standard error of that mean"),
                Column("sd", ".3f", "the standard deviation of its hand scores"),
                Column("bags", ".3f", "its mean bags a hand (B-16)"),
                Column("contract made", ".4f", "the share of hands it made its contract"),
            ],
            [
                [
                    team,
                    float(res["mean_hand_scores"][t]),
                    se_mean(float(res["var_hand_scores"][t]), n),
                    math.sqrt(float(res["var_hand_scores"][t])),
                    float(res["mean_hand_bags"][t]),
                    float(res["contracts_made"][t]) / max(n, 1),
                ]
                for t, team in enumerate(teams)
            ],
        )
    )
    report.tables.append(
        Table(
            "seats",
            [
                Column("seat", "", "the seat"),
                Column("mean bid", ".3f", "its mean bid (a nil counts 0)"),
                Column("mean tricks", ".3f", "its mean tricks taken"),
                Column("nil rate", ".4f", "the share of hands it bid nil"),
                Column("nil made", ".4f", "the share of its nil bids it made"),
            ],
            [
                [
                    s,
                    float(res["mean_bids"][s]),
                    float(res["mean_tricks"][s]),
                    float(res["nil_bids"][s]) / max(n, 1),
                    float(res["nils_made"][s]) / max(int(res["nil_bids"][s]), 1),
                ]
                for s in range(4)
            ],
        )
    )
    return _emit(report, args, res)


def simulate_hearts_cli(args: argparse.Namespace) -> int:
    rules, res, report = _run(args, simulate_hearts, "Hearts, ", stream=True)
    if args.games is not None:
        return _emit(_games_table(report, res, list(range(rules.players)), "seat"), args, res)
    n = int(res["hands"])
    rows = []
    for s in range(rules.players):
        q = float(res["queens"][s]) / max(n, 1)
        m = float(res["moons"][s]) / max(n, 1)
        rows.append(
            [
                s,
                float(res["mean_points"][s]),
                se_mean(float(res["var_points"][s]), n),
                math.sqrt(float(res["var_points"][s])),
                float(res["mean_hand_scores"][s]),
                se_mean(float(res["var_hand_scores"][s]), n),
                float(res["mean_tricks"][s]),
                q,
                se_rate(q, n),
                m,
                se_rate(m, n),
            ]
        )
    report.tables.append(
        Table(
            "seats",
            [
                Column("seat", "", "the seat"),
                Column("mean points", ".3f", "its mean penalty points a hand (A-20)"),
                Column("points se", ".3f", "the standard error of that mean"),
                Column("sd", ".3f", "the standard deviation of its points"),
                Column("mean hand score", ".3f", "its mean hand score, moon shots applied (A-21)"),
                Column("score se", ".3f", "the standard error of that mean"),
                Column("tricks", ".3f", "its mean tricks taken"),
                Column("Q♠ rate", ".4f", "the share of hands it took the Q♠"),
                Column("Q♠ se", ".4f", "the standard error of that rate"),
                Column("moons", ".4%", "the share of hands it shot the moon"),
                Column("moon se", ".4%", "the standard error of that rate"),
            ],
            rows,
        )
    )
    moons = float(res["moons"].sum()) / max(n, 1)
    report.summary.append(("moon rate", moons, ".4%"))
    return _emit(report, args, res)


#: The command of each ``--game``.
COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "hearts": simulate_hearts_cli,
    "spades": simulate_spades_cli,
    "rummy": simulate_rummy_cli,
}


def simulate(args: argparse.Namespace) -> int:
    if args.hands is None:
        args.hands = DEFAULT_HANDS[args.game]
    if args.policy is None:
        args.policy = DEFAULT_POLICY[args.game]
    return COMMANDS[args.game](args)


#: The state and game classes of each game the solver takes.
SOLVABLE: dict[str, tuple[type[HeartsState | SpadesState], type[HeartsGame | SpadesGame]]] = {
    "hearts": (HeartsState, HeartsGame),
    "spades": (SpadesState, SpadesGame),
}


def _text_kind(text: str) -> str | None:
    """The KIND of a text's header line ``hearts-fast/1 KIND`` (docs/text-format.md), or
    None when its first line (after blank and comment lines) is not one."""
    for line in text.splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        return fields[1] if len(fields) == 2 and fields[0] == "hearts-fast/1" else None
    return None


def read_hand(text: str, game: str | None) -> HeartsState | SpadesState:
    """The hand a text holds: a state's, or the current hand of a game's. ``game`` (hearts or
    spades) is read from the header when None."""
    kind = _text_kind(text)
    if game is None:
        if kind is None:
            raise ValueError(
                "the input is not a hearts-fast text (its first line is 'hearts-fast/1 KIND'); "
                "give --game hearts|spades to read it anyway"
            )
        game = kind.split("-")[0]
    if game not in SOLVABLE:
        raise ValueError(f"the solver takes a Hearts or Spades hand, not a {kind}")
    state_class, game_class = SOLVABLE[game]
    if kind == f"{game}-game":
        return game_class.from_text(text).state
    return state_class.from_text(text)


def solve_cli(args: argparse.Namespace) -> int:
    if args.file == "-":
        text = sys.stdin.read()
    else:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    state = read_hand(text, args.game)
    start = time.perf_counter()
    sol = solve(state, seat=args.seat, objective=args.objective)
    elapsed = time.perf_counter() - start
    game = "Hearts" if isinstance(state, HeartsState) else "Spades"
    objective = args.objective or ("points" if game == "Hearts" else "tricks")
    mover = state.current_player
    seat = mover if args.seat is None else args.seat
    title = f"hearts-fast solve: {game}, objective {objective} of seat {seat}; seat {mover} to play"
    if args.format == "table":
        print(title)
        print()
        rows = [[card_name(c), str(v), "*" if c in sol.best else ""] for c, v in sol.moves.items()]
        print(_table(rows, ["play", "value", "best"]))
        print()
        print(f"value: {sol.value}")
        print(f"nodes: {sol.nodes:,} in {elapsed:.3f} s")
        return 0
    report = Report(
        [title],
        {
            "game": game.lower(),
            "objective": objective,
            "seat": seat,
            "to_play": mover,
            "seconds": elapsed,
        },
    )
    report.tables.append(
        Table(
            "moves",
            [
                Column("play", "", "a legal play of the player to move (card name)"),
                Column("card", "d", "its card id"),
                Column(
                    "value", "d", f"the exact value ({objective} of seat {seat}) after that play"
                ),
                Column("best", "", "whether the play is optimal for the player to move"),
            ],
            [[card_name(c), c, v, c in sol.best] for c, v in sol.moves.items()],
        )
    )
    report.summary += [
        ("value", sol.value, "d"),
        ("best", " ".join(card_name(c) for c in sol.best), ""),
        ("nodes", sol.nodes, ","),
    ]
    print(render(report, args.format))
    return 0


def _arena_policy(text: str) -> Any:
    """``NAME`` or ``NAME:KEY=VALUE,…`` (``pimc:worlds=32,evaluator=solve``) as a Policy."""
    from hearts_fast import Policy

    name, _, settings = text.partition(":")
    kw: dict[str, Any] = {}
    for item in filter(None, settings.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise InvalidArgumentError(
                f"--policy {text!r}: settings are KEY=VALUE, e.g. pimc:worlds=32,evaluator=solve"
            )
        kw[key.strip()] = _parse_value(value.strip())
    known = ("seed", "index", "worlds", "evaluator", "rollouts", "solve_tricks", "iterations")
    unknown = [k for k in kw if k not in known]
    if unknown:
        raise InvalidArgumentError(
            f"--policy {text!r}: {unknown[0]!r} is not a setting; the settings are "
            "worlds, evaluator, rollouts, solve_tricks (pimc), iterations (ismcts) and seed"
        )
    try:
        return Policy(name.strip(), **kw)
    except TypeError as e:  # a call shape Policy refuses: say it without Python's names
        message = re.sub(r"\w+\.__new__\(\) ", "", str(e))
        raise InvalidArgumentError(f"--policy {text!r}: {message}") from None


def arena_cli(args: argparse.Namespace) -> int:
    from hearts_fast.arena import arena, format_arena

    rules_class = RULES_CLASSES[args.game]
    preset, rules = _rules(args.game, args.preset, args.rule)
    specs = args.policy or ["heuristic", "random"]
    policies = {spec: _arena_policy(spec) for spec in specs}
    threads = args.threads or os.cpu_count() or 1
    start = time.perf_counter()
    if args.games is not None:
        res = arena(
            rules,
            policies,
            games=args.games,
            seed=args.seed,
            threads=args.threads,
            hand_limit=args.hand_limit,
        )
        count = f"{args.games:,} games"
    else:
        deals = 1000 if args.deals is None else args.deals
        res = arena(rules, policies, deals=deals, seed=args.seed, threads=args.threads)
        count = f"{deals:,} deals"
    elapsed = time.perf_counter() - start
    changed = _changed(rules_class, preset, rules)
    shown = ", ".join(f"{k}={v}" for k, v in changed.items()) or "none"
    header = [
        f"hearts-fast arena: {args.game}, preset {preset}, {len(policies)} policies, {count}, "
        f"seed {args.seed}, {threads} thread(s), {elapsed:.2f} s",
        f"rules changed from the preset: {shown}",
    ]
    if args.format == "table":
        print("\n".join(header))
        print()
        print(format_arena(res))
        _plot(args, res, header[0])
        return 0
    unit = "win rate" if res["mode"] == "games" else "score"
    report = Report(
        header,
        {
            "game": args.game,
            "preset": preset,
            "rules": rules.to_dict(),
            "rules_changed": changed,
            "mode": res["mode"],
            "deals" if res["mode"] == "deals" else "games": res["deals"],
            "seed": args.seed,
            "threads": threads,
            "seconds": elapsed,
            "higher_is_better": res["higher_is_better"],
        },
    )
    report.tables.append(
        Table(
            "policies",
            [
                Column("policy", "", "the policy"),
                Column("mean", ".3f", f"its mean {unit} over the rotations of each deal or game"),
                Column("se", ".3f", "the standard error of that mean"),
                Column("ci95 low", ".3f", "the 95% interval of the mean: low end"),
                Column("ci95 high", ".3f", "and high end"),
                Column("vs first", "+.3f", "its mean minus the first policy's, paired by deal"),
                Column("vs first se", ".3f", "the standard error of that difference"),
            ],
            [
                [
                    name,
                    float(res["mean"][i]),
                    float(res["se"][i]),
                    float(res["ci95"][i][0]),
                    float(res["ci95"][i][1]),
                    float(res["diff_mean"][i]),
                    float(res["diff_se"][i]),
                ]
                for i, name in enumerate(res["names"])
            ],
        )
    )
    return _emit(report, args, res)


def play_cli(args: argparse.Namespace) -> int:
    """``hearts-fast play``: the Textual interface of hearts_fast.play, imported only here.
    The rules are read as ``simulate`` reads them (before textual is imported: a refused
    preset or rule is a usage error even without it); a loaded game keeps its own rules."""
    if args.load is not None and (args.preset is not None or args.rule):
        raise InvalidArgumentError(
            "--load resumes a game under the rules saved with it; leave out --preset and "
            "--rule (they choose the rules of a new game)"
        )
    preset, rules = (None, None) if args.load else _rules(args.game, args.preset, args.rule)
    try:
        from hearts_fast import play
    except ImportError as e:
        raise InvalidArgumentError(
            f"play needs textual ({e}); install it with: {install_hint('play', 'textual')}"
        ) from None
    return play.run(
        args.game,
        seed=args.seed,
        bot=args.bot,
        hint=args.hint,
        save=args.save,
        load=args.load,
        rules=rules,
        preset=preset,
    )


def _rules_arguments(parser: argparse.ArgumentParser, preset_help: str) -> None:
    """``--preset NAME`` and the repeatable ``--rule NAME=VALUE`` of a subcommand."""
    parser.add_argument("--preset", default=None, help=preset_help)
    parser.add_argument(
        "--rule", action="append", type=_rule, default=[], metavar="NAME=VALUE", help=RULE_HELP
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(
        prog="hearts-fast",
        description="Fast, exact engines for Hearts, Spades and the rummy La Dame de Pique: "
        "simulate batches of hands or games, rank policies in a duplicate arena, solve "
        "open-hand positions. Exit status: 0 on success, 2 for a usage error, 130 when "
        "interrupted (docs/cli.md).",
    )
    parser.add_argument(
        "--version", action="version", version=f"hearts-fast {hearts_fast.__version__}"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sol = sub.add_parser(
        "solve",
        help="the exact open-hand value of each legal play of a Hearts or Spades hand",
        description="Read a HeartsState or SpadesState (or a game, for its current hand) in "
        "the text format of docs/text-format.md and print the exact open-hand value of each "
        "legal play, the best marked (docs/solver.md).",
    )
    sol.add_argument("file", nargs="?", default="-", help="the text (default: - for stdin)")
    sol.add_argument(
        "--game", choices=list(SOLVABLE), default=None, help="default: read from the text"
    )
    sol.add_argument("--seat", type=int, default=None, help="default: the player to move")
    sol.add_argument(
        "--objective",
        default=None,
        help="Hearts: points (default); Spades: tricks (default) or score",
    )
    sol.add_argument(
        "--format",
        choices=FORMATS,
        default="table",
        help="how to print the result: table (default), json (the settings, one object per "
        "play, the value, the best plays and the nodes) or csv (the plays, then the summary)",
    )
    sol.set_defaults(run=solve_cli)
    sim = sub.add_parser("simulate", help="simulate a batch of hands or games and print a table")
    sim.set_defaults(run=simulate)
    what = sim.add_mutually_exclusive_group()
    what.add_argument(
        "--hands",
        type=_at_least_one,
        default=None,
        help="number of hands (default 1,000,000; rummy 100,000)",
    )
    what.add_argument(
        "--games", type=_at_least_one, default=None, help="number of whole games instead"
    )
    sim.add_argument(
        "--game", choices=["hearts", "spades", "rummy"], default="hearts", help="default: hearts"
    )
    sim.add_argument("--seed", type=int, default=0, help="the batch seed, 0..2**64-1 (default 0)")
    _rules_arguments(sim, PRESET_HELP)
    sim.add_argument(
        "--policy",
        default=None,
        help="Hearts and Spades: random (default) or heuristic; rummy: greedy (default) or "
        "random; or one per seat, comma-separated: random,heuristic,…",
    )
    sim.add_argument("--threads", type=_threads, default=None, help="default: all cores")
    sim.add_argument(
        "--hand-limit",
        type=_at_least_one,
        default=None,
        help="with --games: stop a game after this many hands (default 1000)",
    )
    sim.add_argument(
        "--format",
        choices=FORMATS,
        default="table",
        help="how to print the result: table (default; each column explained), json or csv",
    )
    sim.add_argument(
        "--plot",
        type=_plot_path,
        default=None,
        metavar="FILE",
        help="also draw the result (matplotlib) into FILE.png, .svg or .pdf",
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar (default: when stderr is a terminal)",
    )
    are = sub.add_parser(
        "arena",
        help="rank policies by duplicate play, with standard errors",
        description="Play each deal once per seating rotation, so that every policy holds "
        "every hand, and print each policy's mean hand score with its standard error, its "
        "95% interval and its difference from the first policy paired by deal "
        "(docs/arena.md).",
    )
    are.set_defaults(run=arena_cli)
    are.add_argument(
        "--game", choices=["hearts", "spades"], default="hearts", help="default: hearts"
    )
    are.add_argument(
        "--policy",
        action="append",
        default=None,
        metavar="NAME[:KEY=VALUE,...]",
        help="a policy (repeatable; default: heuristic and random): random, heuristic, "
        "pimc or ismcts, with the search bots' settings, e.g. pimc:worlds=32,evaluator=solve "
        "or ismcts:iterations=500",
    )
    many = are.add_mutually_exclusive_group()
    many.add_argument("--deals", type=_at_least_one, default=None, help="deals (default 1000)")
    many.add_argument(
        "--games",
        type=_at_least_one,
        default=None,
        help="whole games instead, scored by win rate",
    )
    are.add_argument(
        "--hand-limit",
        type=_at_least_one,
        default=None,
        help="with --games: stop a game after this many hands (default 1000)",
    )
    are.add_argument("--seed", type=int, default=0, help="the batch seed, 0..2**64-1 (default 0)")
    are.add_argument("--threads", type=_threads, default=None, help="default: all cores")
    _rules_arguments(are, "the rules preset (default: the game's default)")
    are.add_argument(
        "--plot",
        type=_plot_path,
        default=None,
        metavar="FILE",
        help="also draw each policy's mean and 95%% interval into FILE.png, .svg or .pdf",
    )
    are.add_argument(
        "--format",
        choices=FORMATS,
        default="table",
        help="how to print the result: table (default; each column explained), json or csv",
    )
    pla = sub.add_parser(
        "play",
        help="play Hearts, Spades or rummy in the terminal against the bots (needs textual)",
        description="Play a whole game in a keyboard-only terminal interface, you at seat 0 "
        "and the bots at the others (docs/play.md). Needs the optional dependency textual: "
        f"{install_hint('play', 'textual')}.",
    )
    pla.set_defaults(run=play_cli)
    pla.add_argument(
        "--game", choices=["hearts", "spades", "rummy"], default="hearts", help="default: hearts"
    )
    pla.add_argument("--seed", type=int, default=None, help="the game's seed (default: random)")
    _rules_arguments(pla, PRESET_HELP)
    pla.add_argument(
        "--bot",
        choices=["heuristic", "pimc", "ismcts", "random", "greedy"],
        default="heuristic",
        help="the bots' policy (default heuristic; rummy: greedy or random, default greedy)",
    )
    pla.add_argument(
        "--hint",
        choices=["heuristic", "pimc", "ismcts", "random", "greedy"],
        default=None,
        help="the policy giving hints (default pimc; rummy greedy)",
    )
    pla.add_argument(
        "--save",
        default="hearts-fast-game.txt",
        metavar="FILE",
        help="where s saves the game's text form (default hearts-fast-game.txt)",
    )
    pla.add_argument(
        "--load",
        default=None,
        metavar="FILE",
        help="resume a game saved in its text form, under its own rules (default: a new game)",
    )
    args = parser.parse_args(argv)
    if getattr(args, "hand_limit", None) is not None and args.games is None:
        command = {"simulate": sim, "arena": are}[args.command]
        command.error("--hand-limit applies with --games only (a lone hand is never cut short)")
    try:
        return int(args.run(args))
    except (HeartsFastError, ValueError, TypeError, OSError) as e:
        print(f"hearts-fast: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nhearts-fast: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
