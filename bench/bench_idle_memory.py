"""Benchmark: the memory of a long-lived poll (`wtg poll --idle`), cycle after cycle.

    .venv/bin/python bench/bench_idle_memory.py [--cycles 60] [--mails 100] [--games 20]
        [--dir DIR]

A service polls for weeks in one process: what each poll leaves alive must not pile up.
This makes GAMES ten-player WoK IV games, then runs CYCLES polls in this process as
``wtg poll --idle`` runs them (a new ``Poller`` on the same maildir inbox each time), each
after MAILS new order mails arrived (full AOFs, each with its own Message-ID), and prints,
every tenth of the way, the process's resident memory and the objects the collector
tracks after a full collection; then the growth from the third cycle (the caches warm) to
the last, a mail. Nothing grows with the mails: the figure to watch is that last line.
"""

from __future__ import annotations

import argparse
import gc
import mailbox
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_maildir import mails_for  # noqa: E402
from bench.bench_poll import players_of  # noqa: E402
from tests.shipped import WOK4  # noqa: E402
from wtg.config import config_from_data  # noqa: E402
from wtg.engine import create_game  # noqa: E402
from wtg.mail.inbox import MaildirInbox  # noqa: E402
from wtg.mail.poller import Poller  # noqa: E402

WARM = 2
"""The cycle from which growth is counted (the templates, forms and games read once)."""


def resident_mb() -> float:
    """This process's resident memory (Linux: /proc/self/status)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycles", type=int, default=60)
    parser.add_argument("--mails", type=int, default=100, help="new mails before each poll")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--dir", default=None, help="where the games and the spool live")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wtg-bench-idle-", dir=args.dir) as tmp:
        root = Path(tmp)
        gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, root)
        games = [
            create_game(gm.games_dir / f"t{t}", "wok4", "classic60", players_of(t), seed=t)
            for t in range(1, args.games + 1)
        ]
        gm.maildir_in.parent.mkdir(parents=True, exist_ok=True)
        box = mailbox.Maildir(gm.maildir_in, create=True)
        inbox = MaildirInbox(gm.maildir_in)
        mails = mails_for([game.typed(WOK4) for game in games], args.mails)
        gc.collect()
        gc.freeze()  # as `wtg poll` does before it polls
        every = max(1, args.cycles // 10)
        warm = (0.0, 0)
        for cycle in range(args.cycles):
            for raw in mails:  # each mail new: its own Message-ID
                box.add(raw.replace(b"Message-ID: <", f"Message-ID: <c{cycle}.".encode(), 1))
            summary = Poller(gm, inbox, datetime.now(timezone.utc)).run()
            if cycle % every and cycle not in (WARM, args.cycles - 1):
                continue
            gc.collect()
            now = (resident_mb(), len(gc.get_objects()))
            if cycle == WARM:
                warm = now
            print(
                f"cycle {cycle + 1:4}: {summary.line()}; resident {now[0]:.1f} MB, "
                f"{now[1]} objects tracked",
                flush=True,
            )
        handled = (args.cycles - 1 - WARM) * len(mails)
        grown = (now[0] - warm[0]) * 1024 * 1024
        print(
            f"from cycle {WARM + 1} to {args.cycles}: {handled} mails, resident memory "
            f"{warm[0]:.1f} -> {now[0]:.1f} MB ({grown / max(handled, 1):.0f} bytes a mail), "
            f"objects tracked {warm[1]} -> {now[1]}"
        )


if __name__ == "__main__":
    main()
