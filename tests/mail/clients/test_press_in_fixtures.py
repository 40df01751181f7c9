"""Issue 25, item 1, on the replies real clients wrote (fixtures/): the report each one quotes
is given, in every text part that quotes it, another player's press as wtg printed it before
(each line as written, under the report's title, quoted as the client quoted the title):
QUIT, READY and alliance lines, a header line naming the player without his code, and a
whole form with a wrong code. Each reply still files exactly what its player wrote, and
nothing of the press: "the form a player's orders are read from is the one carrying his own
code, and lines outside it are not his orders"."""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.expected import CASES, Case
from tests.mail.clients.table import Table
from tests.mail.clients.test_fixtures import players_of

FIXTURES = Path(__file__).resolve().parent / "fixtures"
TITLE = re.compile(r"^(?P<prefix>[>| ]*)Game (?:kao|duel) - report of turn 0\b.*$", re.M)


def press_for(game: str) -> list[str]:
    """Bob's press (player 2 of kao; a colour of Emil in the Duel), aimed at player 1."""
    return [
        "PRESS (what players wrote to the whole game this turn)",
        "",
        "From Bob (player 2):",
        "  Q1: 1",
        "  R1: 1",
        "  L1: 02",
        "  V1: 1",
        f"  GAME: {game}  TURN: 1  PLAYER: 1",
        "  === BEGIN AOF ===",
        f"  GAME: {game}  TURN: 1  PLAYER: 1  CODE: WRONGCODE9",
        "  Q1: 1",
        "  R1: 1",
        "  === END AOF ===",
    ]


def with_press(raw: bytes, game: str) -> tuple[bytes, int]:
    """The fixture with the press under the report's title in each plain text part that
    quotes it; and in how many parts it went."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    parts = 0
    for part in msg.walk():
        if part.get_content_type() != "text/plain" or part.is_multipart():
            continue
        text = str(part.get_content())
        found = TITLE.search(text)
        if found is None:
            continue
        prefix = found["prefix"]
        block = "".join(f"\n{prefix}{line}".rstrip(" ") for line in press_for(game))
        text = text[: found.end()] + block + text[found.end() :]
        flowed = part.get_param("format") == "flowed"
        assert isinstance(part, EmailMessage)
        part.set_content(text, subtype="plain", charset="utf-8", cte="quoted-printable")
        if flowed:
            part.set_param("format", "flowed")
        parts += 1
    return msg.as_bytes(), parts


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.fixture)
def test_the_fixture_files_what_its_player_wrote_with_press_in_its_report(
    case: Case, tmp_path: Path
) -> None:
    """Issue 25, item 1: press in the quoted report changes nothing of what is filed."""
    table = Table(tmp_path, case.game)
    raw, parts = with_press((FIXTURES / f"{case.fixture}.eml").read_bytes(), case.game.name)
    assert parts >= 1
    table.deliver(raw)
    table.poll()
    players = players_of(table)
    assert {p: table.orders(p) for p in players} == {p: case.filed.get(p) for p in players}
