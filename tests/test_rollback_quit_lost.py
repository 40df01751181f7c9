"""A rollback takes back a player's QUIT: one that ran in a turn it takes back (the seat
QUIT in turn 3, the game rolled back to turn 1), or one filed for the coming turn (a
RESIGN confirmed: "you leave the game when turn 4 runs"), which goes into the archive with
the turns. The rollback's notice told such a player only which of his orders are on
file: he believed he had left, sent no orders, and his seat played on without him. It now
tells him his QUIT was taken back, that he plays again, and to RESIGN again; a QUIT that
stands (the one of turn 2, pending again for the turn after the rollback's) is not named."""

from __future__ import annotations

import email
import email.policy
from datetime import timedelta, timezone
from pathlib import Path

from tests.test_rollback import NOW, new_game, play, run_cli, send_orders
from wtg.game.engine import open_game
from wtg.game.press import Press, add_press
from wtg.lobby.seats import resign

TAKEN_BACK = (
    "Your QUIT was taken back with those turns (a RESIGN you confirmed, or QUIT in your "
    "form): you play again. Send RESIGN g1 again if you still wish to leave."
)


def _words(path: Path) -> str:
    """A queued mail's plain text, its words one space apart."""
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return " ".join(str(part.get_content()).split())


def notice_text(path: Path) -> str:
    """A queued notice's own text, as its lines stand: what it says above the report."""
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    text = str(part.get_content()).replace("\r\n", "\n")
    return text[: text.index("World of Kaomaris IV")]


_UNDONE_HEAD = (
    "game g1 was rolled back to turn 1 for a while (the GM's notice of it was\n"
    "never mailed to you), and the GM has undone that rollback since:\n"
    "turns 2 to 3 count again, as they ran. The game goes on from your report\n"
    "of turn 3, which follows.\n"
    "\n"
    "Orders sent for turn 2 since the rollback are not used: that turn stands\n"
    "as it ran.\n"
    "\n"
)
"""The start of each undo's notice of the tests below, to a player not told of the
rollback (it was never mailed): each paragraph after a blank line of its own."""
_NONE_ON_FILE = (
    "No orders of yours for turn 4 are on file: send them with the form at\n"
    "the end of the report.\n"
    "\n"
)
"""Each undo's notice below to a player with no orders on file for turn 4 says so, above
its deadline (``due``)."""


def due(games: Path, name: str = "g1", turn: int = 4) -> str:
    """The notice's last paragraph: the deadline of ``turn`` as game ``name``'s turn file
    keeps it (g1's turn 4 for the undo). The undo and the rollback run on the clock, so the
    schedule's next 18:00 comes from the day the test runs; the test reads it rather than a
    date written when it was written."""
    deadline = open_game(games / name).deadline()
    assert deadline is not None and deadline.tzinfo is not None
    return f"Turn {turn} is due {deadline.astimezone(timezone.utc):%a %d %b %Y %H:%M} UTC.\n\n"


def undo_notice(games: Path, seat: int) -> str:
    """The text of the undo's notice queued for ``seat`` (``notice_text``)."""
    (path,) = (games / ".mail" / "outbox" / "queue").glob(f"unrollback-*-p{seat:02d}.eml")
    return notice_text(path)


def resign_set_aside(games: Path, name: str) -> str:
    """Game ``name`` played to turn 3 and rolled back to turn 1, player 2's RESIGN
    confirmed, the rollback undone (his QUIT set aside with turn 2's orders): the undo's
    notice to him."""
    game = new_game(games / name)
    play(game, 3)
    run_cli(games, "rollback", name, "--to", "1")
    assert resign(open_game(game.store.root), 2, NOW + timedelta(hours=5), "mail") is None
    run_cli(games, "rollback", name, "--undo")
    return undo_notice(games, 2)


def _notices(queue: Path, kind: str = "rollback") -> dict[int, str]:
    """The words of each notice of ``kind`` (a rollback's, or ``unrollback``: an undo's) in
    the queue, by seat."""
    return {int(p.stem[-2:]): _words(p) for p in sorted(queue.glob(f"{kind}-*.eml"))}


def _undone(games: Path) -> dict[int, str]:
    """Game g1 rolled back to turn 1 and the rollback undone: the words of the undo's
    notices, by seat."""
    run_cli(games, "rollback", "g1", "--to", "1")
    run_cli(games, "rollback", "g1", "--undo")
    return _notices(games / ".mail" / "outbox" / "queue", "unrollback")


def test_a_quit_the_rollback_takes_back_is_said_to_its_player(tmp_path: Path) -> None:
    game = new_game(tmp_path / "games" / "g1")
    play(game, 2)
    send_orders(game)
    assert (
        resign(open_game(game.store.root), 3, NOW + timedelta(hours=2, minutes=30), "quit-in-3")
        is None
    )
    game.run_turn(now=NOW + timedelta(hours=3))
    assert (
        resign(open_game(game.store.root), 2, NOW + timedelta(hours=3, minutes=30), "resign-for-4")
        is None
    )
    run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    said = _notices(tmp_path / "games" / ".mail" / "outbox" / "queue")
    assert sorted(said) == [1, 2, 3, 4]
    assert [seat for seat, text in said.items() if TAKEN_BACK in text] == [2, 3]
    assert [seat for seat, text in said.items() if "RESIGN" in text] == [2, 3]


def test_a_quit_pending_again_after_the_rollback_is_not_named(tmp_path: Path) -> None:
    game = new_game(tmp_path / "games" / "g1")
    play(game, 1)
    send_orders(game)
    assert (
        resign(open_game(game.store.root), 4, NOW + timedelta(hours=1, minutes=30), "quit-in-2")
        is None
    )
    game.run_turn(now=NOW + timedelta(hours=2))
    play(game, 1)
    run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    said = _notices(tmp_path / "games" / ".mail" / "outbox" / "queue")
    assert sorted(said) == [1, 2, 3, 4]
    assert "The orders you sent for turn 2 are on file again" in said[4]
    assert [seat for seat, text in said.items() if "RESIGN" in text] == []


def test_press_written_for_the_coming_turn_is_said_not_printed(tmp_path: Path) -> None:
    """Press a player wrote for turn 4 (answered "your press goes out with the turn 4
    reports") went into the archive with the orders pending for turn 4 when the game was
    rolled back to turn 1: it is never printed, and the rollback's notice did not say so.
    The writer alone is told (the press printed with turns 2 and 3 was read)."""
    game = new_game(tmp_path / "games" / "g1")
    play(game, 3)
    press = Press(3, "Cid", "2026-03-02 17:00 UTC", "Cid offers the north a truce.")
    with game.store.lock():
        add_press(game.store, 4, press, NOW + timedelta(hours=3, minutes=10))
    run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    said = _notices(tmp_path / "games" / ".mail" / "outbox" / "queue")
    line = (
        "Your press written for turn 4 is not printed: it went into the archive with the "
        "orders for that turn. Send it again if you still wish it said."
    )
    assert [seat for seat, text in said.items() if line in text] == [3]


def test_press_the_undo_puts_back_is_said_printed_after_all(tmp_path: Path) -> None:
    """The rollback's notice told the writer his press for turn 4 is not printed; the undo
    puts it back with the orders pending for turn 4, and it goes out with the turn 4
    reports. The undo's notice said nothing of it: the writer sent it again, and it was
    printed twice. It now says it is printed after all; to the writer alone."""
    game = new_game(tmp_path / "games" / "g1")
    play(game, 3)
    press = Press(3, "Cid", "2026-03-02 17:00 UTC", "Cid offers the north a truce.")
    with game.store.lock():
        add_press(game.store, 4, press, NOW + timedelta(hours=3, minutes=10))
    said = _undone(tmp_path / "games")
    line = (
        "Your press written for turn 4 before the rollback is printed after all, with the "
        "turn 4 reports: do not send it again."
    )
    assert sorted(said) == [1, 2, 3, 4]
    assert [seat for seat, text in said.items() if line in text] == [3]
    assert undo_notice(tmp_path / "games", 3) == (
        "Hello Cid,\n\n" + _UNDONE_HEAD + "Your press written for turn 4 before the rollback "
        "is printed after all,\n"
        "with the turn 4 reports: do not send it again.\n"
        "\n" + _NONE_ON_FILE + due(tmp_path / "games")
    )


def test_a_resign_the_undo_puts_back_is_said_to_stand(tmp_path: Path) -> None:
    """A RESIGN confirmed for turn 4, then a rollback to turn 1 (its notice: "Your QUIT was
    taken back ... you play again"), then the undo, which puts the QUIT back on file for
    turn 4: the undo's notice said only that his orders for turn 4 are on file again, and
    he believed he still played. It now says he leaves when turn 4 runs."""
    game = new_game(tmp_path / "games" / "g1")
    play(game, 3)
    assert resign(open_game(game.store.root), 2, NOW + timedelta(hours=3, minutes=30), "r") is None
    said = _undone(tmp_path / "games")
    line = (
        "Your QUIT for turn 4 (a RESIGN you confirmed, or QUIT in your form) is on file "
        "again: you leave the game when turn 4 runs."
    )
    assert sorted(said) == [1, 2, 3, 4]
    assert [seat for seat, text in said.items() if line in text] == [2]
    assert undo_notice(tmp_path / "games", 2) == (
        "Hello Bob,\n\n" + _UNDONE_HEAD + "Your QUIT for turn 4 (a RESIGN you confirmed, or "
        "QUIT in your form) is\n"
        "on file again: you leave the game when turn 4 runs.\n"
        "\n"
        "The orders you sent for turn 4 before the rollback are on file again:\n"
        "send new ones to replace them if you wish.\n"
        "\n" + due(tmp_path / "games")
    )


def test_a_resign_before_and_after_the_rollback_is_said_once(tmp_path: Path) -> None:
    """A RESIGN for turn 4, the rollback ("your QUIT was taken back"), a RESIGN again for
    turn 2, then the undo: the first is on file again and stands, the second is set aside.
    The notice says he leaves when turn 4 runs, never also that he still plays."""
    game = new_game(tmp_path / "games" / "g1")
    play(game, 3)
    assert resign(open_game(game.store.root), 2, NOW + timedelta(hours=3, minutes=30), "r") is None
    run_cli(tmp_path / "games", "rollback", "g1", "--to", "1")
    assert resign(open_game(game.store.root), 2, NOW + timedelta(hours=5), "again") is None
    run_cli(tmp_path / "games", "rollback", "g1", "--undo")
    (path,) = (tmp_path / "games" / ".mail" / "outbox" / "queue").glob("unrollback-*-p02.eml")
    text = _words(path)
    assert "you leave the game when turn 4 runs." in text
    assert "you still play" not in text


def test_the_resign_to_send_again_is_one_line_of_the_undo_s_paragraphs(tmp_path: Path) -> None:
    """A RESIGN confirmed since a rollback to turn 1, set aside by the undo: the notice told
    him to ``Send RESIGN`` above ``g1 again``, the command he must type broken in two,
    and ran its paragraphs together, one block on a phone. The command is whole on one
    line now, and each paragraph stands after a blank line of its own."""
    assert resign_set_aside(tmp_path / "games", "g1") == (
        "Hello Bob,\n\n" + _UNDONE_HEAD + "Your QUIT sent for turn 2 since the rollback (a "
        "RESIGN you confirmed, or\n"
        "QUIT in your form) went with those orders: you still play. Send\n"
        "RESIGN g1 again if you still wish to leave.\n"
        "\n" + _NONE_ON_FILE + due(tmp_path / "games")
    )
