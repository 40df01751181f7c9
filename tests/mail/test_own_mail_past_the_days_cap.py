"""A forger who spends an address's day of answers (``mail.replies_per_day``) no longer
holds back its owner's own mail: one the GM's server found From its domain (``dmarc=pass``
in a header of ``mail.authserv_id``), or one whose CODE line is a seat's, is answered
(within the hour's limits) as if the forger had sent nothing. Without ``mail.authserv_id``
no header is trusted to say so: a forger writes his own ``dmarc=pass`` when the GM's server
adds none."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World

PASSED = "mx.gm.example; dkim=pass header.d=players.example; dmarc=pass header.from=players.example"


def _to(world: World, address: str, prefix: str) -> list[str]:
    return [
        ident
        for ident, raw in world.outbox().items()
        if ident.startswith(prefix) and f"\r\nTo: {address}\r\n".encode() in raw
    ]


def _spent(world: World) -> None:
    """The forger's two mails of an hour, each in p2's name: his day of two answers spent."""
    for hour in range(2):
        world.mail("help me", sender="p2@players.example")
        world.poll(NOW + timedelta(hours=hour))
    assert len(_to(world, "p2@players.example", "help-")) == 2


def test_his_own_mail_his_server_vouches_for_is_answered(tmp_path: Path) -> None:
    world = World(tmp_path, replies_per_day=2, authserv_id="mx.gm.example")
    _spent(world)
    world.mail("help me", sender="p2@players.example")  # no header: maybe the forger again
    summary = world.poll(NOW + timedelta(hours=3))
    assert summary.unanswered == 1 and "replies_per_day" in str(summary.events[0])
    world.mail("help me again", sender="p2@players.example", Authentication_Results=PASSED)
    summary = world.poll(NOW + timedelta(hours=4))
    assert summary.unanswered == 0, summary.events
    assert len(_to(world, "p2@players.example", "help-")) == 3


def test_a_pass_of_another_domain_or_another_server_lifts_nothing(tmp_path: Path) -> None:
    world = World(tmp_path, replies_per_day=2, authserv_id="mx.gm.example")
    _spent(world)
    other = "mx.gm.example; dmarc=pass header.from=evil.example"
    world.mail("help me", sender="p2@players.example", Authentication_Results=other)
    forged = PASSED.replace("mx.gm.example", "mx.evil.example")
    world.mail("help me too", sender="p2@players.example", Authentication_Results=forged)
    summary = world.poll(NOW + timedelta(hours=4))
    assert summary.unanswered == 2, summary.events
    assert len(_to(world, "p2@players.example", "help-")) == 2


def test_without_authserv_id_no_header_is_trusted_to_vouch(tmp_path: Path) -> None:
    world = World(tmp_path, replies_per_day=2)
    _spent(world)
    world.mail("help me", sender="p2@players.example", Authentication_Results=PASSED)
    summary = world.poll(NOW + timedelta(hours=4))
    assert summary.unanswered == 1, summary.events


@pytest.mark.parametrize(
    "commands", ["HELP", "LIST\nSTATUS g9"], ids=["help", "list and a refusal"]
)
def test_every_answer_to_his_mail_with_his_right_code_is_answered(
    tmp_path: Path, commands: str
) -> None:
    """A right CODE proved only his HELP and STATUS: his LIST, and a command of his
    refused (a game misspelt), were held back by the day's cap a forger spent. Every
    answer to his mail is proven alike; with a wrong code none is."""
    world = World(tmp_path, replies_per_day=2)
    _spent(world)
    world.mail(f"{commands}\nCODE CODE0002", sender="p2@players.example")
    summary = world.poll(NOW + timedelta(hours=4))
    assert summary.unanswered == 0, summary.events
    world.mail(f"{commands}\nCODE WRONG0002", sender="p2@players.example")
    summary = world.poll(NOW + timedelta(hours=5))
    assert summary.unanswered == 1, summary.events
    assert "replies_per_day" in str(summary.events[0])


def test_his_right_code_from_another_address_proves_nothing_of_it(tmp_path: Path) -> None:
    """p1, who knows his own code, forged p2's From on mails with his CODE: each answer
    was proven, mailed to p2 past p2's day's cap (as many as ``confirmations_per_hour``).
    A code proves the answers to its own seat's address alone; to another they count as
    any From's, and p2's spent day holds them back."""
    world = World(tmp_path, replies_per_day=2)
    _spent(world)
    world.mail("HELP\nLIST\nSTATUS g1\nCODE CODE0001", sender="p2@players.example")
    summary = world.poll(NOW + timedelta(hours=4))
    assert summary.unanswered == 1, summary.events
    assert "replies_per_day" in str(summary.events[0])
    assert len(_to(world, "p2@players.example", "help-")) == 2
    assert len(_to(world, "p2@players.example", "cmd-")) == 0
    world.mail("HELP\nLIST\nCODE CODE0001", sender="p1@players.example")  # from his own
    summary = world.poll(NOW + timedelta(hours=5))
    assert summary.unanswered == 0, summary.events
    assert len(_to(world, "p1@players.example", "cmd-")) == 2


@pytest.mark.parametrize(
    ("sender", "dashed"),
    [("p2+games@players.example", []), ("p2-games@players.example", ["players.example"])],
    ids=["plus tag", "dash tag"],
)
def test_his_right_code_from_his_own_tag_is_his_mailbox(
    tmp_path: Path, sender: str, dashed: list[str]
) -> None:
    """tidy47: a right code proved the sender's mail only from the seat's address as
    written, so p2 mailing his code from his own ``+tag`` (or ``-tag`` at a domain of
    ``mail.dash_subaddress_domains``) was held back by the day's cap a forger spent on his
    mailbox, as a stranger's would be. His mailbox is his, as everywhere else."""
    world = World(tmp_path, replies_per_day=2, dash_subaddress_domains=dashed)
    for hour in range(2):  # the forger spends the day of the mailbox, from its tag
        world.mail("help me", sender=sender)
        world.poll(NOW + timedelta(hours=hour))
    assert len(_to(world, sender, "")) == 2
    world.mail("HELP\nLIST\nCODE CODE0001", sender=sender)  # p1's code: not his mailbox
    summary = world.poll(NOW + timedelta(hours=3))
    assert summary.unanswered == 1 and "replies_per_day" in str(summary.events[0])
    world.mail("HELP\nLIST\nCODE CODE0002", sender=sender)
    summary = world.poll(NOW + timedelta(hours=4))
    assert summary.unanswered == 0, summary.events
    assert len(_to(world, sender, "")) == 4  # his HELP and his LIST
