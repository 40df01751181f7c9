"""`wtg poll -q`, cron's poll: quiet unless something needs the GM (docs/mail.md, "cron").
It printed its line whenever it filed a mail, so cron mailed the GM after every mail a
player sent; now a mail filed, answered or turned away as it should be is no news, and a
mail quarantined, held for the GM, set aside with a player's orders, or that asks the GM
something prints the whole line, as `wtg send -q` does for what needs him. `wtg poll`
without -q prints its line as ever."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import World
from wtg.cli import main
from wtg.game.schedule import iso
from wtg.host.pollhealth import HEALTH_FILE
from wtg.mail.incoming import answers

FILED = "filed 1, rejected 0, quarantined 0, ignored 0\n"


def run(world: World, *args: str) -> str:
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_mail_filed_is_no_news_under_q(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(1, R1="1"))
    assert run(world, "poll", "-q") == ""
    assert list(world.game.store.pending_orders(1)) == [1]  # filed all the same
    assert len(world.outbox()) == 1  # and its confirmation queued
    world.mail(world.aof(2, R1="1"), sender="p2@players.example")
    assert run(world, "poll") == FILED  # without -q, as ever


def test_a_mail_held_for_the_gm_is_said_under_q(tmp_path: Path) -> None:
    """A form of a game this host does not know is held for the GM (`wtg quarantine`)."""
    world = World(tmp_path)
    world.mail(world.aof(1, R1="1").replace("GAME: g1", "GAME: g9"))
    assert run(world, "poll", "-q") == (
        "filed 0, rejected 0, quarantined 0, ignored 0, held for the GM 1\n"
    )


def test_a_mail_quarantined_is_said_under_q(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path)
    world.mail(world.aof(1, R1="1"))

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("a bug in the filing")

    monkeypatch.setattr(answers.Answers, "orders", broken)
    assert run(world, "poll", "-q") == "filed 0, rejected 0, quarantined 1, ignored 0\n"


def test_orders_set_aside_from_an_automatic_mail_are_said_under_q(tmp_path: Path) -> None:
    """A player's orders with his right code in a mail marked automatic are never filed
    but kept for the GM, whose `wtg orders` files them: that needs him."""
    world = World(tmp_path)
    world.mail(world.aof(1, R1="1"), Auto_Submitted="auto-replied")
    assert run(world, "poll", "-q") == "filed 0, rejected 1, quarantined 0, ignored 0\n"
    assert list(world.game.store.pending_orders(1)) == []


def test_a_mail_turned_away_as_it_should_be_is_no_news_under_q(tmp_path: Path) -> None:
    """A vacation reply (no orders of a player's) is only counted: nothing for the GM."""
    world = World(tmp_path)
    world.mail("I am away until Monday.", Auto_Submitted="auto-replied")
    assert run(world, "poll", "-q") == ""
    assert run(world, "poll", "-q") == ""  # and nothing at all: no news either


def _said_hours_ago(world: World, hours: float) -> None:
    """The poll health's time of the last line that said answers went unsent, ``hours``
    before now: as if that poll ran then."""
    path = world.gm.spool / HEALTH_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    data["unsent_said"] = iso(datetime.now(timezone.utc) - timedelta(hours=hours))
    path.write_text(json.dumps(data), encoding="utf-8")


def test_answers_a_limit_held_back_are_said_once_an_hour_under_q(tmp_path: Path) -> None:
    """A mail whose answer the limits held back: `poll -q` said nothing of it (the digest
    and `wtg status` list it), and a player flooded by a forged From, or an auto-responder's
    loop, went unseen until the morning. Now cron gets the poll's line, once an hour at
    most: a flood of held-back answers is a line an hour, never a line a mail."""
    world = World(tmp_path)
    for _ in range(4):  # 3 answers an hour to an address (replies_per_hour): the 4th held
        world.mail("HELP", sender="p3@players.example")
    assert run(world, "poll", "-q") == (
        "filed 0, rejected 0, quarantined 0, ignored 0, answered 3, not answered (reply limit) 1\n"
    )
    for _ in range(5):  # the flood goes on within the hour: said already
        world.mail("HELP", sender="p3@players.example")
    assert run(world, "poll", "-q") == ""
    world.mail(world.aof(1, R1="1"))  # an ordinary mail meanwhile: no news either
    assert run(world, "poll", "-q") == ""
    _said_hours_ago(world, 1.5)  # an hour on, and still held back: said again
    world.mail("HELP", sender="p3@players.example")
    assert run(world, "poll", "-q") == (
        "filed 0, rejected 0, quarantined 0, ignored 0, not answered (reply limit) 1\n"
    )
    world.mail(world.aof(2, R1="1"), sender="p2@players.example")  # and none held: quiet
    _said_hours_ago(world, 1.5)
    assert run(world, "poll", "-q") == ""


FAILED = "mx.wtg.example; dmarc=fail header.from=players.example"


def test_a_forged_froms_orders_are_said_under_q_and_its_spam_is_not(tmp_path: Path) -> None:
    """A form with its player's right code from a From that failed DMARC is filed and never
    answered (no confirmation goes): the GM is to know, at once (a player whose server
    breaks his mail's DMARC waits for confirmations that never come). A forged From's mail
    that did nothing (no form: spam, mostly) is counted in the line without -q, and is no
    news for cron."""
    world = World(tmp_path)
    world.mail("Buy now", sender="p3@players.example", Authentication_Results=FAILED)
    assert run(world, "poll", "-q") == ""
    world.mail(world.aof(1, R1="1"), Authentication_Results=FAILED)
    assert run(world, "poll", "-q") == (
        "filed 1, rejected 0, quarantined 0, ignored 0, not answered (From forged) 1\n"
    )
    assert list(world.game.store.pending_orders(1)) == [1]
