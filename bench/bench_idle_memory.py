"""Benchmark: the memory of the long-lived service (`wtg serve`, `wtg poll --idle`), cycle
after cycle.

    .venv/bin/python bench/bench_idle_memory.py [--cycles 100] [--mails 1000] [--games 20]
        [--dir DIR] [--no-send] [--no-pictures]

A service polls for weeks in one process: what each poll leaves alive must not pile up.
This makes GAMES ten-player WoK IV games, then runs CYCLES rounds in this process as
``wtg serve`` runs them on the maildir transport: a new ``Poller`` on the same inbox after
MAILS new order mails arrived (full AOFs, each with its own Message-ID), then the answers
sent (``wtg.mail.outgoing.sender.send``; ``--no-send``: the poll alone, as ``poll --idle`` without
``--send``). It prints, every tenth of the way, the process's resident memory and the
objects the collector tracks after a full collection; then issue 27's target: the resident
memory after all the mails (100,000 by default) at most 1.5 times that after the first
cycle's (1,000), with PASS or FAIL; and the growth from the third cycle (the caches warm)
to the last, a mail. Each confirmation the send mails carries the player's orders drawn
on his map: the pictures' kept grounds and words are bounded, and ``--no-pictures``
(games without pictures) measures the mail loop alone, a hundred times as fast.
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
from wtg.game.engine import create_game  # noqa: E402
from wtg.host.config import config_from_data  # noqa: E402
from wtg.mail.outgoing.sender import send  # noqa: E402
from wtg.mail.poll.poller import Poller  # noqa: E402
from wtg.mail.servers.inbox import MaildirInbox  # noqa: E402

TARGET = 1.5
"""Issue 27: the service's resident memory after 100,000 mails at most 1.5 times its
resident memory after 1,000."""
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
    parser.add_argument("--cycles", type=int, default=100)
    parser.add_argument("--mails", type=int, default=1000, help="new mails before each poll")
    parser.add_argument("--no-send", action="store_true", help="poll only; send nothing")
    parser.add_argument(
        "--no-pictures",
        action="store_true",
        help="games without map pictures (map_pictures: false): no confirmation drawn, so "
        "100,000 mails take minutes, not hours; the memory of the mail loop alone",
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--dir", default=None, help="where the games and the spool live")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wtg-bench-idle-", dir=args.dir) as tmp:
        root = Path(tmp)
        gm = config_from_data(
            {
                "games_dir": "games",
                "from": "gm@example.org",
                # every mail answered, as the players of many games mail a busy host
                "mail": {"replies_per_hour": 1_000_000, "confirmations_per_hour": 1_000_000},
            },
            root,
        )
        games = [
            create_game(
                gm.games_dir / f"t{t}",
                "wok4",
                "classic60",
                players_of(t),
                seed=t,
                map_pictures=not args.no_pictures,
            )
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
            if not args.no_send:
                sent = send(gm)
                assert not sent.unreachable, sent.line()
            if cycle == 0:
                gc.collect()
                first = resident_mb()
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
        ratio = now[0] / first
        print(
            f"resident memory after {args.cycles * len(mails)} mails / after {len(mails)}: "
            f"{now[0]:.1f} / {first:.1f} MB = {ratio:.2f}   <= {TARGET:g}   "
            f"{'PASS' if ratio <= TARGET else 'FAIL'}"
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
