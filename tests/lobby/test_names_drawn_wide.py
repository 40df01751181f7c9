"""A name with a character drawn as wide as several letters (attack48): the Basmala
ligature U+FDFD, a cuneiform sign, the three-em dash. A report's table counts each as one
column (its East Asian Width is "N") and pads the name to its column so; every font that has
it draws it far wider, and the rest of each line the name stands on (a Top Ten's row, a
report's table) was pushed out of its columns in every other player's mail. Refused at the
JOIN and at a takeover, with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.joinnames import (
    nothing_pending,
    refused_at_join_and_takeover,
    with_a_seat_offered,
)


@pytest.mark.parametrize(
    ("name", "char"),
    [
        ("Lord\ufdfd", "U+FDFD"),
        ("Lord \ufdfa", "U+FDFA"),
        ("Lord1 \u2e3b", "U+2E3B"),
        ("Lord\u2e3a", "U+2E3A"),
        ("Lord\U00012219", "U+12219"),
        ("\U0001242b", "U+1242B"),
    ],
)
def test_a_name_drawn_wider_than_its_columns_is_refused(
    tmp_path: Path, name: str, char: str
) -> None:
    hall = with_a_seat_offered(tmp_path)
    for answer in refused_at_join_and_takeover(hall, name):
        assert (
            f"the name {name} holds {char}, a character drawn as wide as several letters, "
            "and as wide as one font or another makes it" in answer.words
        ), answer.body
    nothing_pending(hall)
