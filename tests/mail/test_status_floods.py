"""`wtg status`, the GM's morning look at every game, printed every mail quarantined and
the name of every game the mails held named, whatever their number: a stranger's thousand
forms, each naming another game, made its held line as long as all their names. Each lists
its first ten and counts the rest, as the mails not answered are (`wtg quarantine` lists
them all)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import GM, Hall, ann_and_bob
from wtg.cli import main
from wtg.mail.journal import Journal


def test_a_flood_of_held_and_quarantined_mail_is_counted_in_the_overview(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    for number in range(30):
        hall.deliver(
            f"From: stranger@else.example\r\nTo: {GM}\r\nSubject: orders\r\n"
            f"Message-ID: <held{number}@else.example>\r\n\r\n"
            f"GAME: nosuch{number:02d} TURN: 1 PLAYER: 1 CODE: ABCDEFGH12\r\nX1: 100\r\n".encode()
        )
    assert hall.poll(hours=1).held == 30
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
    assert "25 mail(s) quarantined (the poll could not handle them):" in lines
    assert [line for line in lines if line.endswith(": odd mail")] == [
        f"  archive/q{number:02d}.eml: odd mail" for number in range(10)
    ]
    assert "  ... and 15 more (`wtg quarantine` lists them all)" in lines
    names = ", ".join(f"nosuch{number:02d}" for number in range(10))
    assert (
        f"30 mail(s) held: they name games this host does not know ({names} and 20 more); "
        "`wtg quarantine` lists them, --release KEY puts one back for the next poll"
    ) in lines
