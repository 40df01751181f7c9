"""The rest of a player's mails on a phone (docs/mail.md, "Every mail on a phone"): round
43's first wave drove most kinds through their real paths (tests/mail/test_mail_phone.py);
these are the ones it did not, each from what a player or the GM does. Each keeps to 72
columns and reads whole: no word alone under its sentence, no number cut from what it
counts or names, no name or command to type cut in two."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from tests.lobby.hall import GM, Hall, address
from tests.lobby.test_lobby_cli import run
from tests.lobby.test_lobby_halts import waits_in_the_book
from tests.lobby.test_private_press_to_a_put_back_address import put_back
from tests.lobby.test_torn_book_poll_said import torn_book
from tests.mail.loop import NOW, World
from tests.mail.test_answer_reasons_columns import GAME
from tests.mail.test_answer_reasons_columns import _hall as long_named_hall
from tests.mail.test_mail_phone import too_wide
from tests.mail.test_poll_maildir import body_of
from tests.rules.tactics.builders import OPEN7, piece, state
from tests.rules.tactics.test_forecast import _confirmation
from tests.shipped import TACTICS
from tests.shipped import WISK as WISK_RULES
from tests.test_gm_controls import body, make, queued
from tests.test_gm_controls import run as gm_run
from wtg.host.config import config_from_data
from wtg.mail.outgoing.sender import send

NAME = "Bartholomew Fitzgerald-Montgomery III"


def test_a_wisk_forecast_keeps_each_territory_whole(tmp_path: Path) -> None:
    """Four placements mailed: the forecast's "Then:" line was broken at a word, one
    territory's count under its name (``Argentina (13):`` above ``2 armies``); each
    territory and its armies are kept on one line now."""
    world = World(tmp_path, count=2, ruleset=("wisk", "classic", {"robots": 1}))
    mine = world.game.typed(WISK_RULES).state().territories_of(1)
    world.mail(world.aof(1, **{f"P{n}": f"{t} 1" for n, t in enumerate(mine[:4], 1)}))
    assert world.poll().filed == 1
    ((ident, raw),) = world.outbox().items()
    text = body_of(raw)
    assert ident.startswith("conf-") and too_wide(text) == [], text
    assert (
        "FORECAST: your trades and placements as written\n"
        "  +1 on Greenland (3)\n"
        "  +1 on Alberta (4)\n"
        "  +1 on Argentina (13)\n"
        "  +1 on Western Europe (18)\n"
        "  Then: Greenland (3): 5 armies; Alberta (4): 3 armies;\n"
        "    Argentina (13): 2 armies; Western Europe (18): 3 armies.\n"
    ) in text


def test_a_tactics_forecast_keeps_a_piece_with_its_number() -> None:
    """Two attacks on one piece: the second's line ended ``only if piece`` above ``21
    still stands``; a piece is kept with its number now."""
    pieces = [
        piece(11, "KNIGHT", 1, 1),
        piece(12, "KNIGHT", 3, 1),
        piece(21, "KNIGHT", 2, 1, hp=3),
    ]
    game = state(OPEN7, pieces, per_turn="4")
    moves: list[Any] = [
        {"piece": 11, "to": [1, 1], "attack": [2, 1]},
        {"piece": 12, "to": [3, 1], "attack": [2, 1]},
    ]
    text = _confirmation(game, TACTICS.forecast(game, {"moves": moves}, 1))
    assert too_wide(text) == [], text
    assert text[text.index("FORECAST") : text.index("\nYour secret")] == (
        "FORECAST: your orders as they would run\n"
        "  piece 11 (KNIGHT) stays at 01/01, attacks piece 21 (KNIGHT, 3 HP):\n"
        "    miss 10%, crit 12%, damage 4 (crit 7), expected 2.7 HP\n"
        "  piece 12 (KNIGHT) stays at 03/01, attacks piece 21 (KNIGHT, 3 HP):\n"
        "    miss 10%, crit 12%, damage 4 (crit 7), expected 2.7 HP; only if\n"
        "    piece 21 still stands then: your earlier attack lines may destroy\n"
        "    it, and then this move is skipped, its walk too\n"
        "Decided by the dice when the turn runs: hits, misses and crits.\n"
    )


def _reply_no(hall: Hall, subject: str) -> bytes:
    """A short no by reply, in the thread of the host's mail ``subject``."""
    msg = EmailMessage()
    msg["From"] = address(1)
    msg["To"] = GM
    msg["Subject"] = f"Re: {subject}"
    msg["Message-ID"] = "<no-1@players.example>"
    sent = hall.sent_id(subject)
    msg["In-Reply-To"] = sent
    msg["References"] = sent
    msg.set_content("no")
    return msg.as_bytes(policy=policy.SMTP.clone(max_line_length=998))


def test_a_no_by_reply_keeps_the_request_whole(tmp_path: Path) -> None:
    """A RESIGN from a game of a long name, answered no: the request was said in the
    sentence, cut in two (``(RESIGN`` above the game's name); it is a line of its own now,
    to copy as it stands."""
    hall, _game = long_named_hall(tmp_path)
    asked = hall.answer(address(1), f"RESIGN {GAME}\nCODE CODE0001X\n")
    hall.send()
    hall.deliver(_reply_no(hall, asked.subject))
    hall.poll(hours=1)
    (told,) = [m for m in hall.new_mails(address(1)) if m.subject.endswith(": cancelled")]
    assert too_wide(told.body) == [], told.body
    assert told.body == (
        "You answered no to the mail that asked you to confirm your request: it\n"
        f"is cancelled, and its code {asked.code()} no longer works. Nothing else was\n"
        "changed. If you want it after all, mail it again:\n"
        "\n"
        f"  RESIGN {GAME}\n"
    )


def test_a_list_s_place_and_its_closing_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    """STATUS of the list a player waits on, and the GM's `wtg close-list`: each within
    72 columns, the list's title and the player's name whole."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    hall.open_list("wisk")
    hall.confirmed(address(1), f"JOIN wok4 AS {NAME}")
    place = hall.answer(address(1), "STATUS wok4")
    result = run(tmp_path, "close-list", "wok4")
    assert result.exit_code == 0, result.output
    (closed,) = hall.new_mails(address(1))
    for mail in (place, closed):
        assert too_wide(mail.body) == [], mail.body
    assert f"\n{NAME}: 1 of 4 players waiting" in place.body, place.body
    assert closed.body.startswith(f"Hello {NAME},\n\nThe GM has closed the waiting list wok4")


def test_a_rollback_undone_and_a_player_taken_off_keep_to_a_phone_s_columns(
    tmp_path: Path,
) -> None:
    """`wtg rollback --undo` after a rollback of two turns, and a player taken off a list
    when its game is made: each notice within 72 columns."""
    make(tmp_path / "games")
    gm = config_from_data({"games_dir": "games", "from": "gm@example.org"}, tmp_path)
    for _turn in (1, 2):
        gm_run(tmp_path, "run-turn", "g1", "--now", "--unmailed")
    send(gm, now=NOW)
    gm_run(tmp_path, "rollback", "g1", "--to", "0")
    send(gm, now=NOW)
    gm_run(tmp_path, "rollback", "g1", "--undo")
    undone = queued(tmp_path, "unrollback-")
    assert len(undone) == 4
    for msg in undone.values():
        text = body(msg).split("=== BEGIN AOF ===")[0]
        assert too_wide(text) == [], text
        assert text.startswith(
            "the GM has undone the rollback of game g1 to turn 0:\n"
            "turns 1 to 2 count again, as they ran. The game goes on from your report\n"
            "of turn 2, which follows.\n\n",
            text.index("\n\n") + 2,
        ), text
    hall = Hall(tmp_path / "hall")
    hall.open_list("wok4", map="small", players=2)
    waits_in_the_book(hall, "wok4", NAME, '"e,vil"@attacker.example')
    waits_in_the_book(hall, "wok4", "Good", address(1))
    hall.due_tasks()
    (told,) = hall.new_mails('"e,vil"@attacker.example')
    assert told.subject == "waiting list wok4: your JOIN was taken back"
    assert too_wide(told.body) == [], told.body
    assert told.body.startswith(f"Hello {NAME},\n\nA game was made of the waiting list wok4")


def test_a_last_answer_a_held_mail_and_one_not_mailed_keep_to_a_phone_s_columns(
    tmp_path: Path,
) -> None:
    """The last answer the hour's limit lets go, the word that a command mail waits for
    the GM (the book torn), and the word that a form asked for was not mailed to an
    address put back: each within 72 columns, the quoted answer whole on its line."""
    hall = Hall(tmp_path / "limited", replies_per_hour=2)
    hall.open_list("wok4", map="small", players=3)
    hall.answer(address(5), "HELP", hours=0.1)
    last = hall.answer(address(5), "LIST", hours=0.1)
    assert "This is the last answer the host mails to your address this hour" in last.words
    world = World(tmp_path / "torn")
    torn_book(world)
    world.mail("LIST", sender="p2@players.example")
    world.poll()
    (waits,) = [body_of(raw) for raw in world.outbox().values()]
    assert "waits for the game master" in " ".join(waits.split())
    put = Hall(tmp_path / "put")
    put_back(put, tmp_path)
    lord = put.game("wok4-1").config.player(2)
    put.mail(address(2), f"AOF wok4-1\nCODE {lord.code}\n")
    put.poll(hours=1)
    (not_mailed,) = put.new_mails()
    for text in (last.body, waits, not_mailed.body):
        assert too_wide(text) == [], text
    assert not_mailed.body.startswith(
        'The answer "[wok4-1] your AOF" was not mailed to your address in game\n'
    ), not_mailed.body
