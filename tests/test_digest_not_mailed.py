"""The GM's digest said "Orders missing" of the players of a turn `wtg send` never mailed
them (forgotten after `wtg new-game`, or after a turn run by hand): no player had the turn
to answer. It says the turn was not mailed now, as `wtg status`'s NOT MAILED line does, and
lists no orders missing for that game; a game whose turn was mailed keeps its list."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_digest_says_a_turn_never_mailed_not_its_orders_missing(tmp_path: Path) -> None:
    host = ("--config", tmp_path / "host" / "wtg.yaml")
    assert wtg("init", tmp_path / "host").exit_code == 0
    for name in ("test0", "test1"):
        made = wtg(*host, "new-game", name, "--ruleset", "wok4", *PLAYERS, "--every", 2)
        assert made.exit_code == 0, made.output
        if name == "test0":
            assert wtg(*host, "send").exit_code == 0  # test0's turn 0 mailed, test1's never
    text = wtg(*host, "digest").stdout
    assert "Orders missing:\n  test0 turn 1" in text, text
    assert "test1 turn 1" not in text, text
    assert (
        "Turns NOT MAILED (1), so no orders are missing:\n"
        "  game test1: turn 0 not mailed to its players yet: `wtg send` mails it\n"
    ) in text, text
    assert wtg(*host, "send").exit_code == 0
    text = wtg(*host, "digest").stdout
    assert "NOT MAILED" not in text and "  test1 turn 1" in text, text
