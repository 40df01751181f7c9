"""A name of 100,000 characters at JOIN is refused with a count that is true: the host reads
the first 64,000 characters of a mail's text (``wtg.mail.incoming.commands.TEXT_MAX``), so
the name it read was cut, and the answer said "the name is 63987 characters long", a length
the player never typed. A length past what any name may be is said as "over" a number."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address


def test_a_name_longer_than_the_text_read_is_said_over_a_true_count(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(address(1), f"JOIN wok4 AS {'a' * 100_000}", hours=0)
    assert answer.subject.endswith(": not done"), answer.subject
    assert "the name is over 1,000 characters long; at most 40 are allowed" in answer.words
    assert "63987" not in answer.body and "63,987" not in answer.body


def test_a_name_a_little_too_long_is_said_its_length(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(address(1), f"JOIN wok4 AS {'a' * 41}", hours=0)
    assert "the name is 41 characters long; at most 40 are allowed" in answer.words, answer.body
