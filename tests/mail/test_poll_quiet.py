"""`wtg poll -q`, cron's poll: quiet unless something needs the GM (docs/mail.md, "cron").
It printed its line whenever it filed a mail, so cron mailed the GM after every mail a
player sent; now a mail filed, answered or turned away as it should be is no news, and a
mail quarantined, held for the GM, set aside with a player's orders, or that asks the GM
something prints the whole line, as `wtg send -q` does for what needs him. `wtg poll`
without -q prints its line as ever."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import World
from wtg.cli import main
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
