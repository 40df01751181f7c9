"""Order lines typed one after another on one line, each with its label and colon, as a
player on a phone types them without pressing return (``A1: 60 55 010, G1: 60 5, R1: 1``),
above the quoted report. The line was read as one order of its first label and rejected
with its blanks counted ('expected 3 fields FROM TO ARM, found 8'), nothing filed: the
player was not told that one line may hold one order. Each order on it is read as the
order it is, and answered on the line's number, in a game of every ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table
from tests.mail.clients.test_unquoted_originals import typed_above_the_quote
from tests.mail.test_poll_maildir import body_of


@pytest.mark.parametrize("separator", [", ", "; ", "  "])
@pytest.mark.parametrize("ruleset", PLAYED)
def test_orders_typed_on_one_line_are_each_read(
    ruleset: str, separator: str, tmp_path: Path
) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    line = separator.join(played.bare().splitlines())
    typed_above_the_quote(table, f"{line}\n")
    assert table.orders(1) == played.filed


def test_one_line_filled_in_twice_on_one_line_is_answered(tmp_path: Path) -> None:
    """``A1: ..., A1: ...`` on one line: the second is A1 filled in twice, as on two lines."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, "A1: 60 55 010, A1: 60 55 005, G1: 60 5\n")
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("conf-*.eml")
    said = " ".join(body_of(answer.read_bytes()).split())
    assert (
        "line 1: REJECTED A1: 60 55 005: A1 is filled in twice (first on line 1); the later "
        "one is ignored"
    ) in said, said
    filed = table.orders(1)
    assert filed is not None
    assert filed["attack"] == [{"from": 60, "to": 55, "armies": 10}]
    assert filed["aim"] == played.filed["aim"]
