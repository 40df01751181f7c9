"""Intermediate WoK, the end: "As always, play until you dominate the map, you achieve the
win condition, or everyone else gives up!" - a Skirmish ends with the last one standing or
a unanimous vote; players who miss three turns in a row give up.

No phase draws anything in these tests but the shuffle of the next Order of Play."""

from __future__ import annotations

from tests.rules.builders import empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from wtg.rules.wok.state import QUIT, WokState


def setup() -> WokState:
    state = make_grid()
    empty(state, 1, 1, arm=10)
    empty(state, 20, 2)
    return state


def test_the_last_one_standing_wins() -> None:
    """ "play until you dominate the map": taking the other's last province ends the game."""
    state = setup()
    empty(state, 2, 2)
    state.province(20).owner = 0
    result = run_intermediate(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 5}]))
    assert result.state.outcome is not None
    assert (result.state.outcome.reason, result.state.outcome.winners) == ("last standing", (1,))
    assert [e.player for e in kinds(result, "player_eliminated")] == [2]


def test_a_unanimous_vote_ends_the_game() -> None:
    """ "or everyone else gives up": as a Standard Skirmish, "the game can end at any point
    if both players agree in a vote" (ruling 17) - one vote is not enough, two are."""
    one = run_intermediate(setup(), orders(1, vote_end=True), orders(2))
    assert one.state.outcome is None
    both = run_intermediate(setup(), orders(1, vote_end=True), orders(2, vote_end=True))
    assert both.state.outcome is not None and both.state.outcome.reason == "vote"


def test_three_missed_turns_and_a_player_gives_up() -> None:
    """Missed turns as in every WoK game: three in a row and the player has QUIT."""
    state = setup()
    state.player(2).missed = 2
    result = run_intermediate(state, orders(1))
    assert result.state.player(2).status == QUIT
    assert [e.player for e in kinds(result, "player_quit")] == [2]


def test_no_alliances_in_a_skirmish() -> None:
    """Intermediate games are Skirmishes, and Standard's Skirmish has "There are no NAPs or
    alliances in a skirmish game": its form has no alliance section."""
    from tests.shipped import INTERMEDIATE as RULESET

    assert RULESET.form.section("ally") is None


def test_a_player_gives_up_with_the_quit_line() -> None:
    """ "or everyone else gives up!": the QUIT line of the form. Player 2 quits; his orders
    of the turn still run, and at its end he is out and player 1 is the last standing."""
    state = setup()
    state.province(20).pop = 80
    quitting = orders(2, transform=[{"province": 20, "kind": "POP-ARM", "amount": 40}], quit=True)
    result = run_intermediate(state, orders(1), quitting)
    after = result.state
    assert after.player(2).status == QUIT and after.player(2).quit_on == after.turn
    assert after.province(20).arm == 10  # the transformation ran
    assert [(e.player, e.chosen) for e in kinds(result, "player_quit")] == [(2, True)]
    assert after.outcome is not None
    assert (after.outcome.reason, after.outcome.winners) == ("last standing", (1,))


def test_a_player_wiped_out_is_not_said_to_stop_voting() -> None:
    """A player who voted to end the game and was wiped out that turn: every report then
    said that she no longer votes to end the game, as if she had changed her mind,
    after the line that told her fall. Her vote goes with her, unsaid; a standing player
    who stops voting is still told to everyone."""
    state = setup()
    empty(state, 2, 2)
    state.province(20).owner = 0
    state.player(2).vote_end = True
    result = run_intermediate(
        state,
        orders(1, attack=[{"from": 1, "to": 2, "armies": 5}]),
        orders(2, vote_end=True),
    )
    assert [e.player for e in kinds(result, "player_eliminated")] == [2]
    assert kinds(result, "voted_end") == []
    assert not result.state.player(2).vote_end
    stopped = setup()
    stopped.player(2).vote_end = True
    result = run_intermediate(stopped, orders(1), orders(2))
    assert [(e.player, e.vote) for e in kinds(result, "voted_end")] == [(2, False)]
