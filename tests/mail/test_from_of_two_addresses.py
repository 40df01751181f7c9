"""A From that names two addresses (in one header, or in two From headers): the GM's server
checks DMARC for one of them (the first, most often), and the poll answered the first it
could write to. ``From: <mallory@evil.example.>, victim@victim.example`` passed DMARC as
evil.example's (the forger's own domain) and the poll, passing over the address with its
trailing dot, which no mail can be written to, mailed the victim a code to CONFIRM, a HELP,
a refusal quoting the forger's words. Such a mail is answered by nobody, as one without a
usable From (RFC 5322 asks a Sender for a From of several authors; no mail client sends
one): orders in it with a player's code are filed and confirmed to the seat as ever."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import GM, World
from wtg.mail.incoming.noreply import sender_address

PASS = "mail.wtg.example; dmarc=pass header.from=evil.example"


def _mail(world: World, froms: list[str], body: str) -> None:
    world.count += 1
    head = f"Authentication-Results: {PASS}\r\n"
    head += "".join(f"From: {value}\r\n" for value in froms)
    head += f"To: {GM}\r\nSubject: hello\r\nMessage-ID: <t{world.count}@evil.example>\r\n"
    world.inbox.add((head + "\r\n" + body.replace("\n", "\r\n")).encode("utf-8"))


@pytest.mark.parametrize(
    "froms",
    [
        ["<mallory@evil.example.>, victim@victim.example"],
        ["mallory@evil.example, victim@victim.example"],
        ["a..b@evil.example, Victim <victim@victim.example>"],
        ["mallory@evil.example.", "victim@victim.example"],
        ["mallory@evil.example", "victim@victim.example"],
    ],
)
def test_a_from_of_two_addresses_is_answered_by_nobody(tmp_path: Path, froms: list[str]) -> None:
    world = World(tmp_path)
    _mail(world, froms, "JOIN wok4 AS Vic\nHELP\n")
    world.poll()
    assert world.outbox() == {}
    assert sender_address({"from": froms}) is None


def test_orders_under_a_from_of_two_addresses_are_filed_and_confirmed_to_the_seat(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    _mail(world, ["mallory@evil.example., victim@victim.example"], world.aof(1, X1="100"))
    assert [event.text() for event in world.poll().events] == ["stored: g1 turn 1 player 1"]
    ((raw),) = world.outbox().values()
    assert b"\r\nTo: p1@players.example\r\n" in raw


@pytest.mark.parametrize(
    ("froms", "address"),
    [
        (["Doe, John <john@example.org>"], "john@example.org"),  # a name a client left bare
        (['"Doe, John" <John@Example.org>'], "john@example.org"),
        (["john@example.org", "John <JOHN@example.org>"], "john@example.org"),  # one, twice
        (["undisclosed-recipients:;, john@example.org"], "john@example.org"),
    ],
)
def test_a_from_of_one_address_is_answered(froms: list[str], address: str) -> None:
    assert sender_address({"from": froms}) == address
