"""Order lines typed above the reports of two games (a reply quoting both, or both
forwarded as attachments) belong to neither: they are filed for none, and the player is
told why, as for a Duel report's colours. Before, each game's reading took its own report's
form for the one the lines answer (the one carrying its code), and the lines were filed in
both games: orders meant for one played in the other."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.mail.clients.table import KAO, Table, wtg
from tests.mail.clients.test_forwarded_as_attachment import ALICE, _forward
from tests.mail.replies import quoted

TYPED = "A1: 60 55 010\nR1: 1\n\nAlice\n"


def two_games(root: Path) -> Table:
    """KAO and a second game, kao2, where Alice is player 1 too, under another code."""
    table = Table(root, KAO)
    players = [
        "--player=Alice:alice@example.org:ALICE2Z9",
        "--player=Bob:bob@example.org:BOB4K9WZ",
        "--player=Cara:cara@example.org:CARA3M8X",
    ]
    wtg(
        table.config,
        "new-game",
        table.games / "kao2",
        "--ruleset",
        "wok4",
        "--map",
        "classic60",
        *players,
        "--seed",
        7,
        "--every",
        2,
    )
    wtg(table.config, "send")
    return table


def reports(table: Table) -> list[bytes]:
    return [table.report(1), (table.outbox / "new" / "report-kao2-t0000-p01").read_bytes()]


def quoting_both(table: Table) -> bytes:
    texts = []
    for raw in reports(table):
        body = email.message_from_bytes(raw, policy=email.policy.default).get_body(("plain",))
        assert body is not None
        texts.append(f"On Fri, 4 Dec 2026, Game Master wrote:\n{quoted(str(body.get_content()))}")
    return table.mail(KAO.seats[0], f"{TYPED}\n" + "\n".join(texts))


def forwarding_both(table: Table) -> bytes:
    first, second = reports(table)
    mail = _forward(first, ALICE)
    mail.set_content(TYPED)
    for raw in (first, second):
        mail.add_attachment(
            email.message_from_bytes(raw, policy=email.policy.default), filename="report.eml"
        )
    return mail.as_bytes()


SHAPES: dict[str, Callable[[Table], bytes]] = {
    "quoting-both": quoting_both,
    "forwarding-both": forwarding_both,
}


@pytest.mark.parametrize("shape", SHAPES)
def test_order_lines_over_two_games_reports_are_filed_in_neither(
    shape: str, tmp_path: Path
) -> None:
    table = two_games(tmp_path)
    table.deliver(SHAPES[shape](table))
    out = table.poll()
    assert "no single form in your mail they could belong to" in out
    pending = [table.games / game / "pending" / "0001" / "p01.yaml" for game in ("kao", "kao2")]
    assert [path.exists() for path in pending] == [False, False]
