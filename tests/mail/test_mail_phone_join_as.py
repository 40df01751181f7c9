"""A ``JOIN ... AS <name>`` a mail tells a player to send, whole on one line of a mail on a
phone (docs/mail.md, "Every mail on a phone"): the name after ``AS`` is the command's as
much as its list is, the lobby reading every word of it (``wtg.lobby.commands``); a wrap
kept ``JOIN wok4 AS Bartholomew Fitzgerald-Montgomery`` and put ``III`` under it."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.mail.test_mail_phone import too_wide
from wtg.game.gameconfig import NAME_MAX_LENGTH
from wtg.text.commandwords import NAME_COLUMNS, typed_spans
from wtg.text.prose import PHONE, wrapped

NAME = "Bartholomew Fitzgerald-Montgomery III"
LONGEST = "Bartholomew Fitzgerald-Montgomery Junior"
"""A name of 40 columns, the most a name may fill."""


def test_a_join_as_a_name_of_three_words_is_one_span() -> None:
    """The command's span reaches the name's last word, and stops at the mark that ends
    the name where a sentence goes on (``, until``), as a placeholder's (``<name>``)."""
    line = f"then JOIN wok4 AS {NAME}, until noon; or JOIN <ruleset> AS <name> to wait"
    assert [line[s:e] for s, e in typed_spans(line)] == [
        f"JOIN wok4 AS {NAME},",
        "JOIN <ruleset> AS <name>",
    ]
    assert wrapped(
        f"To be on the list instead: WITHDRAW wok4, then JOIN wok4 AS {NAME}", "", PHONE
    ) == (f"To be on the list instead: WITHDRAW wok4, then\nJOIN wok4 AS {NAME}")


def test_the_other_name_s_join_is_whole(tmp_path: Path) -> None:
    """Two JOINs of wok4 under two names, the first confirmed, then the second's code: the
    answer tells him how to be on the list under the second name, and broke that JOIN
    inside the name; it stands whole on a line now."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    first = hall.answer(address(1), "JOIN wok4 AS Bart")
    second = hall.answer(address(1), f"JOIN wok4 AS {LONGEST}")
    hall.answer(address(1), f"CONFIRM {first.code()}")
    told = hall.answer(address(1), f"CONFIRM {second.code()}")
    assert too_wide(told.body) == [], told.body
    assert told.body.endswith(
        f"the list as {LONGEST} instead:\n"
        "WITHDRAW wok4, then\n"
        f"JOIN wok4 AS {LONGEST}.\n"
        "\n"
        "Nothing was changed. Mail HELP for the commands of the host.\n"
    ), told.body


def test_a_join_as_quoted_or_before_more_words_ends_with_its_name() -> None:
    """A JOIN quoted as the player wrote it (``"JOIN g1 AS Vic Hale" was not``) ends at
    its quote; one that prose follows without a mark ends where a name's 40 characters
    end, never running on to the line's end."""
    line = 'Your command "JOIN g1 AS Vic Hale" was not carried out: you play as X, one'
    assert [line[s:e] for s, e in typed_spans(line)] == ['JOIN g1 AS Vic Hale"']
    line = f"then JOIN g1 AS {LONGEST} and more words after it"
    assert [line[s:e] for s, e in typed_spans(line)] == [f"JOIN g1 AS {LONGEST}"]
    assert NAME_COLUMNS == NAME_MAX_LENGTH == len(LONGEST)
