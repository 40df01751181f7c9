"""A command in capitals is read whatever follows its word, and the words it does not take
were dropped unsaid: `PRESS wok4-1 2` (meant for player 2 alone) went to every player,
`RESIGN wok4-1 wok4-2` resigned wok4-1 alone, `CONFIRM CODE1 CODE2` confirmed the first,
`REPORT wok4-1 1 2` mailed turn 1 alone. Such a command is refused with the words it did not
take, and nothing of it is done; HELP and LIST, which change nothing, answer as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.press import press_for
from wtg.lobby.commands import Command, stray_words
from wtg.lobby.database import LobbyDatabase


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        (
            "PRESS wok4-1 2",
            "PRESS takes a game, then TO <n> for one player alone (PRESS wok4-1 "
            'TO 3); "2" is neither: nothing was sent, to anyone',
        ),
        ("PRESS wok4-1 TO 2 3", '"TO 2 3" is neither'),
        ("RESIGN wok4-1 wok4-2", 'RESIGN takes one game; "wok4-2" after that is not read'),
        ("REPORT wok4-1 1 2", 'REPORT takes a game and a turn; "2" after that is not read'),
        ("ABSENCE wok4-1 3 4 5", '"5" after that is not read'),
    ],
)
def test_a_command_with_words_it_does_not_take_is_refused(
    tmp_path: Path, typed: str, why: str
) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    answer = hall.answer(
        one.email, f"{typed}\nCODE {one.code}\n\nMy secret plan, for player 2 alone.\n"
    )
    assert answer.subject == f"{typed}: not done", answer.subject
    assert why in " ".join(answer.body.split()), answer.body
    assert hall.new_mails() == []  # nothing to anyone else
    assert press_for(hall.game("wok4-1").store, 2) == []
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []


def test_a_confirm_of_two_codes_confirms_neither_and_says_so(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("ann@x.example", "JOIN wok4 AS Ann")
    hall.mail("ann@x.example", "JOIN wok4 AS Anna")  # not the same request: a new code
    hall.poll(hours=1)
    first, second = (m.code() for m in hall.new_mails("ann@x.example"))
    answer = hall.answer("ann@x.example", f"CONFIRM {first} {second}")
    assert answer.subject == f"CONFIRM {first} {second}: not done", answer.subject
    assert f'CONFIRM takes one code; "{second}" after that is not read' in answer.words


def test_help_and_list_with_words_after_them_answer_as_before(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("ann@x.example", "HELP me please")
    hall.mail("bob@x.example", "LIST wok4")
    hall.poll(hours=1)
    assert [m.subject for m in hall.new_mails("ann@x.example")] == ["the commands of the host"]
    assert [m.subject for m in hall.new_mails("bob@x.example")] == [
        "waiting lists and seats offered"
    ]


def test_a_code_line_of_two_words_counts_the_word_it_takes() -> None:
    """It said ``CODE takes 1 word(s)``."""
    why = stray_words(Command("CODE", ("ABCD1234", "please"), 1))
    assert why == (
        'CODE takes 1 word; "please" after that is not read: nothing was done (write each '
        "command on a line of its own)"
    )
