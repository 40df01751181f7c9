"""The HiScore (WoK IV manual, "see the HiScore and Kaohalla pages"): victory points, turn
points, the Hall of Fame and the yearly championship."""

from __future__ import annotations

from tests.played import game_config
from tests.rules.builders import orders, run_standard
from tests.rules.standard.test_victory import survivors
from tests.rules.wok4.test_endturn import allies_won, win_by_conquest
from tests.shipped import STANDARD, WOK4
from wtg.host.results import Entry, Finished, result_of
from wtg.site.hiscore import game_points, hiscore, season_of


def human(name: str, place: int, turn_points: int = 10, quit: bool = False) -> Entry:
    return Entry(
        key=f"{name.lower()}@example.org",
        name=name,
        bot=False,
        place=place,
        turn_points=turn_points,
        quit=quit,
    )


def robot(name: str, place: int) -> Entry:
    return Entry(key=f"bot:{name}", name=name, bot=True, place=place)


def finished(
    *entries: Entry,
    seats: int = 10,
    reason: str = "last standing",
    when: str = "2026-06-01T18:00:00Z",
    game: str = "g",
    ruleset: str = "wok4",
) -> Finished:
    return Finished(game, when, tuple(entries), ruleset=ruleset, reason=reason, seats=seats)


def vp(result: Finished) -> dict[str, int]:
    return {key.split("@")[0]: points for key, (points, _turns) in game_points(result).items()}


def test_a_sole_win_second_third_and_the_top_half() -> None:
    """Ruling 22: a sole win 12, 2nd and 3rd place 2, the rest of the top half of the seats
    1, the others nothing."""
    result = finished(*(human(n, p) for p, n in enumerate("ABCDEFGH", start=1)), seats=8)
    assert vp(result) == {"a": 12, "b": 2, "c": 2, "d": 1, "e": 0, "f": 0, "g": 0, "h": 0}


def test_a_shared_win_gives_each_five() -> None:
    """ "Only up to 2 Players can win a game, alone or as an Alliance (sharing victory Points
    then)." """
    result = finished(human("A", 1), human("B", 1), human("C", 3), human("D", 4), seats=4)
    assert vp(result) == {"a": 5, "b": 5, "c": 2, "d": 0}


def test_a_quitter_gets_no_points_whatever_his_place() -> None:
    """ "here you will NOT get any more points if you quit !" """
    result = finished(human("A", 1), human("B", 2, quit=True), human("C", 3), seats=4)
    assert vp(result) == {"a": 12, "b": 0, "c": 2}


def test_the_survivor_of_a_bitter_end_gets_one_point() -> None:
    """ "the last one surviving will get only 1 VP !" """
    result = finished(human("A", 1), human("B", 2), reason="bitter end")
    assert vp(result) == {"a": 1, "b": 0}


def test_robots_take_no_part() -> None:
    """A Duel's robots are ranked among the colours; the HiScore ranks the humans."""
    result = finished(robot("Robot 7", 1), human("A", 2), human("B", 5), seats=2)
    assert vp(result) == {"a": 2, "b": 2}


def test_the_points_are_the_rules_own_for_a_wok4_game() -> None:
    """A WoK IV game's victory points on the HiScore are the ones its rules awarded."""
    state, _result = win_by_conquest(players=10)
    config = game_config("wok4", "classic60", 10, seed=1)
    result = result_of(WOK4, config, state, "2026-06-01T18:00:00Z")
    assert result is not None
    points = {key: vp for key, (vp, _turns) in game_points(result).items()}
    rules = {config.player(p.id).email: p.vp for p in state.players}
    assert points == rules and points["p1@example.org"] == 12
    turns = {key: turns for key, (_vp, turns) in game_points(result).items()}
    assert turns == {config.player(p.id).email: p.turn_points for p in state.players}


def test_the_hiscore_adds_up_games_and_the_hall_of_fame_lists_the_winners() -> None:
    first = finished(human("Ann", 1, 30), human("Bob", 2, 25), game="one")
    second = finished(
        human("Bob", 1, 12), human("Ann", 2, 12), game="two", when="2026-07-01T18:00:00Z"
    )
    tactics = Finished("duel", "2026-08-01T18:00:00Z", (human("Cid", 1),), ruleset="tactics")
    table = hiscore([first, second, tactics])
    rows = [
        (line.rank, line.name, line.games, line.wins, line.vp, line.turn_points)
        for line in table.lines
    ]
    assert rows == [(1, "Ann", 2, 1, 14, 42), (2, "Bob", 2, 1, 14, 37)]  # tied VP: turn points
    assert [(f.game, f.winners) for f in table.fame] == [("two", ("Bob",)), ("one", ("Ann",))]
    assert table.games == 2


def test_a_championship_year_starts_on_december_the_first() -> None:
    """ "our yearly Championships beginning on December 1st. The current Champion and the Top
    9 Players throughout the year will battle it out !" """
    assert season_of("2026-11-30T23:59:59Z") == 2026
    assert season_of("2026-12-01T00:00:00Z") == 2027
    names = [f"P{i:02d}" for i in range(1, 13)]
    games = [
        finished(human(name, 1, 10 + i), human("Zed", 2, 0), game=name, when="2026-12-05T10:00:00Z")
        for i, name in enumerate(names)
    ]
    old = finished(human("Old", 1), human("Zed", 2), game="old", when="2026-03-01T10:00:00Z")
    seasons = hiscore([*games, old]).seasons
    assert [s.year for s in seasons] == [2027, 2026]
    champion, *top = seasons[0].lines
    assert champion.name == "Zed" and champion.vp == 24
    assert [line.name for line in top] == [
        "P12",
        "P11",
        "P10",
        "P09",
        "P08",
        "P07",
        "P06",
        "P05",
        "P04",
    ]
    assert [line.name for line in seasons[1].lines] == ["Old", "Zed"]


def test_players_sharing_a_place_earn_its_points_each() -> None:
    """Two sharing first place share the win, 5 VP each ("sharing victory Points then");
    two sharing third both earn a third's 2, and the next is fifth (the top half's 1)."""
    result = finished(
        human("A", 1), human("B", 1), human("C", 3), human("D", 3), human("E", 5), reason="vote"
    )
    assert vp(result) == {"a": 5, "b": 5, "c": 2, "d": 2, "e": 1}


def test_no_one_left_is_no_win() -> None:
    """A game that ended with every player out has no winner: those sharing first place
    there earn a place's 2 VP, no win, and the Hall of Fame names no one."""
    result = finished(human("A", 1), human("B", 1), human("C", 3), reason="no one left")
    assert vp(result) == {"a": 2, "b": 2, "c": 2}
    table = hiscore([result])
    assert [f.winners for f in table.fame] == [()]
    assert [line.wins for line in table.lines] == [0, 0, 0]


def test_equal_players_share_a_hiscore_rank() -> None:
    """Players equal in victory points and turn points share a rank, the next skipped."""
    result = finished(human("Ann", 1, 20), human("Bob", 1, 20), human("Cid", 3, 20), seats=4)
    rows = [(line.rank, line.name, line.vp) for line in hiscore([result]).lines]
    assert rows == [(1, "Ann", 5), (1, "Bob", 5), (3, "Cid", 2)]


def test_a_games_places_are_the_rules_shared_places() -> None:
    """The places of a finished Standard game (for the HiScore, the ratings and the site) are
    the ones its rules gave, two equal players sharing one (ruling 23 of standard.md)."""
    state = survivors(4, (1, 2), started_with=4)
    state.player(3).died_on = 4
    over = run_standard(state, orders(1, vote_end=True), orders(2, vote_end=True)).state
    config = game_config("standard", "classic60", 4, seed=1)
    result = result_of(STANDARD, config, over, "2026-06-01T18:00:00Z")
    assert result is not None
    assert [(e.name, e.place) for e in result.entries] == [
        (config.player(1).name, 1),
        (config.player(2).name, 1),
        (config.player(3).name, 3),
        (config.player(4).name, 3),
    ]


def test_allies_who_won_a_wok4_game_earn_a_shared_win_each() -> None:
    """ "Only up to 2 Players can win a game, alone or as an Alliance (sharing victory Points
    then)": the game gave each ally 5, the HiScore gave the one with more turn points a sole
    win's 12 and the other a second place's 2 (the allies were placed 1 and 2)."""
    over = allies_won()
    config = game_config("wok4", "classic60", 10, seed=1)
    result = result_of(WOK4, config, over, "2026-06-01T18:00:00Z")
    assert result is not None
    points = {key: vp for key, (vp, _turns) in game_points(result).items()}
    assert points[config.player(1).email] == points[config.player(2).email] == 5
    assert points == {config.player(p.id).email: p.vp for p in over.players}
