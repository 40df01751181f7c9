"""One mail with a player's orders for two games, marked as automatic (his script sets
``Precedence: bulk``): both are set aside, and the notice to his address (at most once a day)
went for the first game alone, the second held back by the same day's count: the player of
the second game was never told his orders there were not stored. Each game's notice is
counted apart now: he is told of each game, once a day at most."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World, players
from tests.mail.test_poll_maildir import body_of
from wtg.game.engine import Game, create_game
from wtg.game.schedule import make_schedule
from wtg.mail.spool.journallists import set_aside


def two_games(tmp_path: Path) -> tuple[World, Game]:
    """The world's game g1 and a game g2 of the same players."""
    world = World(tmp_path)
    second = create_game(
        world.gm.games_dir / "g2",
        "wok4",
        "small",
        players(4),
        seed=4,
        schedule=make_schedule(2, "18:00", "UTC", now=NOW),
        now=NOW,
    )
    return world, second


def both_orders(world: World, second: Game) -> str:
    """Player 2's orders in both games, in one mail his script marked ``Precedence: bulk``:
    its key."""
    blank = next(line for line in second.aof(2).splitlines() if line.startswith("X1:"))
    both = world.aof(2, X1="100") + "\n\n" + second.aof(2).replace(blank, "X1: 100")
    return "maildir:" + world.mail(both, sender="Player2 <p2@players.example>", Precedence="bulk")


def notices(world: World) -> dict[str, str]:
    """The set-aside notices queued: each one's text by its subject."""
    found = {}
    for ident, raw in world.outbox().items():
        assert ident.startswith("setaside-"), ident
        subject = next(ln for ln in raw.decode().splitlines() if ln.startswith("Subject: "))
        found[subject.removeprefix("Subject: ")] = body_of(raw)
    return found


def test_each_game_of_a_mail_set_aside_is_told_to_its_player(tmp_path: Path) -> None:
    world, second = two_games(tmp_path)
    key = both_orders(world, second)
    (event,) = world.poll().events
    assert event.outcome.text().startswith(
        "rejected: not for us (Precedence: bulk); SET ASIDE: the orders of g1 player 2 "
        "Player2, g2 player 2 Player2, with the right code"
    )
    kept = sorted((item.key, item.game, item.seat) for item in set_aside(world.gm.spool, 0))
    assert kept == [(key, "g1", "2 Player2"), (key, "g2", "2 Player2")]
    told = notices(world)
    assert sorted(told) == [
        "[g1] your orders were not stored: your mail looked automatic",
        "[g2] your orders were not stored: your mail looked automatic",
    ]
    for game in ("g1", "g2"):
        text = told[f"[{game}] your orders were not stored: your mail looked automatic"]
        assert f"a mail with your orders for game {game} (player 2, with your secret" in text
        assert "CODE0002" not in text and "X1" not in text


def test_each_games_notice_still_comes_once_a_day(tmp_path: Path) -> None:
    """His script sends both again the same day: set aside and listed, no more notices; the
    next day, one a game again."""
    world, second = two_games(tmp_path)
    both_orders(world, second)
    world.poll()
    assert len(world.outbox()) == 2
    both_orders(world, second)
    world.poll(NOW + timedelta(hours=3))
    assert len(set_aside(world.gm.spool, 0)) == 4
    assert len(world.outbox()) == 2
    both_orders(world, second)
    world.poll(NOW + timedelta(hours=25))
    assert len(world.outbox()) == 4
    assert len(notices(world)) == 2  # one subject a game
