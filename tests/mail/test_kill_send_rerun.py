"""`wtg send` killed (SIGKILL, no clean-up of any kind) just before each of its writes while
it queues and delivers the reports of turn 1, then the GM runs turn 1 again (`run-turn
--rerun`, after correcting orders) and sends: each player gets the report of turn 1 as it
is now (``-r1``), once, and no report of the turn that was goes out after the rerun.

Killed after the reports were queued and before they were delivered, the next send
delivered them beside the rerun's: a player got two reports of turn 1 under one subject,
the first of a turn that is no more. A report or press of a turn rolled back or run again
since it was queued is now set aside for good before the delivery (`wtg outbox` lists it
with why, and `--retry` refuses it, as it refuses one set aside by the server).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from tests.mail.test_outbox_retry import played

OLD = [f"report-g1-t0001-p0{seat}" for seat in range(1, 5)]
RERUN = [f"{name}-r1" for name in OLD]
KILLS = 6
"""Kill points over the whole run, and as many again while the reports wait in the queue."""


@pytest.fixture(scope="module")
def world_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game g1's turn-0 reports went out, and whose turn 1 has run."""
    root = tmp_path_factory.mktemp("world")
    world = World(root)
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    sent = killpoints.wtg(["--config", str(config), "send", "-q"])
    assert sent.returncode == 0, sent.stderr
    played(world)
    return root


def delivered(root: Path) -> dict[str, int]:
    """Each mail delivered (the maildir transport writes ``new/<id>``), with when."""
    folder = root / "games" / ".mail" / "maildir-out" / "new"
    return {path.name: path.stat().st_mtime_ns for path in folder.iterdir()}


def folder_of(root: Path, name: str) -> list[str]:
    outbox = root / "games" / ".mail" / "outbox"
    return [f for f in ("queue", "sent", "failed") if (outbox / f / f"{name}.eml").exists()]


def test_a_send_killed_then_a_rerun_sends_no_report_of_the_turn_that_was(
    world_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    games = root / "games"
    args = ["--config", str(root / "wtg.yaml"), "send", "-q"]

    fresh = killpoints.restorer(world_root, root)

    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, games, fresh, log=log)
    assert set(OLD) <= set(delivered(root))
    writes = killpoints.written(log)
    queued = next(n for n, what in enumerate(writes, 1) if "/outbox/queue/" in what)
    sent = next(n for n, what in enumerate(writes, 1) if "/maildir-out/" in what)
    # spread over the whole run, and over the stretch from the first report queued to the
    # first delivered, where the reports wait in the queue
    waiting = killpoints.points_between(queued, sent, KILLS)
    chosen = sorted({*killpoints.points(whole.writes, KILLS), *waiting})
    stale = 0
    for at, cut in killpoints.cuts(args, games, chosen, fresh):
        before = delivered(root)
        rerun = killpoints.wtg(
            ["--config", str(root / "wtg.yaml"), "run-turn", "g1", "--rerun", "--unchanged"]
        )
        assert rerun.returncode == 0, (at, rerun.stderr)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        after = delivered(root)
        went = {name for name, at_ns in after.items() if before.get(name) != at_ns}
        assert set(RERUN) <= went, (at, cut.before, went)
        assert not went & set(OLD), (at, cut.before, went)
        for name in OLD:  # delivered before the rerun, never queued, or set aside
            assert name in before or folder_of(root, name) in ([], ["failed"]), (at, name)
            stale += folder_of(root, name) == ["failed"]
    assert stale  # some kills left reports of turn 1 queued, undelivered
    print(f"\n{whole.writes} writes, killed before {len(chosen)}; {stale} stale reports set aside")
