"""Every mail a player gets reads on a phone, 72 columns a line (docs/mail.md, "Every mail
on a phone"): the reports did since round 42, but the answers to his orders, the lobby's
replies, the GM's notices and the press mail were broken at a terminal's 78, and a phone
broke a line of 73 to 78 again, a word or two alone between two of the host's lines
(`filled in.` under `Orders go in the AOF, as always: ...`, a HELP row's `it was sent
to,` past its column). Each kind is driven through its real path here; the GM's digest
keeps to 78."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, offer
from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import WOK4
from tests.test_gm_controls import body, make, queued, run
from wtg.data.paths import templates_path
from wtg.game.press import Press
from wtg.game.report import GM_TEMPLATES, gm_environment, player_environment, press_text

PHONE = 72


def too_wide(text: str) -> list[str]:
    """The lines of ``text`` a phone would break again."""
    return [line for line in text.splitlines() if len(line) > PHONE]


def test_the_answers_to_orders_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    """A confirmation with a note, a rejected line and a forecast, and the answer to a form
    whose every line is rejected: each line within 72, every word said, the order lines
    quoted whole."""
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 2)
    near = home.neighbours[0]
    world.mail(
        world.aof(2, A1=f"{home.id} {near} 30", M1=f"{home.id} {near} 3 5", A2=f"{home.id} 99 2"),
        sender="p2@players.example",
    )
    world.mail(
        world.aof(1, A1=f"{home.id} {near} 30"), sender="p1@players.example", Message_ID="<o@p>"
    )
    world.poll()
    answers = {name.split("-")[0]: body_of(raw) for name, raw in world.outbox().items()}
    assert sorted(answers) == ["conf", "unchanged"]
    for text in answers.values():
        assert too_wide(text) == [], text
    assert f"REJECTED A2: {home.id} 99 2: there is no province 99" in answers["conf"]
    assert f"ok M1: {home.id} {near} 3 5: note: province {state.named(near)}" in answers["conf"]
    assert (
        "To give your orders, fill in the order lines of the form and send it: above or "
        "below the quoted report, or in the quoted form itself, as you like."
    ) in " ".join(answers["unchanged"].split())


def test_the_lobby_s_replies_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    """HELP's table of commands, a JOIN's answer and its CONFIRM's, and the mails of a game
    started: every line within 72, HELP's rows in their columns."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3, every=2, at="18:00")
    helped = hall.answer(address(1), "HELP")
    asked = hall.answer(address(2), "JOIN wok4 AS Bartholomew Fitzgerald-Montgomery III")
    confirmed = hall.answer(address(2), f"CONFIRM {asked.code()}")
    for mail in (helped, asked, confirmed):
        assert too_wide(mail.body) == [], mail.body
    assert (
        "  CONFIRM <code>               confirm a JOIN, a takeover, a WITHDRAW or\n"
        "                               a RESIGN, from the address the code was\n"
        "                               sent to, within 7 days\n"
    ) in helped.body
    assert "Orders go in the AOF, as always: reply to your report with the\nform filled in." in (
        helped.body
    )
    assert f"\nCONFIRM {asked.code()}\n" in asked.body
    started = Hall(tmp_path / "two")
    started.open_list("wok4", players=2)
    for number in (1, 2):
        code = started.answer(address(number), f"JOIN wok4 AS {('Ann', 'Bob')[number - 1]}").code()
        started.mail(address(number), f"CONFIRM {code}")
    started.poll(hours=2)
    started.send()
    mails = started.new_mails()
    assert len(mails) >= 2
    for mail in mails:
        assert too_wide(mail.body) == [], mail.body


def test_the_gm_s_notices_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    """`wtg hold` with a reason, `wtg extend` and `wtg release`: each player's notice within
    72 columns, the GM's words whole."""
    make(tmp_path / "games")
    reason = "the server moves to a new home this weekend, and the GM is away until Tuesday"
    run(tmp_path, "hold", "g1", "--reason", reason)
    run(tmp_path, "extend", "g1", "24")
    run(tmp_path, "release", "g1")
    mails = queued(tmp_path, "")
    assert len(mails) >= 12
    for msg in mails.values():
        assert too_wide(body(msg)) == [], body(msg)
    held = [body(m) for name, m in mails.items() if "hold" in name]
    assert held and all(reason in " ".join(text.split()) for text in held)


def test_the_press_mail_keeps_to_a_phone_s_columns() -> None:
    """The press mail's heading of a writer with a long name, and the note on a web address
    defanged in it: within 72."""
    name = "Bartholomew Fitzgerald-Montgomery of Skye"  # a heading of 74 columns on one line
    piece = Press(side=3, name=name, at="2026-11-22 18:00 UTC", text="Meet me at wtg.example.")
    text = press_text("g1", 3, [piece])
    assert too_wide(text) == [], text
    assert f"From {name} (#3),\n  2026-11-22 18:00 UTC:" in text


def test_no_player_s_template_loads_at_a_terminal_s_columns() -> None:
    """Every template of a player's mail (a report, a form's note, an answer, a notice, the
    press) breaks its prose at 72 columns only if it is loaded through
    `player_environment`; loaded through the GM's environment, it broke at 78, and nothing
    but its caller said which. The GM's environment finds the GM's templates alone (his
    digest): any other is not found there, and every one is found through the players'."""
    shipped = templates_path()
    names = sorted(
        path.relative_to(shipped).as_posix()
        for path in Path(str(shipped)).rglob("*.j2")
        if path.relative_to(shipped).parts[0] not in ("site", "maps")
    )
    assert "mail/lobby/taken_over.txt.j2" in names and "wok/macros.j2" in names
    for name in names:
        assert player_environment().get_template(name).environment is player_environment()
        if name in GM_TEMPLATES:
            assert gm_environment().get_template(name).environment is gm_environment()
        else:
            with pytest.raises(jinja2.TemplateNotFound):
                gm_environment().get_template(name)
    assert sorted(GM_TEMPLATES) == ["mail/digest.txt.j2"]
    assert gm_environment().filters["wrapped"]("word " * 20) == ("word " * 15).rstrip() + (
        "\n    " + ("word " * 5).rstrip()
    )


def test_a_takeover_and_a_seat_s_commands_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    """A newcomer of a long name asks for a seat offered and takes it over: the question
    to confirm, the seat's report mailed to him, and the notices to the table and to the
    player who left; then STATUS, LIST, WITHDRAW and RESIGN asked and answered. Each line
    of each within 72 (they were not driven here before round 43)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    hall.poll(hours=2)
    hall.new_mails()
    name = "Bartholomew Fitzgerald-Montgomery III"
    asked = hall.answer(address(9), f"JOIN wok4-1 AS {name}")
    hall.mail(address(9), f"CONFIRM {asked.code()}")
    hall.poll(hours=1)
    mails = [asked, *hall.new_mails()]
    subjects = sorted(mail.subject for mail in mails)
    assert subjects == sorted(
        [
            *[f"[wok4-1] {name} takes over seat 4"] * 3,
            "[wok4-1] you play seat 4 now",
            "[wok4-1] your seat 4 is taken over",
            "JOIN wok4-1: confirm with CONFIRM " + asked.code(),
        ]
    )
    first = game.config.player(1)
    hall.mail(first.email, f"STATUS wok4-1\nCODE {first.code}\nLIST\n")
    hall.mail(address(7), "JOIN wok4 AS Gwendolyn")
    hall.poll(hours=1)
    mails += hall.new_mails()
    joined = next(m for m in mails if m.to == address(7))
    hall.mail(address(7), f"CONFIRM {joined.code()}")
    hall.poll(hours=1)
    hall.mail(address(7), "WITHDRAW wok4")
    hall.mail(first.email, f"RESIGN wok4-1\nCODE {first.code}\n")
    hall.poll(hours=1)
    asks = hall.new_mails()
    for ask in (mail for mail in asks if "confirm with CONFIRM" in mail.subject):
        hall.mail(ask.to, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    mails += [*asks, *hall.new_mails()]
    for mail in mails:
        text = mail.body.split("=== BEGIN AOF ===")[0]  # the form: docs/mail.md, its own
        assert too_wide(text) == [], text
    kinds = {mail.subject.split("] ")[-1].split(": confirm with")[0] for mail in mails}
    assert sorted(kinds) == [
        f"{name} takes over seat 4",
        "JOIN wok4",
        "JOIN wok4-1",
        "RESIGN",
        "WITHDRAW wok4",
        "WITHDRAW wok4: done",
        "status of turn 2",
        "waiting lists and seats offered",
        "you are on the waiting list wok4",
        "you leave the game when turn 2 runs",
        "you play seat 4 now",
        "your seat 4 is taken over",
    ]


def test_the_gm_s_other_notices_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    """`wtg announce`, `wtg new-code` and, a turn run, `wtg rollback`: each player's
    notice within 72 columns, the GM's words whole (they were not driven here before
    round 43)."""
    make(tmp_path / "games")
    words = "the next game opens on Monday, with the map classic60 and deadlines of two days"
    run(tmp_path, "announce", "g1", words)
    run(tmp_path, "new-code", "g1", "--player", "2")
    run(tmp_path, "run-turn", "g1", "--now", "--unmailed")
    run(tmp_path, "rollback", "g1", "--to", "0")
    mails = queued(tmp_path, "")
    kinds = sorted({name.split("-")[0] for name in mails})
    assert kinds == ["announce", "code", "rollback"]
    for msg in mails.values():
        text = body(msg).split("=== BEGIN AOF ===")[0]
        assert too_wide(text) == [], text
    announced = [body(m) for name, m in mails.items() if name.startswith("announce")]
    assert len(announced) == 4 and all(words in " ".join(t.split()) for t in announced)


def test_press_absence_and_refusals_keep_to_a_phone_s_columns(tmp_path: Path) -> None:
    """PRESS to the game and to one player (their answers and the private press relayed),
    ABSENCE, a command refused, a JOIN of a game there is none of, a word not understood,
    and the turn's press note and press mail: each line within 72 (not driven here before
    round 43)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one, two = game.config.player(1), game.config.player(2)
    text = "Shall we split the north between us? " * 3
    hall.mail(one.email, f"PRESS wok4-1\nCODE {one.code}\n\n{text}\n")
    hall.mail(one.email, f"PRESS wok4-1 TO 2\nCODE {one.code}\n\nJust you and me: {text}\n")
    hall.mail(two.email, f"ABSENCE wok4-1 3 4\nCODE {two.code}\n")
    hall.mail(two.email, "JOIN no-such-game-of-this-host AS Bartholomew Fitzgerald")
    hall.mail(address(8), "RESIGN wok4-1")
    hall.mail(address(8), "PLEASE tell me how to play here")
    hall.poll(hours=1)
    game.run_turn(now=hall.now)
    hall.send()
    mails = hall.new_mails()
    for mail in mails:
        text_of = mail.body.split("=== BEGIN AOF ===")[0]
        assert too_wide(text_of) == [], text_of
    subjects = sorted({mail.subject.split("] ")[-1] for mail in mails})
    assert subjects == [
        "JOIN no-such-game-of-this-host AS Bartholomew...: not done",
        "PLEASE tell me how to play here: unknown",
        "RESIGN wok4-1: not done",
        "absence noted: turns 3 to 4",
        "press of turn 2",
        f"private press from {one.name}",
        *sorted(f"turn 2 report for {p.name}" for p in game.config.players),
        "your press goes out with the turn 2 reports",
        "your press went to player 2",
    ]
