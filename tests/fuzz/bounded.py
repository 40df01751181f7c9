"""One input handled in a process of its own, under the cost bound: 2 s CPU, 200 MB.

    python -m tests.fuzz.bounded poll ROOT MAIL      # a poll of ROOT's maildir (tests/mail/loop.py)
    python -m tests.fuzz.bounded orders GAME FILE    # `wtg orders GAME FILE`

The limits are set once the interpreter, wtg and the game are loaded, so they hold the
handling alone: RLIMIT_CPU kills the process (SIGXCPU) when the input takes more than
``CPU_SECONDS`` beyond what was used so far. Memory: intake catches every exception of a
part it cannot read, MemoryError too, so a failed allocation alone would not show; the
test checks the peak RSS printed against ``MEMORY_BYTES``, and RLIMIT_AS at twice that
only keeps a broken bound from taking the machine's memory. The last line printed is
JSON: what was done, and the peak RSS.
"""

from __future__ import annotations

import json
import mailbox
import math
import resource
import sys
from pathlib import Path

from tests.mail.loop import GM, NOW
from wtg.host.config import config_from_data
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox

CPU_SECONDS = 2
MEMORY_BYTES = 200 * 1024 * 1024


def limit() -> None:
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = used.ru_utime + used.ru_stime
    _, hard_cpu = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (math.ceil(spent) + CPU_SECONDS, hard_cpu))
    _, hard_as = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (2 * MEMORY_BYTES, hard_as))


def peak_rss_mb() -> float:
    """This program's peak RSS: VmHWM, the high-water mark of the memory it has had since
    it started. Not ru_maxrss: Linux hands a child, at exec, the peak of the process it
    was forked from (pytest, hundreds of MB late in a run)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_poll(root: Path, mail: Path) -> dict[str, object]:
    gm = config_from_data({"games_dir": "games", "from": GM}, root)
    mailbox.Maildir(gm.maildir_in, create=True).add(mail.read_bytes())
    inbox = MaildirInbox(gm.maildir_in)
    limit()
    summary = poll(gm, inbox, NOW)
    return {"outcomes": [outcome for _, outcome in summary.outcomes]}


def run_orders(game: Path, file: Path) -> dict[str, object]:
    from wtg.cli import main

    limit()
    try:
        main(["orders", str(game), str(file)], standalone_mode=True)
    except SystemExit as done:
        return {"exit": done.code}
    return {"exit": 0}


def main(argv: list[str]) -> int:
    what, first, second = argv
    runner = run_poll if what == "poll" else run_orders
    result = runner(Path(first), Path(second))
    sys.stdout.flush()
    print(json.dumps({**result, "peak_rss_mb": peak_rss_mb()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
