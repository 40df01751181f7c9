"""`wtg status`, the GM's morning look at every game, printed every mail quarantined and
the name of every game the mails held named, whatever their number: a stranger's thousand
forms, each naming another game, made its held line as long as all their names. Each lists
ten and counts the rest, as the mails not answered are (`wtg quarantine` lists them all):
the newest ten, newest first (it listed the oldest, and a GM wants the newest); the digest
its newest twenty."""

from __future__ import annotations

import time
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import GM, Hall, ann_and_bob
from tests.mail.loop import NOW, World
from wtg.cli import main
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.spool.journal import Journal


def test_a_flood_of_held_and_quarantined_mail_is_counted_in_the_overview(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    # from thirty addresses (one address's newest twenty are listed: test_held_floods.py), in
    # three polls, an hour apart: the last ten are the newest
    for number in range(30):
        hall.deliver(
            f"From: stranger{number}@else.example\r\nTo: {GM}\r\nSubject: orders\r\n"
            f"Message-ID: <held{number}@else.example>\r\n\r\n"
            f"GAME: nosuch{number:02d} TURN: 1 PLAYER: 1 CODE: ABCDEFGH12\r\nX1: 100\r\n".encode()
        )
        if number % 10 == 9:
            assert hall.poll(hours=1).held == 10
    journal = Journal(hall.gm.spool)
    for number in range(25):
        archive = f"archive/q{number:02d}.eml"
        journal.quarantined(f"q{number:02d}", None, archive, "odd mail", 1.0 + number)
    journal.commit()
    journal.close()
    config = hall.config_file()
    shown = CliRunner().invoke(main, ["--config", str(config), "status"], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert "25 mails quarantined (the poll could not handle them):" in lines
    paths = [line for line in lines if line.startswith("  archive/q")]  # the path, then why
    assert paths == [f"  archive/q{number:02d}.eml" for number in range(24, 14, -1)]
    assert [lines[lines.index(line) + 1] for line in paths] == ["    odd mail"] * 10
    given = f"wtg --config {config}"  # each command it names as status was given
    assert f"  ... and 10 more (`{given} quarantine` lists them)" in lines  # of the newest 20
    assert (  # a mail that killed its handler is never read again: no address, bounded too
        "5 more mails quarantined are not listed: the list keeps the newest 20 of an address "
        "((no address read) 5; --json: quarantine_not_listed); each is in the archive"
    ) in lines
    (held,) = [line for line in lines if line.startswith("30 mails held: ")]
    start, end = "they name games this host does not know (", " and 20 more); "
    assert held.endswith(
        f"{end}`{given} quarantine` lists them, --release KEY puts one back for the next poll"
    )
    names = held[held.index(start) + len(start) : held.index(end)].split(", ")
    assert sorted(names) == [f"nosuch{number:02d}" for number in range(20, 30)]


def test_the_digest_lists_the_newest_of_a_flood(tmp_path: Path) -> None:
    """The digest listed the oldest twenty of a flood of mail quarantined, held and not
    answered, and counted the newer ones; it lists the newest twenty, newest first (and
    `wtg status` the newest ten of those not answered)."""
    world = World(tmp_path)
    journal = Journal(world.gm.spool)
    stamp = NOW.timestamp()
    for number in range(25):
        journal.quarantined(f"q{number:02d}", "g1", f"a/q{number:02d}.eml", "odd", stamp + number)
        journal.held(  # an address each: the list's bound of one address is not this test's
            f"h{number:02d}",
            f"nosuch{number:02d}",
            "a/h.eml",
            "unknown",
            stamp + number,
            f"s{number:02d}@flood.example",
        )
        journal.handled(f"u{number:02d}", "", "not answered: reply limit: help (replies_per_hour)")
        time.sleep(0.001)  # the journal stamps each with the clock: one after the other
    journal.commit()
    journal.close()
    shown = CliRunner().invoke(main, ["--games-dir", str(world.gm.games_dir), "status"])
    assert [line.split(":")[0] for line in shown.stdout.splitlines() if "(replies_per" in line] == [
        f"  u{number:02d}" for number in range(24, 14, -1)
    ]
    digest = make_digest(world.gm.games_dir, NOW).text().splitlines()
    assert [line.split()[0] for line in digest if line.startswith("  q")] == [
        f"q{number:02d}" for number in range(24, 4, -1)
    ]
    assert [line.split()[0] for line in digest if line.startswith("  h")] == [
        f"h{number:02d}" for number in range(24, 4, -1)
    ]
    assert [line.split(":")[0] for line in digest if "(replies_per" in line] == [
        f"  u{number:02d}" for number in range(24, 4, -1)
    ]
