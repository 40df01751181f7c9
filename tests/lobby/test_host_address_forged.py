"""A hostile stranger's mail forged From the host's own address. The host's own mail always
carries its X-Loop and Auto-Submitted, and is turned away as a loop when it comes back; a
mail From the host's address without them is no mail of the host's. Before, its JOIN was
carried out: a request made in the lobby under the host's own address (it sat pending for
a week, named beside any other request of that address), and its answer mailed to the host
itself (turned away as a loop when it came back). Now nothing of it is carried out or
answered, its orders aside (filed when their code is right, as a mail whose From failed
DMARC: the code is the key); the poll says why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, ann_and_bob
from tests.lobby.test_lobby_replay import pending_codes
from wtg.mail.incoming.noreply import hosts_own


@pytest.mark.parametrize(
    ("sender", "name"),
    [
        ("gm@wtg.example", ""),
        ("GM@WTG.example", "Game Master"),
        ("gm+lobby@wtg.example", ""),  # a sub-address: the host's own mailbox
    ],
)
def test_a_join_from_the_hosts_own_address_is_not_carried_out(
    tmp_path: Path, sender: str, name: str
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    hall.mail(sender, "JOIN wok4 AS Zed", name=name)
    summary = hall.poll(hours=1)
    assert pending_codes(hall) == {}
    assert hall.new_mails() == []
    ((_key, said),) = summary.outcomes
    assert said.startswith("rejected: not answered: From the host's own address"), said
    assert "nothing done" in said
    # the poll's line counts it as a forged From (it said "From failed DMARC", which it did not)
    assert (
        summary.line()
        == "filed 0, rejected 1, quarantined 0, ignored 0, not answered (From forged) 1"
    )


def test_a_stranger_at_a_lookalike_of_the_hosts_address_is_answered(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    hall.mail("gm@wtg.example.org", "JOIN wok4 AS Zed")  # another domain: no host's own
    hall.poll(hours=1)
    assert list(pending_codes(hall).values()) == ["gm@wtg.example.org"]
    (ask,) = hall.new_mails("gm@wtg.example.org")
    assert ask.subject.startswith("JOIN wok4: confirm with CONFIRM ")


def test_orders_from_the_hosts_own_address_are_filed_by_their_code_unanswered(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    # the lobby draws the seats at random: Ann's is whichever holds her address
    (seat,) = [p.id for p in game.config.players if p.email == address(1)]
    form = game.aof(seat)
    hall.mail("gm@wtg.example", form)
    summary = hall.poll(hours=1)
    ((_key, said),) = summary.outcomes
    assert said.startswith(
        f"stored: wok4-1 turn 1 player {seat}, with the seat's code from another address; "
        "not answered: From the host's own"
    ), said
    assert [m.to for m in hall.new_mails() if m.to == "gm@wtg.example"] == []


def test_a_join_from_a_dash_sub_address_of_the_hosts_mailbox_is_not_carried_out(
    tmp_path: Path,
) -> None:
    """At a domain of ``mail.dash_subaddress_domains`` ``gm-lobby@`` is the host's own
    mailbox, as ``gm+lobby@`` is everywhere (attack47: its JOIN was carried out, a request
    under the host's own mailbox, its code mailed to the host itself)."""
    hall = Hall(tmp_path, dash_subaddress_domains="wtg.example")
    hall.open_list("wok4", players=4)
    hall.mail("gm-lobby@wtg.example", "JOIN wok4 AS Zed")
    summary = hall.poll(hours=1)
    assert pending_codes(hall) == {}
    ((_key, said),) = summary.outcomes
    assert said.startswith("rejected: not answered: From the host's own address"), said


@pytest.mark.parametrize(
    "forged", ["wtg.games@gmail.com", "wtggames@googlemail.com", "W.T.G.Games+x@GMail.com"]
)
def test_a_host_at_gmail_knows_its_own_mailbox_written_another_way(forged: str) -> None:
    """A host at Gmail (docs/mail.md, "Hosting from Gmail"): Gmail reads no dot in a
    mailbox's name and delivers googlemail.com to gmail.com, so each of these is the host's
    own mailbox (attack47: only a ``+tag`` was read so)."""
    assert hosts_own(forged, "wtggames@gmail.com")
    assert not hosts_own("wtggames2@gmail.com", "wtggames@gmail.com")
