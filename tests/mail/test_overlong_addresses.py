"""An address longer than SMTP lets a relay take (RFC 5321, 4.5.3.1: a local part of at most
64 octets, a domain of at most 255, a path of at most 256 with its angle brackets, so 254 for
the address, a label of at most 63) is no address a relay delivers: a From of one is no
usable From, and the poll answers it nothing (its mail is journalled, ``rejected``, as a From
without an address is); HELP and refusals went to it, at the cost of the strangers' hour,
and each came back as a bounce. An IP literal (``x@[10.0.0.5]``) is an address mail
delivers (docs/mail.md, "An address a game can take"): it is still answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import World
from wtg.mail.incoming.noreply import sender_address

LONG_LOCAL = "a" * 65 + "@players.example"
LONG_DOMAIN = "x@" + ".".join(["d" * 60] * 5) + ".example"  # 314 characters of domain
LONG_LABEL = "x@" + "d" * 64 + ".example"
LONG_PATH = "a" * 64 + "@" + ".".join(["d" * 60] * 3) + ".example"  # 255 characters


@pytest.mark.parametrize("address", [LONG_LOCAL, LONG_DOMAIN, LONG_LABEL, LONG_PATH])
def test_an_over_long_from_is_no_usable_from(address: str) -> None:
    assert sender_address({"from": [address]}) is None


def test_the_longest_address_a_relay_takes_is_usable() -> None:
    longest = "a" * 64 + "@" + ".".join(["d" * 60] * 3) + ".exampl"  # 254 characters
    assert len(longest) == 254
    assert sender_address({"from": [longest]}) == longest
    assert sender_address({"from": ["x@[10.0.0.5]"]}) == "x@[10.0.0.5]"


@pytest.mark.parametrize("address", [LONG_LOCAL, LONG_DOMAIN])
def test_an_over_long_address_gets_no_help(tmp_path: Path, address: str) -> None:
    world = World(tmp_path)
    world.mail("HELP\n", sender=address)
    summary = world.poll()
    assert world.outbox() == {}
    (event,) = summary.events
    assert event.outcome.kind.value == "rejected", summary.events


def test_an_ip_literal_is_answered_as_the_ruling_says(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail("HELP\n", sender="x@[10.0.0.5]")
    world.poll()
    (raw,) = world.outbox().values()
    assert b"\r\nTo: x@[10.0.0.5]\r\n" in raw
