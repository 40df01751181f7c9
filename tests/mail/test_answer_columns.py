"""A player's trial: he read the host's answers in a plain-text mail client, 80 columns
wide. The confirmation of his orders ran to 142 columns (a verdict with its note), 98 (the
forecast's line of what the turn decides) and 86 (when his mail came); the HELP of the
host's commands to 86, the answer to his JOIN to 107. A client wraps such a line where
the screen ends, in the middle of a word or of a column; quoted in his reply, it is cut
again. The host's answers keep to 78 columns (RFC 5322's line), each long line wrapped
at its words, its continuation indented under it, and say every word they said."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import WOK4

WIDTH = 78


def _too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH]


def _words(text: str) -> str:
    return " ".join(text.split())


def test_a_confirmation_keeps_to_78_columns(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 2)
    near = home.neighbours[0]
    form = world.aof(
        2,
        A1=f"{home.id} {near} 30",
        M1=f"{home.id} {near} 3 5",
        X1="100",
        S1=f"{home.id} {near} 1 5",
        A2=f"{home.id} 99 2",
        R1="1",
    )
    world.mail(form, sender="p2@players.example")
    assert world.poll().filed == 1
    (raw,) = [raw for name, raw in world.outbox().items() if name.startswith("conf-")]
    text = body_of(raw)
    assert _too_wide(text) == []
    said = _words(text)
    assert (
        f"ok M1: {home.id} {near} 3 5: note: province {state.named(near)} is not yours now; your"
        f" attack on it from {state.named(home.id)} may take it, and this order runs only if it"
        " does"
    ) in said
    assert f"REJECTED A2: {home.id} 99 2: there is no province 99" in said
    assert "READY was not kept: 1 other line was rejected. Correct it and send the form" in said
    # the attack sends all 12 ARM of the province (press49): the move out of it cannot run
    assert (
        f"Would not run: move 5 ARM from {home.id} to {near}: no ARM in province"
        f" {state.named(home.id)} once your attacks from it have sent their troops."
    ) in said
    assert "Decided when the turn runs: 1 attack, 1 spy operation (and everything" in said


def test_the_hosts_help_and_a_join_keep_to_78_columns(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3, every=2, at="18:00")
    hall.mail(address(1), "HELP")
    hall.mail(address(2), "JOIN wok4 AS Bartholomew Fitzgerald-Montgomery III")
    hall.poll(hours=1)
    (helped,) = hall.new_mails(address(1))
    (asked,) = hall.new_mails(address(2))
    assert _too_wide(helped.body) == []
    assert "REPORT, AOF, RESIGN, ABSENCE and PRESS need your secret code" in _words(helped.body)
    assert _too_wide(asked.body) == []
    assert "as Bartholomew Fitzgerald-Montgomery III." in _words(asked.body)
    assert f"\nCONFIRM {asked.code()}\n" in asked.body
    assert asked.subject == f"JOIN wok4: confirm with CONFIRM {asked.code()}"


def test_the_answer_to_orders_none_accepted_keeps_to_78_columns(tmp_path: Path) -> None:
    """A form whose every order line is rejected is answered apart ("no orders
    accepted"): its verdicts, each with its reason, ran to 160 columns, the confirmation's
    own being wrapped."""
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    theirs = next(p for p in state.provinces if p.owner == 1)
    near = theirs.neighbours[0]
    world.mail(world.aof(2, A1=f"{theirs.id} {near} 30"), sender="p2@players.example")
    world.poll()
    (raw,) = [raw for name, raw in world.outbox().items() if name.startswith("unchanged-")]
    text = body_of(raw)
    assert _too_wide(text) == []
    said = _words(text)
    assert (
        f"REJECTED A1: {theirs.id} {near} 30: province {state.named(theirs.id)} is not yours"
        in said
    )
    assert "an attack starts from your own province" in said


def test_a_refusal_and_a_mail_held_keep_to_78_columns(tmp_path: Path) -> None:
    """A form for the wrong turn was refused in a line of 120 columns; one naming a game
    the host has not was answered in lines of 90."""
    world = World(tmp_path, count=2)
    world.mail(world.aof(1, X1="100").replace("TURN: 1", "TURN: 7"))
    world.mail(world.aof(1, X1="100").replace("GAME: g1", "GAME: g9"), Message_ID="<x@p>")
    world.poll()
    answers = {name.split("-")[0]: body_of(raw) for name, raw in world.outbox().items()}
    assert sorted(answers) == ["held", "rejected"]
    for text in answers.values():
        assert _too_wide(text) == []
    assert (
        "could not be accepted: line 3: these orders are for turn 7, but the game expects "
        "turn 1: fill in the form of turn 1, the one in your latest report. Nothing was stored."
    ) in _words(answers["rejected"])
    assert (
        "Your mail names game g9, which is not a game of this host (a mistyped GAME line, or "
        "a game not made yet). Nothing was stored: the mail is kept for the game master, who "
        "can put it back for the turn generator once the game is there."
    ) in _words(answers["held"])


def test_the_map_note_of_a_report_mail_and_the_hold_notice_keep_to_78_columns() -> None:
    """Every report mail with a picture ended with the note on it, a line of 88 columns
    (and more with the turn's number and the seat in the file's name); the notice of a
    game put on hold had a line of 80 and the GM's reason on the line after the game's
    name, however long."""
    from wtg.game.report import player_environment

    note = player_environment().get_template("mail/map_note.txt.j2")
    for filename, onlooker in (("map-turn123-p10.png", False), (None, False), (None, True)):
        text = note.render(turn=123, filename=filename, form=True, onlooker=onlooker)
        assert _too_wide(text) == []
    said = _words(note.render(turn=123, filename="map-turn123-p10.png", form=True, onlooker=False))
    assert said == (
        "The map after turn 123, as you may see it, is the picture map-turn123-p10.png of "
        'this mail. To get your reports without it, write the line "MAP: off" into your '
        "order form."
    )
    reason = "the server moves to a new home this weekend, and the GM is away until Tuesday"
    held = (
        player_environment()
        .get_template("mail/hold.txt.j2")
        .render(name="Ann", game="kaomaris", reason=reason)
    )
    assert _too_wide(held) == []
    assert f"the GM has put game kaomaris on hold: {reason}" in _words(held)
    assert "Orders you send are received and kept as usual, and you will be told" in _words(held)


def test_the_deadline_sentence_of_a_confirmation_is_wrapped_whole(tmp_path: Path) -> None:
    """A game in a time zone: its first line was wrapped alone and the rest of the sentence
    set on a line of its own, so every READY player's confirmation read 'The turn runs at
    the deadline, Thu 31 Dec 2026 18:00 Europe/Vienna (17:00' then 'UTC),' alone on a line,
    then 'or sooner once every player is READY (you are).' The sentence is wrapped whole."""

    class Zoned(World):
        pass

    Zoned.zone = "Europe/Vienna"
    world = Zoned(tmp_path, count=2)
    world.mail(world.aof(2, X1="100", R1="1"), sender="p2@players.example")
    assert world.poll().filed == 1
    (raw,) = [raw for name, raw in world.outbox().items() if name.startswith("conf-")]
    lines = body_of(raw).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("The turn runs at"))
    sentence = lines[start : start + 2]
    assert " ".join(sentence) == (
        "The turn runs at the deadline, Mon 23 Nov 2026 18:00 Europe/Vienna (17:00 UTC), "
        "or sooner once every player is READY (you are)."
    )
    assert all(len(line) > 40 for line in sentence[:-1])  # no word left alone on a line
