"""A player's trial, after the confirmation, the help and the JOIN were wrapped: the rest of
what the poll answers at once still ran past a mail's 78 columns, where his 80-column
client broke it in mid-word. A refusal said its reason on one line of 120 columns and more
(``Your mail to the turn generator could not be accepted: line 3: these orders are for
...``, ``Your command "REPORT ..." was not carried out: ...``), the answer of orders none of
which was accepted quoted its rejected lines and their reasons unwrapped, and a game's name
or a player's pushed the lobby's answers (an AOF or a report mailed again, a press kept or
relayed, an absence, a takeover, a resignation, the lists, a withdrawal) and the notices
of a mail held, set aside or sent with a wrong code past the edge.

Every answer here is made by the poll from a real mail, with a long reason, a long game
name (39 characters) and long player names. Each keeps to a phone's 72 columns (every
player mail does since round 42: tests/mail/test_mail_phone.py) but for what it
quotes as it is (a form, a report, the player's press, a header that marked his mail,
and the player's order line, which the answer keeps whole on the line that names it), and
says every word it said: each reason and sentence is found whole in its words."""

from __future__ import annotations

from email import message_from_bytes, policy
from pathlib import Path

from tests.lobby.hall import Hall, Mail, address
from tests.mail.loop import World
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat

WIDTH = 72
GAME = "kaomaris-northern-marches-autumn-league"
NAMES = (
    "Bartholomew Fitzgerald-Montgomery III",
    "Maximiliane von Hohenstaufen-Wittelsbach",
    "Cid",
    "Dee",
)
PLAIN_TEXT = "This is not an order but a letter to the game master about the weather"
"""An order line's words that are no numbers: rejected, quoted whole."""


def _too_wide(text: str, *verbatim: str) -> list[str]:
    """The lines of ``text`` wider than a phone's 72 columns, but for the lines of the
    ``verbatim`` texts it quotes as they are."""
    kept = {line for block in verbatim for line in block.splitlines()}
    return [line for line in text.splitlines() if len(line) > WIDTH and line not in kept]


def _words(text: str) -> str:
    return " ".join(text.split())


def _body(raw: bytes) -> str:
    msg = message_from_bytes(raw, policy=policy.default)
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


class LongWorld(World):
    """A game of a long name (its players' answers name it)."""

    name = GAME


def _answers(world: World, kind: str) -> list[str]:
    return [_body(raw) for name, raw in world.outbox().items() if name.startswith(f"{kind}-")]


def _line_number(form: str, label: str) -> int:
    (number,) = [n for n, line in enumerate(form.splitlines(), 1) if line.startswith(label)]
    return number


def _order_line_kept(body: str, head: str) -> None:
    """The verdict's line starts with the order line as the player wrote it, whole."""
    assert [line for line in body.splitlines() if line.startswith(head)], body


def test_the_answers_to_order_mails_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    world = LongWorld(tmp_path, count=2, replies_per_hour=50)
    p2 = "p2@players.example"

    # a confirmation: a line rejected, its words no order, quoted whole; READY not kept
    form = world.aof(2, X1="100", A2=PLAIN_TEXT, R1="1")
    world.mail(form, sender=p2)
    assert world.poll().filed == 1
    (confirmation,) = _answers(world, "conf")
    a2 = _line_number(form, "A2:")
    assert _too_wide(confirmation, f"line {a2}: REJECTED A2: {PLAIN_TEXT}:") == []
    _order_line_kept(confirmation, f"line {a2}: REJECTED A2: {PLAIN_TEXT}")
    said = _words(confirmation)
    assert f"Orders received: game {GAME}, turn 1, player 2 (Player2)." in said
    assert "READY was not kept: 1 other line was rejected." in said

    # no line accepted, a command typed beside the form: what is on file stands
    world.mail(f"STATUS {GAME}\n\n{world.aof(2, A2=PLAIN_TEXT)}", sender=p2)
    world.poll()
    (unchanged,) = _answers(world, "unchanged")
    assert _too_wide(unchanged, f"line {a2 + 2}: REJECTED A2: {PLAIN_TEXT}:") == []
    _order_line_kept(unchanged, f"line {a2 + 2}: REJECTED A2: {PLAIN_TEXT}")
    said = _words(unchanged)
    assert (
        f"Your mail for game {GAME}, turn 1, player 2 (Player2) reached the turn generator: "
        "none of "
        "the order lines in your mail could be accepted."
    ) in said
    assert (
        f'Your mail also holds the command "STATUS {GAME}": NOT carried out. A mail with '
        "an order form is read for its orders alone: send commands in a mail of their own."
    ) in said

    # a form for a turn run already, with a command beside it: refused, the command named
    wrong_turn = world.aof(2).replace("TURN: 1 ", "TURN: 0 ", 1)
    world.mail(f"REPORT {GAME} 0\n\n{wrong_turn}", sender=p2)
    world.poll()
    # a form that names no game, from a player's address
    world.mail(world.aof(2).replace(f"GAME: {GAME}", "GAME:", 1), sender=p2)
    world.poll()
    rejections = _answers(world, "rejected")  # in the order of their mails' keys
    assert len(rejections) == 2
    for body in rejections:
        assert _too_wide(body) == []
    (said,) = [_words(body) for body in rejections if "REPORT" in body]
    assert (
        "Your mail to the turn generator could not be accepted: lines 5-6: these orders are "
        "for turn 0, but the game expects turn 1: fill in the form of turn 1, the one in your "
        "latest report. Nothing was stored."
    ) in said
    assert f'Your mail also holds the command "REPORT {GAME} 0": NOT carried out.' in said
    (said,) = [_words(body) for body in rejections if "REPORT" not in body]
    assert (
        "Your mail to the turn generator could not be accepted: the form names no game (keep "
        "the GAME/TURN/PLAYER/CODE header as it is). Nothing was stored."
    ) in said


class Unscheduled(LongWorld):
    zone = None


def test_a_confirmation_of_a_game_without_deadlines_keeps_to_a_phone_s_columns(
    tmp_path: Path,
) -> None:
    world = Unscheduled(tmp_path, count=2)
    world.mail(world.aof(2, X1="100", R1="1"), sender="p2@players.example")
    assert world.poll().filed == 1
    (confirmation,) = _answers(world, "conf")
    assert _too_wide(confirmation) == []
    assert (
        "The turn runs once every player is READY (you are), or when the game master runs it."
    ) in _words(confirmation)


def test_the_notices_of_mail_held_set_aside_or_too_big_keep_to_a_phone_s_columns(
    tmp_path: Path,
) -> None:
    world = LongWorld(tmp_path, count=2, max_bytes=20_000, replies_per_hour=50)
    p2 = "p2@players.example"

    unknown = f"{GAME}-the-second-season-of-the-league"
    world.mail(world.aof(2).replace(f"GAME: {GAME}", f"GAME: {unknown}", 1), sender=p2)
    world.poll()
    (held,) = _answers(world, "held")
    assert _too_wide(held) == []
    assert f"Your mail names game {unknown}, which is not a game of this host" in _words(held)

    world.mail(world.aof(2, X1="100").replace("CODE0002", "WRONGCODE"), sender=p2)
    world.poll()
    (notice,) = [_body(raw) for name, raw in world.outbox().items() if name.startswith("wrong")]
    assert _too_wide(notice) == []
    assert (
        f"a mail with an order form for you (game {GAME}, player 2) came in from your own "
        "address with a wrong secret code, and was rejected."
    ) in _words(notice)

    world.mail(world.aof(2, X1="100"), sender=p2, Auto_Submitted="auto-replied")
    world.poll()
    (aside,) = [_body(raw) for name, raw in world.outbox().items() if name.startswith("setaside")]
    assert _too_wide(aside) == []
    assert "\n  Auto-Submitted: auto-replied\n" in aside
    assert (
        f"a mail with your orders for game {GAME} (player 2, with your secret code) came in "
        "with a header"
    ) in _words(aside)

    world.mail(world.aof(2, X1="100", R1="1"), sender=p2)
    world.poll()
    world.mail("Which of my games wait for me?", sender=p2)  # no form: the help, his forms
    world.poll()
    (helped,) = [_body(raw) for name, raw in world.outbox().items() if name.startswith("help")]
    form = world.game.aof(2)
    assert _too_wide(helped, form) == []
    assert form in helped
    said = _words(helped)
    assert f"Orders you sent stand, until new orders you send replace them: game {GAME}, " in said
    received = world.game.store.pending_meta(1, 2)["received"]
    assert f"turn 1: your orders of {received} are on file READY" in said

    world.mail(world.aof(2, X1="100") + "\n" + "x" * 20_000, sender=p2)
    world.poll()
    too_big = [body for body in _answers(world, "rejected") if "bytes, over" in body]
    (big,) = too_big
    assert _too_wide(big) == []
    assert (
        "bytes, over the limit of 20000: send your form or commands again as plain text, "
        "without attachments."
    ) in _words(big)


def _hall(tmp_path: Path) -> tuple[Hall, Game]:
    """A hall with a game of a long name and long player names, its seat 4 quit and
    offered to a new player."""
    hall = Hall(tmp_path)
    seats = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    create_game(hall.gm.games_dir / GAME, "wok4", "small", seats, seed=3, now=hall.now)
    game = hall.game(GAME)
    game.submit_all(f"game: {GAME}\nplayer: 4\nturn: 1\ncode: CODE0004X\nquit: true\n")
    game.run_turn(now=hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game(GAME), 4, hall.now)
    return hall, hall.game(GAME)


def _one(hall: Hall, to: str) -> Mail:
    (mail,) = hall.new_mails(to)
    return mail


def test_the_lobbys_answers_and_refusals_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    hall, game = _hall(tmp_path)
    ann, bob = address(1), address(2)

    refused = hall.answer(ann, f"REPORT {GAME}")  # no CODE line
    assert _too_wide(refused.body) == []
    assert (
        f'Your command "REPORT {GAME}" was not carried out: REPORT needs your secret code for '
        f"game {GAME}: add a line CODE <your code> (it is in the header of your AOF)."
    ) in _words(refused.body)
    assert f'Your command "REPORT {GAME}" was' in refused.body  # the command kept whole

    refused = hall.answer(ann, f"REPORT {GAME} 7\nCODE CODE0001X")
    assert _too_wide(refused.body) == []
    assert (
        f"game {GAME} has turns 0 to 1: write REPORT {GAME} <turn> with one of them, or "
        f"REPORT {GAME} for the latest."
    ) in _words(refused.body)

    form = hall.answer(ann, f"AOF {GAME}\nCODE CODE0001X")
    blank = game.aof(1)
    assert _too_wide(form.body, blank) == []
    assert (
        f"As you asked (a mail to the host), your blank AOF for the coming turn in game {GAME}:"
    ) in _words(form.body)
    assert blank in form.body

    again = hall.answer(ann, f"REPORT {GAME} 1\nCODE CODE0001X")
    report = game.report(1, 1)
    assert _too_wide(again.body, report) == []
    assert report in again.body

    press = "Bob, " + "shall we share the island between us, " * 4 + "or fight for it?"
    kept = hall.answer(ann, f"PRESS {GAME}\nCODE CODE0001X\n\n{press}")
    assert _too_wide(kept.body) == []  # his press as the others read it: wrapped
    assert (
        f"Your press for game {GAME} goes out to every player with the reports of turn 2, "
        "in a mail of its own, under your name in the game:"
    ) in _words(kept.body)
    mine = [line.removeprefix("  1| ") for line in kept.body.splitlines() if "1| " in line]
    assert " ".join(mine) == press

    hall.mail(ann, f"PRESS {GAME} TO 2\nCODE CODE0001X\n\n{press}")
    hall.poll(hours=1)
    relayed, private = _one(hall, ann), _one(hall, bob)
    assert _too_wide(relayed.body) == []
    assert f"Your press in game {GAME} went to {NAMES[1]} (#2) alone (without your address):" in (
        _words(relayed.body)
    )
    assert _too_wide(private.body) == []
    assert f"Private press in game {GAME} from {NAMES[0]} (#1)" in _words(private.body)

    refused = hall.answer(ann, f"PRESS {GAME} TO 1\nCODE CODE0001X\n\nto myself")
    assert _too_wide(refused.body) == []
    assert (
        "was not carried out: player 1 is you: private press goes to another player of the "
        "game (PRESS <game> without TO goes to them all)."
    ) in _words(refused.body)

    away = hall.answer(ann, f"ABSENCE {GAME} 2 3\nCODE CODE0001X")
    assert _too_wide(away.body) == []
    assert f"Noted: you are away in game {GAME} for turns 2, 3. Meanwhile" in _words(away.body)

    status = hall.answer(bob, f"STATUS {GAME}")
    assert _too_wide(status.body) == []
    assert f"Game {GAME}, turn 2." in status.body

    asked = hall.answer(bob, f"RESIGN {GAME}\nCODE CODE0002X")
    assert _too_wide(asked.body) == []
    resigned = hall.answer(bob, f"CONFIRM {asked.code()}")
    assert _too_wide(resigned.body) == []
    said = _words(resigned.body)
    assert (
        f"You leave game {GAME} when turn 2 runs (your QUIT is filed with the orders you have "
        "on file for it)."
    ) in said
    assert said.endswith("without a QUIT of their own, you would play on. Thank you for playing.")


def test_a_takeover_and_the_lists_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    hall, _game = _hall(tmp_path)
    hall.open_list("wok4", players=3, every=2, at="18:00")
    newcomer, waiting = address(5), address(6)
    name = "Sir Reginald Archibald Worthington"

    hall.mail(waiting, "JOIN wok4 AS Lady Penelope Gwendolyn Ashcombe-Fairfax")
    hall.poll(hours=1)
    hall.mail(waiting, f"CONFIRM {_one(hall, waiting).code()}")
    hall.poll(hours=1)
    hall.new_mails(waiting)

    lists = hall.answer(newcomer, "LIST")
    assert _too_wide(lists.body) == []
    assert f"{GAME} (World of Kaomaris IV - The Final Conflict): seat 4: " in _words(lists.body)
    assert "players waiting: Lady Penelope Gwendolyn Ashcombe-Fairfax" in _words(lists.body)

    ask = hall.answer(newcomer, f"JOIN {GAME} AS {name}")
    assert _too_wide(ask.body) == []
    assert (
        f"You asked to take over seat 4 of game {GAME} (World of Kaomaris IV - The Final "
        f"Conflict), as {name}: its player has quit, and you would play on with his empire as "
        "it stands. Turn 2 is next, no deadline: it runs once all are READY."
    ) in _words(ask.body)
    taken = hall.answer(newcomer, f"CONFIRM {ask.code()}")
    report = hall.game(GAME).report(4, 1)
    assert _too_wide(taken.body, report) == []
    assert f"You play seat 4 of game {GAME} now, as {name}. Your report follows" in (
        _words(taken.body)
    )
    told = _one(hall, address(4))
    assert _too_wide(told.body) == []
    assert (
        f"Seat 4 of game {GAME}, which you left, is taken over by a new player, {name}."
    ) in _words(told.body)

    withdraw = hall.answer(waiting, "WITHDRAW wok4")
    assert _too_wide(withdraw.body) == []
    withdrawn = hall.answer(waiting, f"CONFIRM {withdraw.code()}")
    assert _too_wide(withdrawn.body) == []
    assert "You are off the waiting list" in withdrawn.body
