"""A press whose text holds a line the host reads as the head of a mail quoted or
forwarded (``--- end of press ---``, a few words between dashes; ``From:`` with
``Subject:`` under it): its text ends above that line, and what the player wrote under it
was dropped without a word (his copy showed the text kept, nothing said of the rest). His
copy now names the line and says that nothing under it was taken; a press that ends at a
reply's quote, its attribution or the mail's end says nothing more."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters

ENDED = "Your press ends above the line"


@pytest.mark.parametrize("private", [False, True])
@pytest.mark.parametrize(
    ("head", "shown"),
    [
        ("--- end of press ---", "--- end of press ---"),
        ("From: Lord3\nSubject: peace", "From: Lord3"),
        ("-----Original Message-----", "-----Original Message-----"),
    ],
)
def test_the_writer_is_told_where_his_press_ended(
    tmp_path: Path, private: bool, head: str, shown: str
) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = game.config.player(1), game.config.player(2)
    to = " TO 2" if private else ""
    text = f"Peace in the north.\n{head}\nWar in the south.\n"
    copy = hall.answer(writer.email, f"PRESS wok4-1{to}\nCODE {writer.code}\n\n{text}")
    assert "Peace in the north." in copy.body
    assert "War in the south." not in copy.body
    assert (
        f'{ENDED} "{shown}", which the host reads as the head of a mail quoted or '
        "forwarded: nothing under it was taken as your press. To send what you wrote under "
        "it, mail it again without that line."
    ) in copy.words, copy.body
    if private:
        (relayed,) = hall.new_mails(reader.email)
        assert "  1| Peace in the north." in relayed.body
        assert "War in the south." not in relayed.body


@pytest.mark.parametrize(
    "said",
    ["Am 3. Dezember schrieb mir Lord3:", "Den 3 december skrev Lord3 till mig:", "Lord3 wrote:"],
)
def test_a_line_read_as_an_attribution_over_lines_typed_on_is_named(
    tmp_path: Path, said: str
) -> None:
    """review47c: a line of the press that reads as the line over a reply's quote (review47b
    knows German's and the Scandinavian languages', the name after the verb), with the
    player's own lines under it, not quoted: they were not taken, and his copy said
    nothing of them."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    text = f"Peace in the north.\n{said}\nWar in the south.\n"
    copy = hall.answer(writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\n{text}")
    assert "Peace in the north." in copy.body and "War in the south." not in copy.body
    assert (
        f'{ENDED} "{said}", which the host reads as the head of a mail quoted or forwarded: '
        "nothing under it was taken as your press."
    ) in copy.words, copy.body


@pytest.mark.parametrize(
    "below",
    [
        "",
        "\n> PRESS of game wok4-1, turn 1\n> old words\n",
        "\nOn Sun, 22 Nov 2026, Game Master wrote:\n> old words\n",
        "\n-- \nLord1, of the north\n",
    ],
)
def test_a_press_that_ends_at_a_quote_or_its_end_says_nothing_more(
    tmp_path: Path, below: str
) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    copy = hall.answer(
        writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\nPeace in the north.\n{below}"
    )
    assert copy.subject == "[wok4-1] your press goes out with the turn 2 reports", copy.subject
    assert "Peace in the north." in copy.body
    assert ENDED not in copy.body, copy.body


@pytest.mark.parametrize("private", [False, True])
def test_press_written_on_under_a_signature_line_is_named_not_taken(
    tmp_path: Path, private: bool
) -> None:
    """A `-- ` line in the middle of a press, nine lines and more under it: more than a
    signature (a firm's, eight lines), what the player wrote on was dropped without a
    word. Up to eight lines under it are a signature, taken as one (the test below)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = game.config.player(1), game.config.player(2)
    to = " TO 2" if private else ""
    under = "\n".join(f"War in the south, part {n}." for n in range(1, 10))
    copy = hall.answer(
        writer.email, f"PRESS wok4-1{to}\nCODE {writer.code}\n\nPeace.\n-- \n{under}\n"
    )
    assert "Peace." in copy.body and "War in the south" not in copy.body
    assert (
        f'{ENDED} "-- ", which marks a signature: the lines you wrote under it were not '
        "taken as your press. To send them, mail them again without that line."
    ) in copy.words, copy.body
    if private:
        (relayed,) = hall.new_mails(reader.email)
        assert "War in the south" not in relayed.body and ENDED not in relayed.body


def test_a_signature_of_eight_lines_says_nothing_more(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    signature = (
        "Lord1\nof the north\n\nNorth Ltd\n1 Main St\nTown\n+1 555 0100\nwww.example.org\nCall me"
    )
    copy = hall.answer(
        writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\nPeace.\n-- \n{signature}\n"
    )
    assert ENDED not in copy.body, copy.body
