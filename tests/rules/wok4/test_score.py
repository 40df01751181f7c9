"""The Top Ten and victory points (manual section 3 and 8; the formulas are rulings)."""

from __future__ import annotations

from tests.rules.builders import empty, make_state
from wtg.rules.wok.score import player_score, top_ten
from wtg.rules.wok.state import QUIT, Outcome


def test_score_counts_possessions_in_population_equivalents() -> None:
    """ "There will also be a "Top Ten" List according to a generated score (depending on all
    your possessions)." Ruling: POP + 2 WOK + 4 ARM x LEV + 2 MIS + 2 SPY + 2 per 0.1 DEF,
    plus tech points and EFF."""
    state = make_state()
    state.player(1).tech, state.player(1).eff = 40, 90
    empty(state, 1, 1, pop=100, wok=10, arm=10, lev=1500, mis=3, spy=4, dfn=12)
    empty(state, 2, 1, pop=50)
    assert player_score(state, 1) == 100 + 20 + 60 + 6 + 8 + 24 + 50 + 40 + 90


def test_top_ten_lists_players_with_provinces_best_first() -> None:
    state = make_state(players=12)
    for pid in range(1, 13):
        empty(state, pid, pid, pop=10 * pid)
    rows = top_ten(state)
    assert [r.player for r in rows] == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]
    assert [r.rank for r in rows] == list(range(1, 11))
    assert rows[0].score == player_score(state, 12)


def test_equal_scores_share_a_rank_and_the_next_is_skipped() -> None:
    """The list is "according to a generated score": equal scores share a rank (ruling 23),
    never told apart by the player's number; provinces then number only order the rows."""
    state = make_state(players=4)
    empty(state, 1, 1, pop=90)
    empty(state, 2, 2, pop=30)
    empty(state, 3, 2, pop=30)  # player 2: two provinces, the same score as player 3's one
    empty(state, 4, 3, pop=60)
    empty(state, 5, 4, pop=40)
    assert player_score(state, 2) == player_score(state, 3)
    rows = top_ten(state)
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (2, 2), (2, 3), (4, 4)]


def test_the_winner_of_a_game_over_reads_winner_in_the_top_ten() -> None:
    """The Top Ten ranks by score alone (ruling 23), so at the end a quitter richer than
    the last one standing stood first, the winner second, his status ACTIVE beside the
    others' QUIT: the game's last Top Ten named no winner (WISK's and Tactics' say
    WINNER). Ruling: a finished game's winners read WINNER."""
    state = make_state(players=3)
    empty(state, 1, 1, pop=90)
    empty(state, 7, 2, pop=50)
    empty(state, 13, 3, pop=10)
    for quitter in (1, 3):
        state.player(quitter).status, state.player(quitter).quit_on = QUIT, 4
    assert [(line.player, line.status) for line in top_ten(state)] == [
        (1, "quit"),
        (2, "active"),
        (3, "quit"),
    ]
    state.outcome = Outcome("last standing", (2,), (2, 1, 3), (1, 2, 2))
    assert [(line.player, line.status) for line in top_ten(state)] == [
        (2, "winner"),  # ruling 23: a finished game's winners first
        (1, "quit"),
        (3, "quit"),
    ]


def test_a_quitter_never_ranks_level_with_the_winner_of_a_game_over() -> None:
    """Ruling 23: a game over's Top Ten ranked by score alone, so a quitter as rich as the
    last one standing shared his rank 1 (`1 #1 ... QUIT` over `1 #2 ... WINNER`), and a
    richer one stood above him. The manual: "If you miss orders for 3 Turns in a row, you
    will be considered as to have QUIT the game. You can not re-enter this specific game";
    "the remaining Players will have to fight until only one remains". A player who QUIT
    has left the game the others play to its end: at the end the winners come first, then
    the others still in it, then those who QUIT, each by score. While it runs, the list
    ranks by score alone."""
    state = make_state(players=4)
    empty(state, 1, 1, pop=50)
    empty(state, 7, 2, pop=50)
    empty(state, 13, 3, pop=70)
    empty(state, 19, 4, pop=10)
    state.player(1).status, state.player(1).quit_on = QUIT, 4
    running = [(line.rank, line.player) for line in top_ten(state)]
    assert running == [(1, 3), (2, 1), (2, 2), (4, 4)]
    state.outcome = Outcome("alliance", (2, 4), (2, 4, 3, 1), (1, 1, 3, 4))
    state.player(3).status, state.player(3).quit_on = QUIT, 5
    assert [(line.rank, line.player, line.status) for line in top_ten(state)] == [
        (1, 2, "winner"),
        (2, 4, "winner"),
        (3, 3, "quit"),
        (4, 1, "quit"),
    ]
    state.outcome = Outcome("gm", (), (2, 4, 3, 1), (1, 2, 3, 3))
    state.player(3).status = "active"  # a game the GM ended: no winner, one still in
    # no winner: the players still in by score, the quitter as rich as one of them after
    assert [(line.rank, line.player) for line in top_ten(state)] == [(1, 3), (2, 2), (3, 4), (4, 1)]
