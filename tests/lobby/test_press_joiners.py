"""A mail's text lost every ZERO WIDTH JOINER and NON-JOINER (U+200D, U+200C) as it was
read: a press's family emoji reached the other players as a woman and a girl side by side,
a firefighter as a man and a fire engine, a Persian word's parts ran together. The press
keeps them where they show (between two emoji, or two letters of a script that joins);
a command's words, a name and a code are read without them, as before."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, ann_and_bob
from wtg.core.formatchars import with_shown_joiners, without_joiners
from wtg.core.textwidth import marks_on_a_letter
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import WITHHELD, blacked_out, press_for, secrets_of
from wtg.lobby.commands import read_commands
from wtg.mail.message.extract import normalise

FAMILY = "\U0001f469\u200d\U0001f467"
FIREFIGHTER = "\U0001f468\U0001f3fd\u200d\U0001f692"
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
DEVANAGARI = "\u0915\u094d\u200d\u0937"


def test_a_press_keeps_its_joined_emoji_and_words(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann, bob = (next(p for p in game.config.players if p.name == n) for n in ("Ann", "Bob"))
    words = f"My {FAMILY} and {FIREFIGHTER} greet you: {PERSIAN} {DEVANAGARI}"
    hall.mail(bob.email, f"PRESS wok4-1\u200d\nCODE {bob.code}\u200c\n\n{words}\n")
    hall.poll(hours=1)
    assert [p.text for p in press_for(game.store, 1)] == [words]
    game.run_turn(now=hall.now)
    hall.send()
    mailed = {m.subject: m.body for m in hall.new_mails(ann.email)}
    assert FAMILY in mailed["[wok4-1] press of turn 1"]
    assert PERSIAN in mailed["[wok4-1] press of turn 1"]


def test_joiners_that_show_nothing_are_gone() -> None:
    assert normalise(f"g\u200d1 \u200c{FAMILY}\u200d \u200d\u200d {PERSIAN}") == (
        f"g1 {FAMILY}  {PERSIAN}"
    )
    assert with_shown_joiners("\u0645\u200c\u200c\u062e") == "\u0645\u062e"
    assert without_joiners(f"{FAMILY} {PERSIAN}") == (
        "\U0001f469\U0001f467 \u0645\u06cc\u062e\u0648\u0627\u0647\u0645"
    )


def test_a_commands_words_and_name_are_read_without_them() -> None:
    name = "\u0628\u0647\u0627\u0631\u200c\u0646\u0627\u0631\u0646\u062c"
    read = read_commands(normalise(f"JOIN wok4 AS {name}\nSTATUS \u0628\u200c\u0628\n"))
    assert read is not None
    assert [(c.verb, c.args) for c in read.commands] == [
        ("JOIN", ("wok4", "AS", name.replace("\u200c", ""))),
        ("STATUS", ("\u0628\u0628",)),
    ]


def test_a_joiner_inside_an_unshared_address_hides_it_from_no_one() -> None:
    """A press keeps a joiner between two letters that are not ASCII: one put inside a
    player's address written in Cyrillic showed the address whole to every player, and
    the press's blacking out of it no longer matched."""
    address = "\u043f\u0451\u0442\u0440@\u043f\u043e\u0447\u0442\u0430.example"
    players = [PlayerEntry(1, "Pyotr", address, "ABCD2345EF")]
    hidden = "\u043f\u0451\u200d\u0442\u0440@\u043f\u043e\u0447\u200c\u0442\u0430.example"
    written = normalise(f"Write to {hidden}, code ABCD\u200d2345EF")
    assert blacked_out(written, secrets_of(players)) == f"Write to {WITHHELD}, code {WITHHELD}"


def test_joiners_split_no_pile_of_marks() -> None:
    """A joiner between two accents was kept (both are not ASCII), and each one ended the
    run of marks counted on a letter: 40 accents piled on an ``x`` passed as one a letter."""
    tower = "x" + "\u0301\u200d" * 40
    assert normalise(tower) == "x" + "\u0301" * 40
    assert marks_on_a_letter(tower) == 40
