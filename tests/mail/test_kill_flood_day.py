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
from tests.mail.loop import GM, World
from tests.mail.test_flood_copies import flood, state

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
    root = tmp_path_factory.mktemp("host")
    world = World(root)
    (root / "wtg.yaml").write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    for n in range(SENDERS):
        flood(world, 1, first=n, sender=f"x{n}@d{n}.example")
    world.mail("how do I move?", sender="p1@players.example")
    return root


def test_a_poll_killed_while_it_lets_a_days_flood_go_is_finished_after(
    flooded_host: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    args = ["--config", str(root / "wtg.yaml"), "poll"]

    fresh = killpoints.restorer(flooded_host, root)
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, root / "games", fresh, prelude=PRELUDE, log=log)
    after = state(root)
    files, folders, handled, counts = after
    assert len(files) == len(folders) == 2 * BOUND + 1
    assert sum(int(str(c[2])) for c in counts) == SENDERS - 2 * BOUND
    writes = killpoints.written(log)
    first = next(n for n, what in enumerate(writes, 1) if "flood_mails SET dropped" in what)
    # the stretch where the counts are committed and the copies not all removed yet: two
    # kills there whatever the poll writes after it (spread points alone may miss it)
    removals = [n for n, what in enumerate(writes, 1) if n > first and "/archive/" in what]
    chosen = set(killpoints.points_between(first, whole.writes, KILLS))
    chosen |= {removals[1], removals[len(removals) // 2]}
    between = 0
    for at in sorted(chosen):
        fresh()
        cut = killpoints.run(args, at, root / "games", prelude=PRELUDE)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        files_now, folders_now, handled_now, counts_now = state(root)
        assert files <= files_now and folders <= folders_now, (at, cut.before)
        assert handled <= handled_now, (at, cut.before)
        assert counts_now in ([], counts), (at, cut.before)
        between += counts_now == counts and files_now != files
        again = killpoints.count(args, root / "games", prelude=PRELUDE)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert state(root) == after, (at, cut.before)
    assert between >= 2
