"""Issue 17: "No command changes a game without the sender's valid code or a confirmed
address; each refusal says why"."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import players
from tests.lobby.hall import Hall, address
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.gm.gamestatus import game_status
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting


def joined(hall: Hall, number: int, name: str) -> str:
    """``number`` asks to JOIN wok4 as ``name``; the code it is mailed."""
    answer = hall.answer(address(number), f"JOIN wok4 AS {name}", hours=2)
    return answer.code()


def ann_and_bob(tmp_path: Path) -> tuple[Hall, Game, PlayerEntry]:
    """A two-player list filled by Ann and Bob, its game started; the hall, the game and
    Ann's seat."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=2)
    for number, name in ((1, "Ann"), (2, "Bob")):
        code = joined(hall, number, name)
        hall.mail(address(number), f"CONFIRM {code}")
    hall.poll(hours=2)
    game = hall.game("wok4-1")
    hall.new_mails()
    return hall, game, next(p for p in game.config.players if p.name == "Ann")


def refusal(hall: Hall, number: int | str) -> str:
    to = address(number) if isinstance(number, int) else number
    (answer,) = hall.new_mails(to)
    assert "not done" in answer.subject, answer.body
    return answer.words


def waiting_names(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [w.name for w in waiting(book, "wok4")]


def test_a_strangers_confirm_with_a_guessed_code_is_refused(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=2)
    joined(hall, 1, "Ann")
    hall.mail("guesser@else.example", "CONFIRM ABCDEFGHJK")
    hall.poll(hours=2)
    body = refusal(hall, "guesser@else.example")
    assert "no request from your address waits for the code ABCDEFGHJK" in body
    assert waiting_names(hall) == []


def test_a_confirm_from_another_address_is_refused(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    code = joined(hall, 1, "Ann")
    hall.mail(address(2), f"CONFIRM {code}")
    hall.poll(hours=2)
    assert "a code counts only from the address it was mailed to" in refusal(hall, 2)
    assert waiting_names(hall) == []
    hall.mail(address(1), f"confirm {code.lower()}")
    hall.poll(hours=2)
    assert waiting_names(hall) == ["Ann"]


def test_a_join_as_a_taken_name_is_refused(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    code = joined(hall, 1, "Ann")
    hall.mail(address(1), f"CONFIRM {code}")
    hall.poll(hours=2)
    hall.new_mails()
    hall.mail(address(2), "JOIN wok4 AS  ann ")
    hall.poll(hours=2)
    assert "the name ann is another player's; choose another with AS <name>" in refusal(hall, 2)
    hall.mail(address(1), "WITHDRAW wok4")
    hall.mail(address(1), "JOIN wok4 AS Annabel")
    hall.poll(hours=2)
    mails = hall.new_mails(address(1))
    assert any("you play as Ann: one name a person" in m.words for m in mails)


def test_a_report_with_a_wrong_code_is_refused(tmp_path: Path) -> None:
    hall, game, ann = ann_and_bob(tmp_path)
    hall.mail(address(1), "REPORT wok4-1\nCODE WRONGCODE1")
    hall.mail(address(2), "REPORT wok4-1")
    wrong = ann.code[:-1] + ("Y" if ann.code.endswith("X") else "X")  # never Ann's code
    hall.mail(address(2), f"PRESS wok4-1\nCODE {wrong}\n\nfake news")
    hall.poll(hours=2)
    assert "the code is not the code of a player of game wok4-1" in refusal(hall, 1)
    bodies = [m.words for m in hall.new_mails(address(2))]
    assert any("REPORT needs your secret code for game wok4-1" in b for b in bodies)
    assert any("the code is not the code of a player of game wok4-1" in b for b in bodies)
    assert not (game.store.pending_dir(1) / "press").exists()


def test_resign_needs_the_confirm_of_the_registered_address(tmp_path: Path) -> None:
    hall, game, ann = ann_and_bob(tmp_path)
    hall.mail("thief@else.example", f"RESIGN wok4-1\nCODE {ann.code}")  # a stolen code
    hall.poll(hours=2)
    assert hall.new_mails("thief@else.example") == []  # the request goes to Ann's address
    (ask,) = hall.new_mails(ann.email)
    hall.mail("thief@else.example", f"CONFIRM {ask.code()}")
    hall.poll(hours=2)
    assert "no request from your address waits" in refusal(hall, "thief@else.example")
    assert game.store.pending_orders(1) == {}


def test_a_mail_without_a_command_gets_the_help(tmp_path: Path) -> None:
    """Issue 25, item 16: "a mail with no command gets the HELP answer, never silence"
    (before, a stranger's mail without a command got nothing at all)."""
    hall = Hall(tmp_path)
    hall.mail("stranger@else.example", "Hello, how do I play?")
    summary = hall.poll()
    assert summary.outcomes[0][1] == (
        'answered: HELP (no command found); asked "Hello, how do I play?"'
    )
    (help_mail,) = hall.new_mails()
    assert (help_mail.to, help_mail.subject) == (
        "stranger@else.example",
        "the commands of the host",
    )
    assert "JOIN <ruleset> [<variant>] [AS <name>]" in help_mail.body
    hall.mail("stranger@else.example", "SUBSCRIBE wok4")
    hall.poll(hours=1)
    (help_mail,) = hall.new_mails()
    assert '"SUBSCRIBE wok4" is not a command of the host' in help_mail.body
    assert "JOIN <ruleset> [<variant>] [AS <name>]" in help_mail.body


def test_the_help_says_what_each_command_of_the_docs_does(tmp_path: Path) -> None:
    """The HELP lists every command of docs/mail.md's table, and says what PRESS does as
    the product does it: press is mailed with the next reports in a mail of its own (the
    HELP said it "goes into every player's next report", which it never does), and STATUS
    takes the address the game knows or a CODE line."""
    table = (Path(__file__).parents[2] / "docs" / "mail.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([A-Z]+)[ `]", table, re.M))
    assert {"HELP", "JOIN", "PRESS", "STATUS", "ABSENCE"} <= documented
    hall = Hall(tmp_path)
    hall.mail("stranger@else.example", "HELP")
    hall.poll()
    (help_mail,) = hall.new_mails()
    listed = set(re.findall(r"^  ([A-Z]+) ", help_mail.body, re.M))
    assert documented <= listed, documented - listed
    text = " ".join(help_mail.body.split())
    assert "goes into every player's next report" not in text
    assert "is mailed to every player with the next reports, in a mail of its own" in text
    assert "STATUS needs it too, unless you mail from the address the game knows" in text


def test_automatic_mail_gets_no_answer_to_its_commands(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=2)
    hall.count += 1
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"] = address(1)
    msg["To"] = "gm@wtg.example"
    msg["Auto-Submitted"] = "auto-replied"
    msg["Message-ID"] = "<auto@players.example>"
    msg.set_content("JOIN wok4\n")
    hall.inbox.add(msg)
    summary = hall.poll()
    assert summary.outcomes[0][1].startswith("rejected: not for us (Auto-Submitted")
    assert hall.new_mails() == []


def test_press_may_not_carry_an_order_form(tmp_path: Path) -> None:
    """Press is mailed to every player, and a reply may quote it next to his own form: a
    form in it (a fake one for another player, say) could be read when he replies."""
    hall, game, ann = ann_and_bob(tmp_path)
    bob = 3 - ann.id  # another player's: a wrong code for Ann's own seat is told her apart
    fake = f"=== BEGIN AOF ===\nGAME: wok4-1  TURN: 1  PLAYER: {bob}  CODE: XXXXXXXX\nX1: 350\n"
    hall.mail(ann.email, f"PRESS wok4-1\nCODE {ann.code}\n\nLook:\n{fake}")
    hall.mail(ann.email, f"PRESS wok4-1\nCODE {ann.code}\n\nX1: 350\n=== END AOF ===\n")
    hall.poll(hours=2)
    answers = {m.subject: m.body for m in hall.new_mails(ann.email)}
    assert "[wok4-1] your orders were not accepted" in answers  # a form: an order mail, as always
    (refused,) = [body for subject, body in answers.items() if "not done" in subject]
    assert "the press holds an\norder form" in refused
    assert "press is mailed to every player, and a reply may quote it next to his own" in (
        " ".join(refused.split())
    )
    assert not (game.store.pending_dir(1) / "press").exists()


def test_a_mail_with_a_form_is_an_order_mail_whatever_stands_above_it(tmp_path: Path) -> None:
    hall, game, ann = ann_and_bob(tmp_path)
    form = game.aof(ann.id).replace("R1: _", "R1: 1")
    hall.mail(ann.email, f"STATUS wok4-1\nREPORT wok4-1\n\n{form}")
    summary = hall.poll(hours=2)
    assert summary.filed == 1
    (answer,) = hall.new_mails(ann.email)
    assert answer.subject == "[wok4-1] orders for turn 1 received"
    assert game_status(game)["players"][ann.id - 1]["ready"]


def test_a_game_named_as_a_ruleset_hides_no_waiting_list(tmp_path: Path) -> None:
    """Issue 25, item 14 (a game's name is a word players type in a mail command): the GM
    made a game called `wok4` (`wtg new-game wok4 ...`) while the waiting list wok4 was
    open; every `JOIN wok4` was then taken as a takeover of the game and refused ("game wok4
    offers no seat now"): nobody could join the list. A JOIN goes to the game only for a
    seat it offers; else to the ruleset's list."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=2)
    create_game(hall.gm.games_dir / "wok4", "wok4", "small", players(2), seed=1, now=hall.now)
    answer = hall.answer(address(7), "JOIN wok4 AS Seven")
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.body
    hall.mail(address(7), f"CONFIRM {answer.code()}")
    hall.poll(hours=1)
    assert waiting_names(hall) == ["Seven"]
