"""Benchmark: composing the 1,000 confirmations a poll of 1,000 order mails queues, as the
outbox writes them (``compose.message``, then its bytes by ``compose.wire``).

    .venv/bin/python bench/bench_compose.py [--mails 1000] [--rounds 7] [--picture KB]

Each mail goes to another player, answers another Message-ID and carries a confirmation
of 40 order lines; ten players of a game share its subject, and a poll's mails share its
Date. ``--picture KB``: each mail also carries a PNG of about KB kilobytes, as a report
mail carries the player's map (``compose.with_picture``). It prints the CPU time of the
process (not the wall clock, which other work on the machine stretches): the median round
and the cost of one mail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wtg.mail.outgoing.compose import message, wire, with_picture  # noqa: E402

WHEN = datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc)
GM = "Game Master <gm@wtg.example>"
BODY = "".join(f"line A{n}: 12 -> 13 with 40 armies: accepted\n" for n in range(40)) + "Jörg\n"


def picture_of_size(kilobytes: int) -> bytes:
    """A PNG of about ``kilobytes`` kB (noise does not compress), made with Pillow."""
    import io
    import random

    from PIL import Image

    side = max(8, int((kilobytes * 1024 / 3) ** 0.5))
    noise = random.Random(1).randbytes(side * side * 3)
    out = io.BytesIO()
    Image.frombytes("RGB", (side, side), noise).save(out, "PNG")
    return out.getvalue()


def compose_round(mails: int, round_number: int, picture: bytes | None = None) -> float:
    """CPU seconds to compose ``mails`` mails, each to an address not seen before."""
    begin = time.process_time()
    for index in range(mails):
        player = f"r{round_number}t{index // 10}p{index % 10}"
        msg = message(
            f"conf-imap:7:{round_number * mails + index}",
            GM,
            f"{player}@players.example",
            f"[game{index // 10}] orders for turn 3 received",
            BODY,
            when=WHEN,
            reply_to_id=f"<{player}.orders@players.example>",
        )
        if picture is not None:
            with_picture(msg, picture, "map-turn3.png")
        wire(msg)
    return time.process_time() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--picture", type=int, default=0, metavar="KB")
    args = parser.parse_args()
    picture = picture_of_size(args.picture) if args.picture else None
    compose_round(10, -1, picture)  # templates, caches and imports warm
    rounds = [compose_round(args.mails, number, picture) for number in range(args.rounds)]
    median = statistics.median(rounds)
    carried = f", each with a {len(picture) // 1024} kB PNG" if picture else ""
    print(
        f"{args.mails} mails composed{carried}: {median * 1000:.0f} ms CPU (median of "
        f"{args.rounds}, "
        f"fastest {min(rounds) * 1000:.0f} ms), {median / args.mails * 1e6:.0f} µs a mail"
    )


if __name__ == "__main__":
    main()
