"""Benchmark: the disk a flood of strangers' mails leaves on a host, day after day, and a
quiet month after it: the spool's archive and the maildir's processed and rejected
folders, with a stranger's kept copies kept for ever (as before floods45) and as shipped
(``FLOOD_COPIES_DAYS``).

    .venv/bin/python bench/bench_flood_disk.py [--days 30] [--mails 300] [--kb 8]

Each day ``--mails`` mails come, each from an address of its own (a question, padded to
``--kb`` kB, no two alike), and one poll reads them an hour after the first; the flood's
bounds keep the copies of the day's first and newest 100. Then a month passes without
mail, a poll a day. It prints, for each way, the kept files and their bytes at the
flood's end and after the quiet month. A host that keeps strangers' copies for ever keeps
some 200 a day, each up to ``mail.max_bytes``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere: tests/ importable

from tests.mail.loop import World  # noqa: E402
from wtg.mail.poll.poller import poll  # noqa: E402
from wtg.mail.servers.inbox import MaildirInbox  # noqa: E402
from wtg.mail.spool import floodcopies  # noqa: E402

START = datetime(2026, 1, 1, 6, tzinfo=timezone.utc)
"""When the flood's first mail comes."""


def kept(world: World) -> tuple[int, int]:
    """The files and bytes of the archive and the maildir's processed and rejected folders."""
    places = [world.gm.spool / "archive"]
    places += [world.gm.maildir_in / folder for folder in (".processed", ".rejected")]
    files = size = 0
    for place in places:
        for folder, _subs, names in os.walk(place):
            for name in names:
                files += 1
                size += os.path.getsize(os.path.join(folder, name))
    return files, size


def flood_day(world: World, day: int, mails: int, kb: int) -> None:
    """The day's mails, each from an address of its own, a second apart."""
    padding = ("a line of a stranger's mail, there to make it big. " * 2 + "\n") * (kb * 10)
    for n in range(mails):
        body = f"what is this? ({day}-{n})\n{padding}"
        name = world.mail(body, sender=f"s{day}x{n}@flood{n % 97}.example")
        at = int((START + timedelta(days=day, seconds=n)).timestamp()) * 10**9
        os.utime(world.gm.maildir_in / "new" / name, ns=(at, at))


def run(folder: Path, days: int, mails: int, kb: int) -> list[tuple[int, int]]:
    """The files and bytes kept at the flood's end and after a quiet month."""
    world = World(folder, max_bytes=max(200_000, 2 * kb * 1024))
    for day in range(days):
        flood_day(world, day, mails, kb)
        poll(world.gm, MaildirInbox(world.gm.maildir_in), START + timedelta(days=day, hours=1))
    found = [kept(world)]
    for day in range(days, days + 31):
        poll(world.gm, MaildirInbox(world.gm.maildir_in), START + timedelta(days=day, hours=1))
    found.append(kept(world))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--mails", type=int, default=300, help="mails a day")
    parser.add_argument("--kb", type=int, default=8, help="kB a mail")
    options = parser.parse_args()
    shipped = floodcopies.FLOOD_COPIES_DAYS
    for label, days_kept in (("kept for ever (before)", 100 * 365), ("as shipped", shipped)):
        floodcopies.FLOOD_COPIES_DAYS = days_kept
        with tempfile.TemporaryDirectory() as folder:
            end, quiet = run(Path(folder), options.days, options.mails, options.kb)
        print(
            f"{label}: after {options.days} days of {options.mails} mails of {options.kb} kB: "
            f"{end[0]} files, {end[1] / 2**20:.1f} MB; a quiet month later: "
            f"{quiet[0]} files, {quiet[1] / 2**20:.1f} MB"
        )
    floodcopies.FLOOD_COPIES_DAYS = shipped


if __name__ == "__main__":
    main()
