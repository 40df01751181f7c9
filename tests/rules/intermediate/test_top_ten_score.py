"""Intermediate WoK's Top Ten score: its upgraded troops count as the armies they were
(docs/rules/intermediate.md, ruling 29), the GOLD and WOOD a player holds as what they are
(ruling 30)."""

from __future__ import annotations

from tests.rules.builders import empty
from tests.rules.intermediate.grid import make_grid
from wtg.rules.wok.score import player_score, top_ten


def test_upgraded_troops_count_in_the_score_as_armies() -> None:
    """The score counts all a player possesses (WoK IV's Top Ten, ruling 23 of wok4.md), and
    counted ``ARM`` alone: a player who changed his 10 armies into knights (paying 50 WOOD)
    fell 60 points in the Top Ten, below one who kept his. Each PIK, ARC, KNI and CAT is
    one army changed, 4 POP times the province's level as an ARM is."""
    state = make_grid()
    empty(state, 1, 1, arm=10, lev=1500)
    empty(state, 20, 2, kni=4, pik=3, arc=2, cat=1, lev=1500)
    assert player_score(state, 2) == player_score(state, 1)
    held = state.player(2).gold + (state.player(2).wood or 0)
    assert player_score(state, 2) - state.player(2).tech - state.player(2).eff - held == 60
    rows = top_ten(state)
    assert [(r.rank, r.score) for r in rows] == [(1, rows[0].score), (1, rows[0].score)]


def test_gold_and_wood_held_count_in_the_score() -> None:
    """ "a generated score (depending on all your possessions)" (WoK IV's manual, whose score
    Intermediate's Top Ten keeps), and the score counted no GOLD or WOOD: a player who
    held 150 GOLD and 40 WOOD stood level with one who held none. Each GOLD and each WOOD
    held counts one, as a POP does."""
    state = make_grid(wood=0)
    empty(state, 1, 1, arm=10, lev=1500)
    empty(state, 20, 2, arm=10, lev=1500)
    assert player_score(state, 2) == player_score(state, 1)
    state.player(2).gold = 150
    state.player(2).wood = 40
    assert player_score(state, 2) - player_score(state, 1) == 190
    assert [r.player for r in top_ten(state)] == [2, 1]
