"""gmtrial43's keys of their own (``wtg.mail.poll.samekey``) under ``kill -9``: a mail whose
key the journal holds for another mail (its Message-ID not the one kept with the key) is
handled under a key of its own, the key and a digest of its Message-ID. Here a maildir
file named as the one a poll filed before (a mail moved back by hand under its old name, a
second program filing with the same names) holds Bob's orders. `wtg poll` killed before
each of a spread of its writes, then given again: Bob's orders are filed once, confirmed
once, the inbox is left empty and Ann's mail in the processed folder is kept. The key of
its own is the same at every reading, so the journal's record of it tells the next poll
what the killed one did; but the maildir inbox looked the mail's file up by that key to
move it, failed, and the poll stopped with a traceback, every poll after at the same mail
(the whole run, before any kill)."""

from __future__ import annotations

import email.policy
from email.message import EmailMessage
from pathlib import Path

from tests import killpoints
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import open_game

KILLS = 10
NAME = "1700000000.M1P1.host"
"""The file name both mails come under, and so their key: ``maildir:<name>``."""


def wtg(root: Path, *args: str) -> str:
    """``wtg ARGS`` with the host's config, checked to end 0: its stdout."""
    ran = killpoints.wtg(["--config", str(root / "wtg.yaml"), *args])
    assert ran.returncode == 0, (args, ran.stderr)
    return ran.stdout


def form(root: Path, seat: int, sender: str) -> None:
    """The seat's orders for g1's turn 1, from ``sender``, as the file ``NAME`` in the inbox."""
    game = open_game(root / "games" / "g1").typed(WOK4)
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "gm@example.org"
    msg["Subject"] = f"orders {seat}"
    msg["Message-ID"] = f"<orders{seat}@players.example>"
    msg.set_content(filled_aof(game, seat))
    new = inbox_of(root) / "new"
    new.mkdir(parents=True, exist_ok=True)
    (new / NAME).write_bytes(msg.as_bytes(policy=email.policy.SMTP))


def made(root: Path) -> None:
    """A host whose poll filed Ann's orders from the file ``NAME``, which now holds Bob's."""
    root.mkdir()
    (root / "games").mkdir()
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    players = ["--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org"]
    wtg(root, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *players)
    wtg(root, "send", "-q")
    form(root, 1, "ann@example.org")
    assert wtg(root, "poll").startswith("filed 1,")
    wtg(root, "send", "-q")  # Ann's confirmation, named after her mail's key
    form(root, 2, "bob@example.org")


def inbox_of(root: Path) -> Path:
    """The host's maildir inbox."""
    return root / "games" / ".mail" / "maildir-in"


def to_bob(root: Path) -> list[str]:
    """The names of the confirmations the outbox holds for Bob, queued or sent."""
    outbox = root / "games" / ".mail" / "outbox"
    return sorted(
        path.name
        for path in outbox.glob("*/conf-*.eml")
        if "To: bob@example.org" in path.read_text(encoding="utf-8")
    )


def test_a_poll_killed_while_it_files_a_mail_under_a_key_of_its_own_files_it_once(
    tmp_path: Path,
) -> None:
    host, fresh = killpoints.from_template(tmp_path, made)
    args = ["--config", str(host / "wtg.yaml"), "poll"]
    whole = killpoints.whole(args, host / "games", fresh)
    assert whole.stdout.startswith("filed 1,"), whole.stdout
    (expected,) = to_bob(host)
    processed = sorted(
        p.name.partition(":")[0] for p in (inbox_of(host) / ".processed" / "cur").iterdir()
    )
    assert len(processed) == 2 and processed[0] == NAME, processed  # Ann's kept beside Bob's
    assert processed[1].startswith(f"{NAME}."), processed
    inbox = inbox_of(host)
    for at, cut in killpoints.cuts(
        args, host / "games", killpoints.points(whole.writes, KILLS), fresh
    ):
        wtg(host, "poll")
        status = wtg(host, "status", "g1")
        assert "2 Bob " in status and status.count("READY") == 2, (at, cut.before, status)
        assert to_bob(host) == [expected], (at, cut.before)
        assert [p.name for p in (inbox / "new").iterdir()] == [], (at, cut.before)
        assert [p.name for p in (inbox / "cur").iterdir()] == [], (at, cut.before)
        assert wtg(host, "poll").startswith("filed 0,"), at  # nothing left to handle
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
