"""A poll that lets a day's flood go, under a new address each mail (the day's bound of all
addresses together, ``FLOOD_DAY_FIRST`` and ``FLOOD_DAY_NEWEST``, made 3 and 3 here by a
prelude, for a flood of a few mails), killed (SIGKILL) just before each of its writes from
the count of the mails not kept on, then a poll that finishes: the copies kept are the
day's first and newest and the player's, each counted once, as an uninterrupted poll leaves
them; nothing kept is lost as killed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_flood_copies import host_flooded, whole_poll

BOUND = 3
PRELUDE = (
    "import wtg.mail.spool.floodcopies as f\n"
    f"f.FLOOD_DAY_FIRST = {BOUND}\nf.FLOOD_DAY_NEWEST = {BOUND}\n"
)
SENDERS = 12
KILLS = 8


@pytest.fixture(scope="module")
def flooded_host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose inbox holds a mail from each of ``SENDERS`` strangers, and a player's
    question."""
    floods = [(f"x{n}@d{n}.example", 1) for n in range(SENDERS)]
    return host_flooded(tmp_path_factory.mktemp("host"), floods)


def test_a_poll_killed_while_it_lets_a_days_flood_go_is_finished_after(
    flooded_host: Path, tmp_path: Path
) -> None:
    whole = whole_poll(flooded_host, tmp_path, PRELUDE)
    files, folders, _handled, counts = whole.after
    assert len(files) == len(folders) == 2 * BOUND + 1
    assert sum(int(str(c[2])) for c in counts) == SENDERS - 2 * BOUND
    first = whole.counted
    # the stretch where the counts are committed and the copies not all removed yet: two
    # kills there whatever the poll writes after it (spread points alone may miss it)
    removals = [n for n, what in enumerate(whole.writes, 1) if n > first and "/archive/" in what]
    chosen = set(killpoints.points_between(first, whole.total, KILLS))
    chosen |= {removals[1], removals[len(removals) // 2]}
    assert whole.killed(sorted(chosen)) >= 2
