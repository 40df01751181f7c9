"""ABSENCE by mail: the turns noted, the seat digs in without a missed turn counted (WoK),
refused where the rules have none, and up to the limit."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.lobby.hall import Hall, all_confirmed
from tests.shipped import WOK4
from tests.test_gm_controls import run
from wtg.game.engine import open_game
from wtg.gm.absence import plan_absence
from wtg.rules.wok.limits import ABSENCE_TURNS

NAMES = ((1, "Ann"), (2, "Bob"), (3, "Cid"))


def three_player_game(hall: Hall) -> None:
    hall.open_list("wok4", players=3, map="small")
    all_confirmed(hall, [name for _number, name in NAMES], hours=2)


def test_an_absent_player_misses_no_turn(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    three_player_game(hall)
    game = hall.game("wok4-1")
    ann = next(p for p in game.config.players if p.name == "Ann")
    bob = next(p for p in game.config.players if p.name == "Bob")
    cid = next(p for p in game.config.players if p.name == "Cid")
    noted = hall.answer(ann.email, f"ABSENCE wok4-1 1 4\nCODE {ann.code}", hours=2)
    assert "turns 1, 2, 3, 4" in noted.words and "no missed turn is counted" in noted.words
    for turn in range(1, 5):
        game.submit(f"player: {cid.id}\nturn: {turn}\n")  # Cid plays on
        game.run_turn(now=hall.now)
    state = game.typed(WOK4).state()
    assert (state.player(ann.id).status, state.player(ann.id).missed) == ("active", 0)
    assert state.player(bob.id).status == "quit"  # three missed turns, and not away
    # her report says she was away, as a missed turn's says it was missed; nobody else's does
    away = "- You were away this turn (your ABSENCE): your troops dug in; no turn missed."
    assert away in " ".join(game.report(ann.id).split())  # a line of 77: broken at 72
    assert "No orders from you" not in game.report(ann.id)
    assert "ABSENCE" not in game.report(cid.id)
    assert "No orders from you this turn (1 in a row)" in game.report(bob.id, 1)
    game.submit(f"player: {cid.id}\nturn: 5\n")
    game.run_turn(now=hall.now)  # turn 5: away no more, a missed turn again
    assert game.typed(WOK4).state().player(ann.id).missed == 1


def test_an_absence_over_the_limit_or_in_the_past_is_refused(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    three_player_game(hall)
    game = hall.game("wok4-1")
    ann = game.config.players[0]
    hall.mail(ann.email, f"ABSENCE wok4-1 1 {ABSENCE_TURNS + 1}\nCODE {ann.code}")
    hall.mail(ann.email, f"ABSENCE wok4-1 0 2\nCODE {ann.code}")
    hall.mail(ann.email, f"ABSENCE wok4-1 2026-12-01 2026-12-03\nCODE {ann.code}")
    hall.poll(hours=2)
    bodies = sorted(m.words for m in hall.new_mails(ann.email))
    assert any(f"a player may be away {ABSENCE_TURNS} turns a game" in b for b in bodies)
    assert any("turn 0 has run: the coming turn is 1" in b for b in bodies)
    assert any("game wok4-1 has no deadlines: give turn numbers" in b for b in bodies)
    assert not (game.store.root / "absences.json").exists()


def test_absence_days_are_the_days_of_the_games_time_zone(tmp_path: Path) -> None:
    """A report says `DEADLINE ...: Fri 04 Dec 2026 20:00 America/New_York (01:00 UTC)`:
    the day a player names in ABSENCE is that local day, not the UTC day after it (the
    turn before or after would have been taken for it, and the turn he is away for counted
    missed)."""
    (tmp_path / "games").mkdir()
    run(
        tmp_path,
        "new-game",
        "ny",
        "--ruleset",
        "wok4",
        "--map",
        "small",
        "--player",
        "Ann:ann@example.org",
        "--player",
        "Bob:bob@example.org",
        "--every",
        "1",
        "--at",
        "20:00",
        "--timezone",
        "America/New_York",
    )
    game = open_game(tmp_path / "games" / "ny")
    first = game.deadline()
    assert first is not None
    local = first.astimezone(ZoneInfo("America/New_York"))
    assert first.date() != local.date()  # 20:00 in New York is 00:00 or 01:00 UTC, a day on
    assert f"{local:%a %d %b %Y} 20:00 America/New_York" in game.report(1)
    day = local.date().isoformat()
    turns, _policy = plan_absence(game, 1, day, day)
    assert turns == [1]
    after = (local + timedelta(days=2)).date()
    assert plan_absence(game, 2, day, after.isoformat())[0] == [1, 2, 3]
