"""A player who pasted the HELP into his mail above his own lines: its example
``CODE ABCD2345EF`` came first, the first CODE of a mail is its code, and his own CODE
line under it was not read: his REPORT was refused for a wrong code. The example's code is
no player's: it is never a mail's code."""

from __future__ import annotations

from wtg.lobby.commands import EXAMPLE_CODE, read_commands
from wtg.mail.outgoing import compose


def test_the_help_shows_the_example_code_the_reader_passes_over() -> None:
    assert f"CODE {EXAMPLE_CODE}\n" in compose.render("lobby/help", unknown=None, waiting=[])


def test_the_example_code_pasted_above_the_players_own_is_not_the_mails_code() -> None:
    pasted = f"  REPORT kaomaris 4\n  CODE {EXAMPLE_CODE}\n\nREPORT g1\nCODE K7XQ2M9PLA\n"
    read = read_commands(pasted)
    assert read is not None
    assert read.code == "K7XQ2M9PLA"
    alone = read_commands(f"REPORT g1\nCODE {EXAMPLE_CODE.lower()}\n")
    assert alone is not None and alone.code is None
