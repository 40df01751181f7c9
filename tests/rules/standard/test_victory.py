"""Standard WoK - the beginning and the end: start values, the last player standing, joint
victory of allies, the unanimous vote, the ranking. (The Duel's and Trinity's RIPs are in
``test_duel.py``.)

A ``make_state`` game is at turn 5, so ``run_standard`` resolves turn 6. No phase draws
anything in these tests (attacks go into empty provinces) but the shuffle of the new
Order of Play.
"""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import attack, empty, grid_config, kinds, make_state, orders, run_standard
from tests.shipped import STANDARD as RULESET
from wtg.core.jsondata import JsonObject
from wtg.core.ruleset import GameSetup, SeatSetup, TurnResult
from wtg.game.gameconfig import GameConfig
from wtg.game.report import report_text
from wtg.rules.standard.phases.victory import rank
from wtg.rules.standard.setup import start_state
from wtg.rules.wok.ruleset import GameFinished
from wtg.rules.wok.state import ACTIVE, DEAD, Outcome, WokState


def game_over(result: TurnResult[WokState]) -> tuple[str, tuple[int, ...]] | None:
    outcome = result.state.outcome
    return None if outcome is None else (outcome.reason, outcome.winners)


def config(players: int) -> GameConfig:
    return grid_config("standard", players)


def new_game(players: int, map_name: str, variant: str | None = None) -> WokState:
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, players + 1))
    setup = GameSetup(game="g", map=map_name, seed=1, players=seats, variant=variant)
    return start_state(setup, RULESET.load_map(map_name), random.Random(1))


def survivors(players: int, standing: tuple[int, ...], started_with: int) -> WokState:
    """``players`` seats; those not ``standing`` died earlier (player k on turn k). Each
    standing player p owns the empty province p x 3 (3, 6, 9 ...) with 10 armies."""
    state = make_state(players=players)
    state.started_with = started_with
    for player in state.players:
        if player.id not in standing:
            player.status = DEAD
            player.died_on = player.id
    for pid in standing:
        empty(state, pid * 3, pid, arm=10, lev=2000)
    return state


# --- the beginning ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "map_name"), [(2, "trial"), (5, "star-islands")])
def test_start_tech_gold_eff_and_one_province(players: int, map_name: str) -> None:
    """ "You start the game with a tech level of 0, no gold, an effectivenss (EFF) level of
    99 and with a single, randomly selected province. The province you are given will not
    be adjacent to a province of another player"."""
    state = new_game(players, map_name)
    homes = {p.id: p.owner for p in state.provinces if p.owner}
    assert sorted(homes.values()) == list(range(1, players + 1))
    for player in state.players:
        assert (player.tech, player.gold, player.eff, player.status) == (0, 0, 99, ACTIVE)
        assert player.home in homes
    for pid in homes:
        assert not set(state.province(pid).neighbours) & set(homes)
    assert state.started_with == players


def test_home_province_start_values() -> None:
    """ "Each players' starting province (their home) contains:" (the table is lost) -
    ruling: WoK IV's values, DEF 1.0, 10 SPY, 24 WOK, 12 ARM at 1.750, the map's POP, aim
    DEF."""
    state = new_game(2, "trial")
    game_map = RULESET.load_map("trial")
    for player in state.players:
        home = state.province(player.home)
        assert (home.dfn, home.spy, home.wok, home.arm, home.lev, home.mis, home.aim) == (
            10,
            10,
            24,
            12,
            1750,
            0,
            "DEF",
        )
        assert home.pop == game_map.province(home.id).pop


def test_start_homes_are_chosen_at_random() -> None:
    """ "a single, randomly selected province" - different seeds, different homes."""
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in (1, 2, 3))
    game_map = RULESET.load_map("classic60")
    layouts = {
        tuple(
            p.home
            for p in start_state(
                GameSetup(game="g", map="classic60", seed=seed, players=seats),
                game_map,
                random.Random(seed),
            ).players
        )
        for seed in range(8)
    }
    assert len(layouts) > 1


# --- the last player standing -----------------------------------------------------------


def test_the_last_player_standing_wins() -> None:
    """ "The last player standing wins" - player 1 takes player 2's last province: player 2
    is out (died on turn 6) and the game is over."""
    state = survivors(2, (1, 2), started_with=2)
    state.province(6).arm = 0
    empty(state, 7, 1, arm=10, lev=2000)
    result = run_standard(state, orders(1, attack=[attack(7, 6, 10)]))
    assert game_over(result) == ("last standing", (1,))
    loser = result.state.player(2)
    assert (loser.status, loser.died_on) == (DEAD, 6)
    eliminated = kinds(result, "player_eliminated")
    assert [(e.player, e.by, e.province) for e in eliminated] == [(2, 1, 6)]
    assert result.state.outcome is not None
    assert result.state.outcome.ranking == (1, 2)
    assert result.state.oop == []


def test_the_game_goes_on_while_two_players_stand() -> None:
    """Nobody has won while two players who are not allies stand."""
    state = survivors(3, (1, 2, 3), started_with=3)
    empty(state, 7, 1, arm=10, lev=2000)
    state.province(6).arm = 0
    result = run_standard(state, orders(1, attack=[attack(7, 6, 10)]))
    assert result.state.player(2).status == DEAD
    assert game_over(result) is None


def test_no_turn_after_the_game_is_over() -> None:
    """Once the game has ended there is no next turn to run."""
    state = survivors(2, (1, 2), started_with=2)
    empty(state, 7, 1, arm=10, lev=2000)
    state.province(6).arm = 0
    result = run_standard(state, orders(1, attack=[attack(7, 6, 10)]))
    with pytest.raises(GameFinished):
        run_standard(result.state, orders(1))


# --- allies -----------------------------------------------------------------------------


def test_two_allies_left_share_the_victory() -> None:
    """ "the 2 remaining players can agree to have a joint victory" and "Allied players will
    count as winning the game jointly, even if one player is significantly stronger than
    the other." - a game that started with 6 players."""
    state = survivors(6, (1, 2), started_with=6)
    state.province(3).arm = 500  # player 1 much the stronger
    result = run_standard(state, orders(1, ally=2), orders(2, ally=1))
    assert game_over(result) == ("alliance", (1, 2))
    assert result.state.outcome is not None
    assert result.state.outcome.ranking[:2] == (1, 2)
    # "Allied players will count as winning the game jointly": one first place, shared
    # (they were placed 1 and 2 by their scores, and the ally counted as no winner)
    assert result.state.outcome.places[:3] == (1, 1, 3)


def test_no_shared_victory_in_a_game_of_five_or_fewer() -> None:
    """ "Note that players can only share victory if the game started with more than 5
    players." - 5 is not more than 5."""
    state = survivors(5, (1, 2), started_with=5)
    result = run_standard(state, orders(1, ally=2), orders(2, ally=1))
    assert game_over(result) is None


def test_no_shared_victory_in_a_skirmish() -> None:
    """ "There are no NAPs or alliances in a skirmish game." - not even with 6 players."""
    state = survivors(6, (1, 2), started_with=6)
    state.variant = "skirmish"
    state.player(1).ally = 2
    state.player(2).ally = 1
    result = run_standard(state, orders(1), orders(2))
    assert game_over(result) is None


def test_an_alliance_needs_both_to_name_each_other() -> None:
    """An alliance is "an agreement": player 1 naming player 2 alone is none."""
    state = survivors(6, (1, 2), started_with=6)
    result = run_standard(state, orders(1, ally=2), orders(2))
    assert result.state.player(1).ally == 2
    assert game_over(result) is None


def test_one_ally_at_a_time() -> None:
    """ "you can only be allied with one player at a time" - naming a new ally ends the old
    alliance."""
    state = survivors(6, (1, 2, 3), started_with=6)
    first = run_standard(state, orders(1, ally=2), orders(2, ally=1), orders(3))
    assert first.state.player(1).ally == 2
    second = run_standard(first.state, orders(1, ally=3), orders(2), orders(3))
    assert second.state.player(1).ally == 3


def result_players(result: TurnResult[WokState]) -> dict[int, str]:
    return {p.id: p.status for p in result.state.players if p.id <= 3}


def test_allies_win_when_their_last_enemy_falls() -> None:
    """ "The game ends when one player (or an alliance of two players) dominates the map,
    either by removing the other players" - players 1 and 2 are allies; player 1 takes the
    last province of player 3, and both win."""
    state = survivors(6, (1, 2, 3), started_with=6)
    empty(state, 8, 1, arm=10, lev=2000)
    state.province(9).arm = 0
    first = run_standard(state, orders(1, ally=2), orders(2, ally=1), orders(3))
    assert game_over(first) is None  # three stand: the alliance has not won yet
    second = run_standard(first.state, orders(1, attack=[attack(8, 9, 10)]), orders(2))
    assert result_players(second) == {1: ACTIVE, 2: ACTIVE, 3: DEAD}
    assert game_over(second) == ("alliance", (1, 2))


# --- the vote ---------------------------------------------------------------------------


def test_a_unanimous_vote_ends_the_game() -> None:
    """The game ends "by unanimous vote of the remaining players" - the winner is the first
    of the ranking: the higher score (player 1's 500 armies)."""
    state = survivors(2, (1, 2), started_with=2)
    state.province(3).arm = 500
    result = run_standard(state, orders(1, vote_end=True), orders(2, vote_end=True))
    assert game_over(result) == ("vote", (1,))
    assert [(e.player, e.vote) for e in kinds(result, "voted_end")] == [(1, True), (2, True)]


def test_a_vote_that_is_not_unanimous_ends_nothing() -> None:
    """ "unanimous vote of the remaining players" - one vote of two is not enough."""
    state = survivors(2, (1, 2), started_with=2)
    result = run_standard(state, orders(1, vote_end=True), orders(2))
    assert game_over(result) is None
    assert result.state.player(1).vote_end


def test_a_vote_counts_for_the_turn_it_is_given() -> None:
    """Ruling: a vote counts for the turn it is given - player 1 votes in turn 6, player 2
    in turn 7, and the game goes on."""
    state = survivors(2, (1, 2), started_with=2)
    first = run_standard(state, orders(1, vote_end=True), orders(2))
    second = run_standard(first.state, orders(1), orders(2, vote_end=True))
    assert game_over(second) is None
    assert not second.state.player(1).vote_end


def test_only_the_remaining_players_vote() -> None:
    """ "the remaining players" - the dead have no say: two of six remain and vote."""
    state = survivors(6, (1, 2), started_with=6)
    state.province(6).arm = 500
    result = run_standard(state, orders(1, vote_end=True), orders(2, vote_end=True))
    assert game_over(result) == ("vote", (2,))


def test_a_vote_ends_a_skirmish() -> None:
    """Skirmish: "One player wins when the other has no provinces left, alternatively the
    game can end at any point if both players agree in a vote."."""
    state = survivors(2, (1, 2), started_with=2)
    state.variant = "skirmish"
    state.province(6).arm = 500
    result = run_standard(state, orders(1, vote_end=True), orders(2, vote_end=True))
    assert game_over(result) == ("vote", (2,))


@pytest.mark.parametrize(("players", "winners"), [(6, (1, 2)), (5, (1,))])
def test_a_vote_gives_the_winner_s_ally_a_share_only_in_a_game_of_more_than_5(
    players: int, winners: tuple[int, ...]
) -> None:
    """Ruling: the winner of a vote is the first of the ranking, with his ally if the
    alliance counts (a game that started with more than 5 players): "players can only
    share victory if the game started with more than 5 players"."""
    state = survivors(players, (1, 2, 3), started_with=players)
    state.province(3).arm = 500
    state.player(1).ally = 2
    state.player(2).ally = 1
    result = run_standard(
        state,
        orders(1, vote_end=True),
        orders(2, vote_end=True),
        orders(3, vote_end=True),
    )
    assert game_over(result) == ("vote", winners)


# --- the ranking ------------------------------------------------------------------------


def test_ranking_by_survival_then_score() -> None:
    """ "Once the game ends, the players are ranked based on how long they survived, what
    their final score was and whether they won" - the standing first (the higher score
    first), then the dead, the later death first."""
    state = survivors(4, (1, 2), started_with=4)
    state.province(6).arm = 500  # player 2 outscores player 1
    state.player(3).died_on = 2
    state.player(4).died_on = 4
    assert rank(state) == (2, 1, 4, 3)


def test_a_vote_between_equals_is_a_shared_win_and_a_shared_first_place() -> None:
    """ "ranked based on how long they survived, what their final score was and whether they
    won": two standing players with the same score are equal on all three, so neither is
    ``the first of the ranking`` alone. Ruling 23: they share first place and the vote's win
    (as allies would), never decided by their number; the dead follow, equal ones sharing
    a place too, and the report says the places."""
    state = survivors(4, (1, 2), started_with=4)  # players 3 and 4 died on turns 3 and 4
    state.player(3).died_on = 4  # both on turn 4: equal
    result = run_standard(state, orders(1, vote_end=True), orders(2, vote_end=True))
    outcome = result.state.outcome
    assert outcome is not None
    assert (outcome.reason, outcome.winners) == ("vote", (1, 2))
    assert (outcome.ranking, outcome.places) == ((1, 2, 3, 4), (1, 1, 3, 3))
    assert outcome.to_dict()["places"] == [1, 1, 3, 3]
    events = [e.to_dict() for e in result.events]
    report = report_text(RULESET, config(4), result.state, events, 4, aof="")
    assert "Final ranking: 1. P1 (#1), 1. P2 (#2), 3. P3 (#3), 3. P4 (#4)" in report
    (over,) = [e for e in events if e["kind"] == "game_over"]  # the event says them too
    assert (over["ranking"], over["places"]) == ([1, 2, 3, 4], [1, 1, 3, 3])


def test_an_outcome_kept_before_places_reads_back_by_position() -> None:
    """A game that ended before places were kept has none in its state: each player's
    place is his position in the ranking, as before."""
    kept: JsonObject = {"reason": "vote", "winners": [2], "ranking": [2, 1]}
    outcome = Outcome.from_dict(kept)
    assert outcome.places == ()
    assert outcome.to_dict() == kept


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_ally_dropped_is_told() -> None:
    """ "It is an agreement to work together to share the victory": the player named as ally
    is told ('P1 (#1) names you as an ally.'), and the rules say nothing of the end of it.
    P1 names P3 instead of P2, then nobody: P2's status line still read 'Alliance: you name
    P1 (#1) as your ally.' and no report told him P1 named him no more, so he counted on a
    shared victory that could not come. The one dropped is told, not whom P1 names now."""
    state = survivors(6, (1, 2, 3), started_with=6)
    first = run_standard(state, orders(1, ally=2), orders(2, ally=1), orders(3))
    second = run_standard(first.state, orders(1, ally=3), orders(2), orders(3))
    events = [e.to_dict() for e in second.events]
    dropped = words(report_text(RULESET, config(6), second.state, events, 2, aof=""))
    assert "- P1 (#1) no longer names you as an ally." in dropped
    assert "P3" not in dropped.split("WHAT HAPPENED THIS TURN")[1].split("ORDER OF PLAY")[0]
    named = words(report_text(RULESET, config(6), second.state, events, 3, aof=""))
    assert "- P1 (#1) names you as an ally." in named
    third = run_standard(second.state, orders(1, ally=0), orders(2), orders(3))
    events = [e.to_dict() for e in third.events]
    dropped = words(report_text(RULESET, config(6), third.state, events, 3, aof=""))
    assert "- P1 (#1) no longer names you as an ally." in dropped
    mine = words(report_text(RULESET, config(6), third.state, events, 1, aof=""))
    assert "- You now name no ally." in mine
