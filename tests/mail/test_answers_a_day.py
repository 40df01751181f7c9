"""Answers to one address a day (``mail.replies_per_day``): a forged From had the host mail
any address (a player's) ``replies_per_hour`` answers an hour, 72 a day, of help and
refusals; DMARC stops it only for a domain with a policy. The answers counted against
``replies_per_hour`` are capped a day as well; a player's order confirmations (and the
answers to his forms whose code was right) never are: they count against
``confirmations_per_hour`` alone."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.host.config import MailLimits, config_from_data


def _to(world: World, address: str, prefix: str) -> list[str]:
    return [
        ident
        for ident, raw in world.outbox().items()
        if ident.startswith(prefix) and f"\r\nTo: {address}\r\n".encode() in raw
    ]


def test_a_forged_from_mailing_all_day_gets_its_address_the_days_cap(tmp_path: Path) -> None:
    world = World(tmp_path, replies_per_day=5)
    held = 0
    for hour in range(24):  # three mails an hour, all day, each without a form
        for minute in (0, 10, 20):
            world.mail("help me", sender="p2@players.example")
            summary = world.poll(NOW + timedelta(hours=hour, minutes=minute))
            held += summary.unanswered
            if hour == 23 and minute == 20:
                (event,) = summary.events
                assert "replies_per_day" in str(event), summary.events
    assert len(_to(world, "p2@players.example", "help-")) == 5
    assert held == 24 * 3 - 5
    # the next day he is answered again
    world.mail("help me", sender="p2@players.example")
    world.poll(NOW + timedelta(days=1, minutes=1))
    assert len(_to(world, "p2@players.example", "help-")) == 6


def test_the_days_cap_never_holds_back_his_confirmations(tmp_path: Path) -> None:
    """The help a forger spent the day's answers on: the player's own orders, mailed every
    hour, are confirmed each time all the same."""
    world = World(tmp_path, replies_per_day=2)
    for hour in range(3):
        world.mail("help me", sender="p2@players.example")
        world.poll(NOW + timedelta(hours=hour))
    assert len(_to(world, "p2@players.example", "help-")) == 2
    for hour in range(3, 10):
        world.mail(world.aof(2, X1=str(hour)), sender="p2@players.example")
        summary = world.poll(NOW + timedelta(hours=hour))
        assert summary.unanswered == 0, summary.events
    answered = _to(world, "p2@players.example", "")
    assert len(answered) == 2 + 7, answered  # the help, and an answer to each form
    assert not [i for i in answered if i.startswith(("help-", "rejected-"))][2:], answered


def test_the_wrong_code_notices_of_his_own_address_are_capped_a_day(tmp_path: Path) -> None:
    """A wrong code under his own From (a forger's, as likely as his typo) is told to him
    as often as ``replies_per_hour`` allows, and no more than ``replies_per_day`` a day."""
    world = World(tmp_path, replies_per_day=4)
    wrong = world.aof(2).replace("CODE0002", "WRONG0000")
    for hour in range(6):
        world.mail(wrong, sender="p2@players.example")
        world.poll(NOW + timedelta(hours=hour))
    assert len(_to(world, "p2@players.example", "wrongcode-")) == 4


def test_the_days_cap_is_read_from_the_config(tmp_path: Path) -> None:
    assert MailLimits().replies_per_day == 24
    gm = config_from_data({"games_dir": "games", "mail": {"replies_per_day": 7}}, tmp_path)
    assert gm.limits.replies_per_day == 7
