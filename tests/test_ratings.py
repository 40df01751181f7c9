"""Ratings and records (WoS Tactics "Player Stats?"): "human players are also given a numeric
'rating' (using the chess rating algorithm). While the bots *appear* to have a rating, you
never gain or lose rating when playing against a bot"; win/loss counts "(there is no tie in
tactics!)"; "Bot Blue has lost 2x to me"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wtg.host.gamesdir import Unreadable
from wtg.host.ratings import (
    ELO,
    PLACKETT_LUCE,
    START,
    Entry,
    Finished,
    finished_games,
    rate,
    rate_plackett_luce,
    rate_rulesets,
    ratings_json,
)
from wtg.host.results import winners
from wtg.site.build import ranked_humans


def game(name: str, when: str, *places: tuple[str, int, bool]) -> Finished:
    return Finished(
        game=name,
        finished=when,
        entries=tuple(
            Entry(key=k, name=k.split(":")[-1].title(), bot=bot, place=p) for k, p, bot in places
        ),
    )


def test_two_equal_players_move_sixteen_points() -> None:
    table = rate([game("g1", "2026-01-01", ("ann", 1, False), ("bob", 2, False))])
    assert table.players["ann"].rating == START + 16
    assert table.players["bob"].rating == START - 16


def test_an_upset_moves_more_than_an_expected_win() -> None:
    first = game("g1", "2026-01-01", ("ann", 1, False), ("bob", 2, False))
    expected = game("g2", "2026-01-02", ("ann", 1, False), ("bob", 2, False))
    upset = game("g2", "2026-01-02", ("bob", 1, False), ("ann", 2, False))
    gain_expected = rate([first, expected]).players["ann"].rating - (START + 16)
    gain_upset = rate([first, upset]).players["bob"].rating - (START - 16)
    assert 0 < gain_expected < 16 < gain_upset
    assert gain_expected + gain_upset == pytest.approx(32)


def test_games_count_in_the_order_they_finished() -> None:
    a = game("a", "2026-02-01", ("ann", 1, False), ("bob", 2, False))
    b = game("b", "2026-01-01", ("bob", 1, False), ("ann", 2, False))
    assert rate([a, b]).players["ann"].rating == rate([b, a]).players["ann"].rating
    assert rate([a, b]).players["ann"].rating > START  # ann won the later game


def test_bots_never_change_a_rating() -> None:
    """ "you never gain or lose rating when playing against a bot" """
    table = rate([game("g", "t", ("ann", 1, False), ("bot:Bot Red", 2, True))])
    assert table.players["ann"].rating == START
    assert table.players["ann"].wins == 1
    assert table.record("ann", "bot:Bot Red") == (1, 0)


def test_four_armies_one_game_many_matches() -> None:
    """Each human's change: K / (n - 1) x the sum over the other humans; a bot in between
    changes nothing between the humans."""
    table = rate(
        [
            game(
                "g",
                "t",
                ("ann", 1, False),
                ("bot:Bot Red", 2, True),
                ("bob", 3, False),
                ("cid", 4, False),
            )
        ]
    )
    ann, bob, cid = (table.players[k].rating for k in ("ann", "bob", "cid"))
    assert ann == pytest.approx(START + 16)  # two wins at 0.5 expected: 32 / 2 x 1
    assert bob == pytest.approx(START)
    assert cid == pytest.approx(START - 16)
    assert ann + bob + cid == pytest.approx(3 * START)


def test_records_and_totals() -> None:
    """ "we see that Bot Blue has lost 2x to me. And I (Cheeta) have won a total of 3
    games." """
    games = [
        game("g1", "1", ("cheeta", 1, False), ("bot:Bot Blue", 2, True)),
        game("g2", "2", ("cheeta", 1, False), ("bot:Bot Blue", 2, True)),
        game("g3", "3", ("cheeta", 1, False), ("bot:Bot Yeller", 2, True)),
        game("g4", "4", ("bot:Bot Blue", 1, True), ("cheeta", 2, False)),
    ]
    table = rate(games)
    cheeta = table.players["cheeta"]
    assert (cheeta.games, cheeta.wins, cheeta.losses) == (4, 3, 1)
    assert table.record("cheeta", "bot:Bot Blue") == (2, 1)
    assert table.record("bot:Bot Blue", "cheeta") == (1, 2)
    rows = {(a.name, b.name): (w, lost) for a, b, w, lost in table.pairs()}
    assert rows == {("Bot Blue", "Cheeta"): (1, 2), ("Bot Yeller", "Cheeta"): (0, 1)}


def test_folders_that_are_no_finished_game_are_passed_over(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "game.yaml").write_text("{not: [yaml", encoding="utf-8")
    assert finished_games(tmp_path) == []


def ruleset_game(ruleset: str, name: str, when: str, *places: tuple[str, int, bool]) -> Finished:
    played = game(name, when, *places)
    return Finished(played.game, played.finished, played.entries, ruleset=ruleset)


def test_plackett_luce_rates_the_humans_of_a_game_by_their_places() -> None:
    """WoK, Standard, Intermediate and WISK: openskill's Plackett-Luce model from the final
    placings, humans only (a robot's place between two humans changes nothing between
    them)."""
    alone = rate_plackett_luce(
        [ruleset_game("wok4", "g", "t", ("ann", 1, False), ("bob", 2, False), ("cid", 3, False))]
    )
    robot = rate_plackett_luce(
        [
            ruleset_game(
                "wok4",
                "g",
                "t",
                ("ann", 1, False),
                ("bot:Robot 4", 2, True),
                ("bob", 3, False),
                ("cid", 4, False),
            )
        ]
    )
    for table in (alone, robot):
        ann, bob, cid = (table.players[k] for k in ("ann", "bob", "cid"))
        assert ann.rating > bob.rating > cid.rating
        assert (ann.games, ann.wins, bob.wins) == (1, 1, 0)
        assert set(table.players) == {"ann", "bob", "cid"}
    assert robot.players["bob"].rating == pytest.approx(alone.players["bob"].rating)
    assert alone.players["ann"].skill is not None and alone.players["ann"].skill.mu > 25


def test_a_newcomer_is_rated_zero_and_a_shared_place_is_a_tie() -> None:
    table = rate_plackett_luce(
        [ruleset_game("wok4", "g", "t", ("ann", 1, False), ("bob", 1, False), ("cid", 3, False))]
    )
    assert table.players["ann"].rating == pytest.approx(table.players["bob"].rating)
    assert table.players["ann"].wins == table.players["bob"].wins == 1
    fresh = rate_plackett_luce(
        [ruleset_game("wisk", "g", "t", ("ann", 1, False), ("bot:R", 2, True))]
    )
    assert fresh.players == {}  # one human: nothing to rate


def test_every_ruleset_is_rated_by_its_own_method() -> None:
    games = [
        ruleset_game("tactics", "t1", "1", ("ann", 1, False), ("bob", 2, False)),
        ruleset_game("wisk", "w1", "2", ("ann", 2, False), ("bob", 1, False)),
        ruleset_game("wok4", "k1", "3", ("cid", 1, False), ("bob", 2, False)),
    ]
    tables = {t.ruleset: t for t in rate_rulesets(games)}
    assert {name: t.method for name, t in tables.items()} == {
        "tactics": ELO,
        "wisk": PLACKETT_LUCE,
        "wok4": PLACKETT_LUCE,
    }
    assert tables["tactics"].players["ann"].rating == START + 16
    assert tables["wisk"].players["bob"].rating > tables["wisk"].players["ann"].rating
    only = rate_rulesets(games, "standard")
    assert [(t.ruleset, t.games, t.players) for t in only] == [("standard", 0, {})]
    rows = ratings_json(rate_rulesets(games, "wok4"))["players"]
    assert [(r["player"], r["games"], r["wins"]) for r in rows] == [("Cid", 1, 1), ("Bob", 1, 0)]
    assert all({"player", "rating", "games", "wins"} <= set(r) for r in rows)


def test_the_command_takes_a_ruleset_and_refuses_one_it_does_not_know(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from wtg.cli import main

    result = CliRunner().invoke(main, ["ratings", str(tmp_path), "--ruleset", "chess"])
    assert result.exit_code == 1
    assert "no ruleset 'chess' (rulesets: " in result.output
    result = CliRunner().invoke(main, ["ratings", str(tmp_path), "--ruleset", "wok4", "--json"])
    assert json.loads(result.output) == {
        "games": 0,
        "rulesets": {"wok4": {"method": PLACKETT_LUCE, "games": 0}},
        "players": [],
        "records": [],
    }


def test_the_ratings_page_gives_equal_ratings_one_rank() -> None:
    """Two who shared first place in their only game have one rating: the site's ratings
    page ranks them both 1, and the next 3, never by their names."""
    table = rate_plackett_luce(
        [ruleset_game("wok4", "g", "t", ("ann", 1, False), ("bob", 1, False), ("cid", 3, False))],
        "wok4",
    )
    assert [(rank, s.name) for rank, s in ranked_humans(table)] == [
        (1, "Ann"),
        (1, "Bob"),
        (3, "Cid"),
    ]


def test_a_game_that_ended_with_no_one_left_is_no_ones_win() -> None:
    """A WoK game that ended with "no one left" has no winner (its last report says
    `Winner(s): none`, the HiScore gives it none): its first place rates above the others
    but is not a win in `wtg ratings`, the ratings page's "Won", nor the site's "Won by";
    it counted as one."""
    played = game("g", "t", ("ann", 1, False), ("bob", 2, False))
    nobody = Finished(played.game, played.finished, played.entries, reason="no one left")
    won = Finished(played.game, played.finished, played.entries, reason="last standing")
    for table in (rate_plackett_luce([nobody]), rate([nobody])):
        assert [(s.wins, s.losses) for s in table.players.values()] == [(0, 1), (0, 1)]
    table = rate_plackett_luce([nobody])
    assert table.players["ann"].rating > table.players["bob"].rating
    assert rate_plackett_luce([won]).players["ann"].wins == 1
    assert (winners(nobody), winners(won)) == ((), ("Ann",))


def test_the_command_names_a_game_it_cannot_read_and_exits_1(tmp_path: Path) -> None:
    """`wtg ratings` rated without a game whose game.yaml is broken and exited 0, naming
    nothing: a finished game left out of everyone's rating without a word. It is named on
    stderr, the ratings of the others printed, and the exit status is 1 (as `wtg status`,
    `wtg site`, `wtg send` do)."""
    from click.testing import CliRunner

    from wtg.cli import main

    (tmp_path / "notes").mkdir()
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "game.yaml").write_text("{not: [yaml", encoding="utf-8")
    skipped: list[Unreadable] = []
    assert finished_games(tmp_path, skipped) == []
    assert [lost.folder for lost in skipped] == [tmp_path / "broken"]
    for as_json in ((), ("--json",)):
        result = CliRunner().invoke(main, ["ratings", str(tmp_path), *as_json])
        assert result.exit_code == 1
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"wtg: {tmp_path / 'broken'}: cannot be read, skipped: ")
    assert result.stdout.startswith("{")
    assert json.loads(result.stdout)["games"] == 0
