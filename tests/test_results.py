"""How a finished game came out (``wtg.host.results``), whichever way its ruleset says it: each
human once, with the best place of the sides he played; robots by name; no place before
the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from wtg.core.jsondata import JsonObject
from wtg.core.ruleset import Ruleset, ScoreLine, SeatId, SideId
from wtg.game.engine import open_game
from wtg.game.gameconfig import GameConfig, PlayerEntry
from wtg.host.results import finished_games, result_of


class Duel:
    """Enough of a ruleset for ``result_of``: two humans of three colours, four robots."""

    name = "standard"

    def __init__(self, public: JsonObject, over: bool = True) -> None:
        self.public = public
        self.over = over

    def is_over(self, state: object) -> bool:
        return self.over

    def public_json(self, state: object) -> JsonObject:
        return self.public

    def seat_of(self, state: object, side: SideId) -> SeatId | None:
        return SeatId((side - 1) % 2 + 1) if side <= 6 else None

    def topten(self, state: object) -> list[ScoreLine]:
        raise AssertionError("a WoK game's places come from its outcome")


def players(public_names: list[str], **extra: Any) -> list[JsonObject]:
    return [
        {"id": i, "name": name, "status": "active", **extra}
        for i, name in enumerate(public_names, start=1)
    ]


CONFIG = GameConfig(
    game="duel",
    ruleset="standard",
    map="classic60",
    seed=1,
    players=(
        PlayerEntry(1, "Ann", "Ann@Example.org", "CODE0001"),
        PlayerEntry(2, "Bob", "bob@example.org", "CODE0002"),
    ),
)
NAMES = ["AnnA", "BobA", "AnnB", "BobB", "AnnC", "BobC", "Robo1", "Robo2", "Robo3", "Robo4"]


def test_a_duel_human_is_one_entry_with_his_best_colours_place() -> None:
    public: JsonObject = {
        "seats": 10,
        "outcome": {
            "reason": "rips",
            "winners": [2, 4],
            "ranking": [2, 4, 7, 1, 3, 5, 6, 8, 9, 10],
        },
        "players": cast(Any, players(NAMES, turn_points=9, quit_on=None)),
    }
    result = result_of(cast(Ruleset[Any], Duel(public)), CONFIG, None, "2026-06-01T18:00:00Z")
    assert result is not None
    rows = [(e.key, e.name, e.bot, e.place) for e in result.entries]
    assert rows == [
        ("bob@example.org", "Bob", False, 1),
        ("bot:Robo1", "Robo1", True, 3),
        ("ann@example.org", "Ann", False, 4),
        ("bot:Robo2", "Robo2", True, 8),
        ("bot:Robo3", "Robo3", True, 9),
        ("bot:Robo4", "Robo4", True, 10),
    ]
    assert (result.reason, result.seats) == ("rips", 2)
    assert result.entries[0].turn_points == 9 and not result.entries[0].quit


def test_a_game_not_over_has_no_result() -> None:
    public: JsonObject = {"players": cast(Any, players(NAMES))}
    assert result_of(cast(Ruleset[Any], Duel(public, over=False)), CONFIG, None, "") is None


def test_the_finished_games_of_a_folder_and_their_places(played_games: Path) -> None:
    """WISK's places come from its last Top Ten, Tactics' from its players' own, WoK's from
    its outcome; a running game has none."""
    found = {r.game: r for r in finished_games(played_games)}
    assert set(found) == {"marches", "risk", "meadow"}
    for name, result in found.items():
        game = open_game(played_games / name)
        state = game.state()
        assert result.ruleset == game.ruleset.name
        assert sorted(e.place for e in result.entries) == list(range(1, len(result.entries) + 1))
        assert {e.key for e in result.entries} == {p.email.lower() for p in game.config.players}
        first = game.ruleset.topten(state)[0]
        winner = next(e for e in result.entries if e.place == 1)
        assert winner.seat == game.ruleset.seat_of(state, SideId(first.player))
