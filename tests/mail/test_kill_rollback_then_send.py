"""`wtg rollback` killed (SIGKILL) just before each of its writes while the turns it takes
back wait unsent (the GM ran turn 1 with ``--unmailed``, then rolled it back before any
send); then `wtg send` before the GM gives the rollback again, and once more after.

Once the rollback counts (its archive folder named), finishing it moves the turns it takes
back away, writes the reports of the turn it goes back to with the deadline it sets, then
that turn's ``turn.json``: a send in between mailed the turn taken back, or the reports
of the turn gone back to, some saying the deadline before the rollback, which no longer
holds; and `wtg remind` reminded every player of orders the rollback was to make pending
again. `wtg send` now holds a game's reports back while a rollback of it is unfinished,
saying why (exit 1, as for a game it skips, ``nextdeadline.REPORTS_BEHIND`` too), and `wtg
remind` its reminders; the rollback given again finishes it, and its notices go out.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_kill_deadline_move_then_send import deadline_now, reports_told
from tests.mail.test_kill_gm_mail_then_made_anew import host, names
from tests.mail.test_kill_send_then_made_anew import wtg
from wtg.files.store import GameStore

KILLS = 8
"""Kill points spread over the writes of a whole run."""
HELD_BACK = "reports are held back: a `{given} rollback g1 --to 0` was cut short"
REMINDERS_HELD = "reminders are held back: a `{given} rollback g1 --to 0` was cut short"
"""What send and remind say of the rollback cut short, ``given`` how its command begins."""
EVERY_PLAYER = ["ann@example.org", "bob@exmaple.org"]


def counted(root: Path) -> bool:
    """Whether the rollback counts: its archive folder is named (not ``.tmp-``)."""
    archive = root / "games" / "g1" / "archive"
    return archive.is_dir() and any(not p.name.startswith(".") for p in archive.iterdir())


def unfinished(root: Path) -> bool:
    """Whether the rollback counts and is not finished (its folder's ``.unfinished``)."""
    return counted(root) and any((root / "games" / "g1" / "archive").glob("*/.unfinished"))


def test_a_rollback_cut_short_never_mails_the_turns_it_takes_back(tmp_path: Path) -> None:
    template = host(tmp_path / "template", sent=False)
    ran = wtg(template, "run-turn", "g1", "--now", "--unmailed")
    assert ran.returncode == 0, ran.stderr
    root = tmp_path / "host"

    fresh = killpoints.restorer(template, root)
    args = ["--config", str(root / "wtg.yaml"), "rollback", "g1", "--to", "0"]
    whole = killpoints.whole(args, root / "games", fresh)
    held_back = 0
    chosen = killpoints.points(whole.writes, KILLS)
    for at, cut in killpoints.cuts(args, root / "games", chosen, fresh):
        rolled_back = counted(root)
        reminded = wtg(root, "remind") if unfinished(root) else None
        early = wtg(root, "send", "-q")  # before the GM gives the command again
        reports = {n for n in names(root) if n.startswith("report-g1-")}
        if unfinished(root):
            if not held_back:  # the GM who looks is told what to give again
                status = wtg(root, "status", str(root / "games" / "g1")).stdout
                given = f"wtg --config {root / 'wtg.yaml'}"  # as wtg() gave it
                assert f"give `{given} rollback g1 --to 0` again" in status, status
            assert reminded is not None and reminded.returncode == 1, (at, reminded)
            given = f"wtg --config {root / 'wtg.yaml'}"  # as wtg() gave it
            said = REMINDERS_HELD.format(given=given)
            assert said in reminded.stderr, (at, cut.before, reminded.stderr)
            assert early.returncode == 1, (at, cut.before, early)
            assert HELD_BACK.format(given=given) in early.stderr, (at, cut.before, early.stderr)
            assert not {n for n in names(root) if n.startswith(("report-", "remind-"))}
            held_back += 1
        elif rolled_back:  # rolled back: turn 0 mailed, saying the rollback's deadline
            notices = {n for n in names(root) if n.startswith("rollback-")}
            told = len(notices) == len(EVERY_PLAYER)
            # killed before its notices, or between two: the send says the rollback is owed
            # (exit 1; between two, it said nothing, and the second player was never told)
            assert early.returncode == (0 if told else 1), (at, cut.before, early.stderr)
            owed = f"give `wtg --config {root / 'wtg.yaml'} rollback g1 --to 0` again"
            assert told or owed in early.stderr, early.stderr
            assert {n.split("-")[2] for n in reports} == {"t0000"}, (at, reports)
            assert reports_told(root) == {a: [deadline_now(root)] for a in EVERY_PLAYER}
        else:  # the game as it was: its two turns mailed
            assert early.returncode == 0, (at, cut.before, early.stderr)
            assert {n.split("-")[2] for n in reports} == {"t0000", "t0001"}, (at, reports)
        again = wtg(root, "rollback", "g1", "--to", "0")
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert wtg(root, "send", "-q").returncode == 0, (at, cut.before)
        rollbacks = sorted(n for n in names(root) if n.startswith("rollback-"))
        assert len(rollbacks) == len(EVERY_PLAYER), (at, cut.before, rollbacks)
        final = {address: [deadline_now(root)] for address in EVERY_PLAYER}
        if rolled_back:  # turn 0 mailed once rolled back, with its deadline
            assert reports_told(root) == final, (at, cut.before)
            assert not {n for n in names(root) if n.startswith("report-g1-t0001")}
    assert held_back


@pytest.mark.parametrize("where", ["before its notices", "finished by another command"])
def test_a_rollback_whose_players_were_not_told_is_owed_in_status(
    tmp_path: Path, where: str
) -> None:
    """`wtg rollback` killed after it finished and before it queued its notices, or killed
    while it finished and then finished by the next command that took the game's lock (a
    `run-turn --due`, a poll): the game is rolled back and no player was told, and nothing
    said so (the rollback counted as finished). `wtg status g1` now lists it among the
    notices owed, with the command that queues them, until they are queued; `wtg send`
    says it too (exit 1), as it says the other GM commands cut short."""
    root = host(tmp_path / "host", sent=False)
    assert wtg(root, "run-turn", "g1", "--now", "--unmailed").returncode == 0
    args = ["--config", str(root / "wtg.yaml"), "rollback", "g1", "--to", "0"]
    probe = tmp_path / "probe"
    shutil.copytree(root, probe)
    log = tmp_path / "writes.log"
    whole = killpoints.count(
        ["--config", str(probe / "wtg.yaml"), *args[2:]], probe / "games", log=log
    )
    assert whole.returncode == 0, whole.stderr
    writes = killpoints.written(log)
    finished = next(n for n, what in enumerate(writes, 1) if what.endswith("/.unfinished"))
    notice = next(n for n, what in enumerate(writes, 1) if "/outbox/queue/" in what)
    cut = killpoints.run(
        args, notice if where == "before its notices" else finished, root / "games"
    )
    assert cut.killed, cut
    if unfinished(root):
        with GameStore(root / "games" / "g1").lock():  # the next writer finishes it
            pass
    assert counted(root) and not unfinished(root)
    owed = f"give `wtg --config {root / 'wtg.yaml'} rollback g1 --to 0` again (it queues them)"
    status = wtg(root, "status", str(root / "games" / "g1")).stdout
    assert "NOTICES OWED: the rollback to turn 0 (archive/" in status and owed in status, status
    every = wtg(root, "status").stdout  # the GM's morning look at every game says it too
    assert "NOTICES OWED: game g1: the rollback to turn 0" in every and owed in every, every
    sent = wtg(root, "send", "-q")  # and the send, whose lines the GM's cron mails him
    said = sent.stdout + sent.stderr
    assert sent.returncode == 1 and "game g1: the rollback to turn 0" in said and owed in said
    assert wtg(root, "rollback", "g1", "--to", "0").returncode == 0
    assert owed not in wtg(root, "status", str(root / "games" / "g1")).stdout
    assert wtg(root, "send", "-q").returncode == 0
    assert len([n for n in names(root) if n.startswith("rollback-")]) == len(EVERY_PLAYER)
