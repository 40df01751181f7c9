"""`wtg digest --mail` made while a poll is under way (its rows, committed later, carry the
moment it began: ``pollbegun``), killed (SIGKILL) after it queued the digest and before it
marked it told, then given again once the poll has committed and ended. The digest queued
ended its lists of the journal where the poll began; the run that finished it made it
again with no poll under way and marked the next digest's lists to begin where the first
was made: the poll's orders set aside were in neither, and the GM never learned of them.
The intent now keeps where the queued digest's lists end, and the finishing run ends them
there too."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests import killpoints
from tests.mail.loop import GM, World
from wtg.mail.outgoing.digest import finish_mailing, make_digest, mark_digest
from wtg.mail.poll import underway
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.runlock import only_one

KEY = "maildir:1700000000.M1P1.host"


def host(root: Path) -> Path:
    """A host at ``root`` told its last digest a day ago; its config file."""
    world = World(root)
    mark_digest(world.gm.spool, datetime.now(timezone.utc) - timedelta(days=1))
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    return config


def test_a_digest_killed_before_its_mark_while_a_poll_ran_leaves_the_polls_rows_to_the_next(
    tmp_path: Path,
) -> None:
    log = tmp_path / "digest.log"
    config = host(tmp_path / "measured")
    args = ["--config", str(config), "digest", "-q", "--mail"]
    killpoints.whole(args, tmp_path / "measured" / "games", log=log)
    lines = killpoints.written(log)
    told = max(
        i for i, line in enumerate(lines, 1) if line.startswith("open ") and ".digest.json" in line
    )
    assert told == len(lines) - 1, lines  # the told mark: its copy aside, then its rename

    config = host(tmp_path / "host")
    args = ["--config", str(config), "digest", "-q", "--mail"]
    games = tmp_path / "host" / "games"
    spool = games / ".mail"
    begun = datetime.now(timezone.utc) - timedelta(seconds=5)
    with only_one(spool, "poll"):  # a poll under way, its mails in hand
        underway.mark(spool, begun)
        cut = killpoints.run(args, told, games)
        assert cut.killed and ".digest.json" in cut.before, cut
        journal = Journal(spool)  # the poll commits its batch: its rows carry its moment
        journal.set_aside(KEY, "g1", "2 Bo", "Precedence: bulk", "archive", begun.timestamp())
        journal.commit()
        journal.close()
        underway.clear(spool)
    # what the next `digest --mail` does first (it then makes its own, in a later second)
    assert finish_mailing(games, GM) == queued_name(spool)
    (queued,) = (spool / "outbox" / "queue").glob("digest-*.eml")  # the one the kill left
    assert "Orders set aside" not in queued.read_text(encoding="utf-8")
    later = make_digest(games, datetime.now(timezone.utc) + timedelta(seconds=2))
    assert [(row.key, row.game) for row in later.set_aside] == [(KEY, "g1")]  # before: none
    assert "Orders set aside" in later.text()


def queued_name(spool: Path) -> str:
    """The name of the one digest mail in the outbox's queue."""
    (found,) = (spool / "outbox" / "queue").glob("digest-*.eml")
    return found.stem
