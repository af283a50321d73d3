"""Record docs/play-hearts.svg, the screenshot of ``hearts-fast play`` in docs/play.md:
a Hearts game (seed 2) driven headless by Textual's pilot through the pass and three
tricks, the next hint asked for. Run from the repository root:
``python examples/play_screenshot.py``."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hearts_fast.play import PlayApp

OUT = Path(__file__).resolve().parents[1] / "docs" / "play-hearts.svg"


async def main() -> None:
    app = PlayApp("hearts", seed=2, hint="heuristic")
    async with app.run_test(size=(96, 30)) as pilot:
        await pilot.press("h", "p")  # the hinted pass
        for _ in range(3):
            await pilot.press("h", "enter")
        while not app.game.state.trick:  # until the bots have led a trick
            await pilot.press("h", "enter")
        await pilot.press("h")
        app.save_screenshot(OUT.name, str(OUT.parent))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    asyncio.run(main())
