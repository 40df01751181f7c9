"""Benchmark: `wtg status` of a host whose games each wait at a rollback's turn, with a
large outbox: how long it takes to ask the outbox whether each rollback's notices lie
there (``wtg.mail.outgoing.notices.in_outbox``: by name, never read whole).

    .venv/bin/python bench/bench_status_outbox.py [--games 50] [--mails 2000] [--rounds 5]

Makes --games 4-player WoK IV games in a temporary folder, plays two turns of each and rolls
each back to turn 1 (`wtg rollback`, which queues its notices), then puts --mails mails in
the outbox's queue and as many in sent/. It prints the best of --rounds runs of the host's
`wtg status` (in this process), the time a game, and the look-ups the outbox was asked.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere: tests/ and bench/ importable

from tests.conftest import players  # noqa: E402
from wtg.cli import main  # noqa: E402
from wtg.game.engine import create_game  # noqa: E402
from wtg.mail.outgoing.outbox import Outbox  # noqa: E402

CONFIG = "games_dir: games\nfrom: Game Master <gm@example.org>\n"


def made(root: Path, games: int, mails: int) -> Path:
    """The host's config, its games each rolled back to turn 1, and its outbox filled."""
    config = root / "wtg.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    for number in range(games):
        name = f"g{number:03d}"
        game = create_game(root / "games" / name, "wok4", "small", players(4), number)
        game.run_turn()
        game.run_turn()
        rolled = CliRunner().invoke(main, ["--config", str(config), "rollback", name, "--to", "1"])
        if rolled.exit_code != 0:
            raise SystemExit(f"rollback of {name} failed: {rolled.output}")
    outbox = root / "games" / ".mail" / "outbox"
    for part in ("queue", "sent"):
        for number in range(mails):
            mail = f"Message-ID: <filler-{part}-{number}.0@example.org>\n\nfiller\n"
            (outbox / part / f"filler-{part}-{number:05d}.eml").write_text(mail, encoding="utf-8")
    return config


def timed(config: Path, rounds: int) -> float:
    """The best time of ``rounds`` runs of the host's `wtg status`, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        shown = CliRunner().invoke(main, ["--config", str(config), "status"])
        best = min(best, time.perf_counter() - start)
        if shown.exit_code != 0:
            raise SystemExit(f"wtg status failed: {shown.output}")
    return best


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--mails", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="wtg-bench-status-"))
    try:
        config = made(root, args.games, args.mails)
        asked = 0
        known = Outbox.known

        def counted(self: Outbox, ident: str) -> bool:
            nonlocal asked
            asked += 1
            return known(self, ident)

        Outbox.known = counted  # type: ignore[method-assign]
        CliRunner().invoke(main, ["--config", str(config), "status"])
        Outbox.known = known  # type: ignore[method-assign]
        best = timed(config, args.rounds)
        print(
            f"wtg status: {args.games} games at a rollback's turn, {args.mails} mails queued "
            f"and {args.mails} sent: {best * 1000:.0f} ms (best of {args.rounds}), "
            f"{best * 1000 / max(1, args.games):.2f} ms a game; {asked} notices asked of the "
            "outbox by name"
        )
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main_bench()
