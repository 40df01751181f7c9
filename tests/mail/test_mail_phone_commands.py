"""A command a player is told to type, whole on one line of a mail on a phone (docs/mail.md,
"Every mail on a phone"): the GM's notices told a player to ``Send RESIGN`` above his game's
name, the command broken in two by the wrap, to be pieced together before it is copied.
Each notice that tells a player to send a command is driven here through its real path at
72 columns, with a game's name long enough to bring the command to the end of a line: the
command (its word and the arguments the lobby reads with it,
``wtg.text.commandwords.typed_spans``) stands whole on one line."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise
from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.mail.test_mail_phone import too_wide
from tests.test_rollback import NOW, new_game, play, run_cli
from tests.test_rollback_quit_lost import due, notice_text, resign_set_aside
from wtg.game.engine import open_game
from wtg.lobby.seats import resign
from wtg.text.commandwords import typed_spans

LONG = "the-long-autumn-league-of-the-northern-marches"
"""A game's name of 46 characters (64 may be given)."""


def broken_commands(text: str) -> list[str]:
    """The commands of ``text`` a line's end cuts in two: each line read on into the next
    (``Send RESIGN`` and ``g1 again`` as ``Send RESIGN g1 again``), a command across the
    join named."""
    lines = text.splitlines()
    broken: list[str] = []
    for above, below in pairwise(lines):
        head = above.rstrip(" ")
        joined = f"{head} {below.lstrip(' ')}"
        broken += [joined[s:e] for s, e in typed_spans(joined) if s < len(head) < e]
    return broken


def test_the_rollback_s_resign_to_send_again_is_whole(tmp_path: Path) -> None:
    """A RESIGN confirmed for turn 4 of a game of a long name, the game rolled back to turn
    1: the notice says the QUIT was taken back and to send RESIGN again; the command was
    cut, ``Send RESIGN`` above the game's name, and the notice's paragraphs ran together.
    The command is whole on a line now, each paragraph after a blank line."""
    game = new_game(tmp_path / "games" / LONG)
    play(game, 3)
    assert resign(open_game(game.store.root), 2, NOW + timedelta(hours=3, minutes=30), "r") is None
    run_cli(tmp_path / "games", "rollback", LONG, "--to", "1")
    (path,) = (tmp_path / "games" / ".mail" / "outbox" / "queue").glob("rollback-*-p02.eml")
    text = notice_text(path)
    assert too_wide(text) == [] and broken_commands(text) == [], text
    assert text.endswith(
        "READY: send new ones to replace them, or mark them READY again.\n"
        "\n"
        "Your QUIT was taken back with those turns (a RESIGN you confirmed, or\n"
        "QUIT in your form): you play again. Send\n"
        f"RESIGN {LONG} again if you still\n"
        "wish to leave.\n"
        "\n" + due(tmp_path / "games", LONG, 2)
    ), text


def test_the_undo_s_resign_to_send_again_is_whole(tmp_path: Path) -> None:
    """A RESIGN confirmed since a rollback of a game of a long name, set aside by the undo:
    the notice's ``Send RESIGN`` and the game's name stand on one line."""
    text = resign_set_aside(tmp_path / "games", LONG)
    assert too_wide(text) == [] and broken_commands(text) == [], text
    assert (
        "QUIT in your form) went with those orders: you still play. Send\n"
        f"RESIGN {LONG} again if you still\n"
        "wish to leave.\n"
    ) in text, text


def test_a_status_before_the_confirm_says_each_command_whole(tmp_path: Path) -> None:
    """STATUS of a list whose JOIN waits for its CONFIRM, the JOIN of a long name: the
    answer told him to ``Mail CONFIRM`` above his code, and ``STATUS`` above the list;
    each command is whole on one line now."""
    name = "Bartholomew Fitzgerald Mon"
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    code = hall.answer(address(1), f"JOIN wok4 AS {name}").code()
    told = hall.answer(address(1), "STATUS wok4")
    assert too_wide(told.body) == [] and broken_commands(told.body) == [], told.body
    assert told.body.startswith(
        'Your command "STATUS wok4" was not carried out: you are not on the\n'
        "waiting list wok4 yet: your request of 2026-11-22 to join wok4 as\n"
        f"{name} waits for its CONFIRM. Mail\n"
        f"CONFIRM {code} (good until 2026-11-29 13:00 UTC) to be put on it;\n"
        "STATUS wok4 then shows your place.\n"
    ), told.body


def test_the_place_on_a_list_says_its_withdraw_whole(tmp_path: Path) -> None:
    """A JOIN of the list wok4-beginner confirmed, and STATUS of it: each answer told him
    how to leave it, ``WITHDRAW`` above the list's name; the command is whole on one line
    now."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", group="beginner", players=4)
    asked = hall.answer(address(1), "JOIN wok4-beginner AS Bartholomew")
    placed = hall.answer(address(1), f"CONFIRM {asked.code()}")
    status = hall.answer(address(1), "STATUS wok4-beginner")
    for told in (placed, status):
        assert too_wide(told.body) == [] and broken_commands(told.body) == [], told.body
    assert placed.body.endswith(
        "comes by mail, with your secret code in its order form.\n"
        "WITHDRAW wok4-beginner takes you off the list (its answer asks you\n"
        "to CONFIRM)."
    ), placed.body
    assert status.body.endswith(
        "LIST shows every waiting list and who waits on it.\n"
        "WITHDRAW wok4-beginner takes you off the list (its answer asks you\n"
        "to CONFIRM).\n"
    ), status.body
