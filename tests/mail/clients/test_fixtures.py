"""Issue 12, "Every reply shape a real client makes works", on kept replies: the ones the
real clients wrote (fixtures/<client>-<shape>.eml) and the hand-written ones after what
Thunderbird, Outlook, Gmail, Apple Mail, a phone and autoresponders send. These need no
client: each is polled into the game it answers, with nothing on file and with good orders
on file, and must file exactly what its player wrote, and nothing else."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.expected import CASES, Case, file_good_orders
from tests.mail.clients.table import Table

FIXTURES = Path(__file__).resolve().parent / "fixtures"

cases = pytest.mark.parametrize("case", CASES, ids=lambda case: case.fixture)


def players_of(table: Table) -> list[int]:
    """The players the first seat plays: one, or a Duel player's colours."""
    text = table.aof(1)
    return [
        int(line.split("PLAYER:")[1].split()[0]) for line in text.split("\n") if "PLAYER:" in line
    ]


def test_every_fixture_has_its_case() -> None:
    assert sorted(p.stem for p in FIXTURES.glob("*.eml")) == sorted(c.fixture for c in CASES)


@cases
def test_the_fixture_files_what_its_player_wrote(case: Case, tmp_path: Path) -> None:
    table = Table(tmp_path, case.game)
    table.deliver((FIXTURES / f"{case.fixture}.eml").read_bytes())
    table.poll()
    players = players_of(table)
    assert {p: table.orders(p) for p in players} == {p: case.filed.get(p) for p in players}


@cases
def test_the_fixture_replaces_good_orders_or_leaves_them(case: Case, tmp_path: Path) -> None:
    table = Table(tmp_path, case.game)
    good = file_good_orders(table)
    table.deliver((FIXTURES / f"{case.fixture}.eml").read_bytes())
    table.poll()
    assert {p: table.orders(p) for p in good} == {p: case.filed.get(p, good[p]) for p in good}


def answers_to(table: Table) -> str:
    """The answers the poll queued (none to an auto-reply), their text as the player reads
    it, its words one space apart."""
    texts = []
    for queued in (table.games / ".mail" / "outbox" / "queue").glob("*.eml"):
        answer = email.message_from_bytes(queued.read_bytes(), policy=email.policy.default)
        assert isinstance(answer, EmailMessage)
        body = answer.get_body(preferencelist=("plain",))
        assert body is not None
        texts.append(" ".join(str(body.get_content()).split()))
    return "\n".join(texts)


@cases
def test_the_answer_says_no_copy_of_the_form_went_unread(case: Case, tmp_path: Path) -> None:
    """A reply in plain text and HTML (Gmail, Thunderbird, Apple Mail, Outlook) holds the
    form the player filled in once in each part, the same orders: the one not read is the
    same mail again, and the answer says nothing of it. It said "Your mail holds another
    filled-in copy of this form (in another part); it was not read" to each of them."""
    table = Table(tmp_path, case.game)
    table.deliver((FIXTURES / f"{case.fixture}.eml").read_bytes())
    table.poll()
    assert "another filled-in copy" not in answers_to(table)
