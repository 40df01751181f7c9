"""Ratings and records (WoS Tactics "Player Stats?"): "human players are also given a numeric
'rating' (using the chess rating algorithm). While the bots *appear* to have a rating, you
never gain or lose rating when playing against a bot"; win/loss counts "(there is no tie in
tactics!)"; "Bot Blue has lost 2x to me"."""

from __future__ import annotations

from pathlib import Path

import pytest

from wtg.ratings import START, Entry, Finished, finished_games, rate


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
