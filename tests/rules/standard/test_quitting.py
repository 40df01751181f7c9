"""Leaving a Standard WoK game: three missed turns (ruling 26), or the QUIT line of the form,
"at any time" (ruling 27); in a Duel a colour at a time.

Grid of the hand-made states (``make_state(5, 4)``), neighbours up, down, left, right::

     1  2  3  4  5
     6  7  8  9 10
    11 12 13 14 15
    16 17 18 19 20
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.rules.builders import empty, grid_config, kinds, make_state, orders, run_standard
from tests.shipped import INTERMEDIATE
from tests.shipped import STANDARD as RULESET
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.game.report import report_text
from wtg.rules.standard.resolve import resolve
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.state import ACTIVE, QUIT, WokState
from wtg.rules.wok4.ruleset import Wok4

RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rules" / "standard.md"

MISSED_TURNS_SENTENCES = (
    "WoK IV was the first WoK game to be available online, standard WoK is the evolution of "
    "that game engine.",
    '24 hours after players have been poked, the "run the turn now" button will be enabled, '
    "allowing the game to continue without the missing player.",
    "But if you do it too often they may choose to continue without you!",
    "If you miss orders for 3 Turns in a row, you will be considered as to have QUIT the game.",
)
"""What ruling 26 reads: Standard's own sentences on a missing player, and WoK IV's."""


def three_players() -> WokState:
    state = make_state(players=3)
    for pid, player in ((1, 1), (5, 2), (16, 3)):
        empty(state, pid, player, pop=80)
    return state


def ruling(number: int) -> str:
    """The text of ruling ``number`` of docs/rules/standard.md, on one line."""
    text = RULINGS.read_text(encoding="utf-8").split("## Rulings", 1)[1]
    found = re.search(rf"^{number}\. (.*?)(?=^\d+\. |\Z)", text, re.M | re.S)
    assert found, f"no ruling {number}"
    return " ".join(found.group(1).split())


def test_three_missed_turns_in_a_row_are_quitting() -> None:
    """Standard's text gives no count: "allowing the game to continue without the missing
    player", "if you do it too often they may choose to continue without you!". It is "the
    evolution of that game engine", and WoK IV's "If you miss orders for 3 Turns in a row,
    you will be considered as to have QUIT the game" holds (ruling 26, which quotes them all).
    """
    state = three_players()
    for turn in range(3):
        state = run_standard(state, orders(1), orders(2)).state
        assert state.player(3).status == (QUIT if turn == 2 else ACTIVE)
    assert state.player(3).missed == 3 and state.player(3).quit_on == state.turn
    assert state.province(16).owner == 3  # dug in, still his
    text = ruling(26)
    for sentence in MISSED_TURNS_SENTENCES:
        assert sentence in text, sentence


def test_a_player_can_quit_at_any_time() -> None:
    """ "Additionally, a player can quit at any time." (Duel; ruling 27 gives every Standard
    game the QUIT line). The turn's orders run; at its end the player is QUIT, owes no more
    orders, and everyone reads it."""
    state = three_players()
    quitting = orders(2, transform=[{"province": 5, "kind": "POP-ARM", "amount": 40}], quit=True)
    result = run_standard(state, orders(1), quitting, orders(3))
    after = result.state
    assert (after.player(2).status, after.player(2).quit_on) == (QUIT, after.turn)
    assert after.province(5).arm == 10 and after.province(5).owner == 2
    assert [(e.player, e.chosen, e.public) for e in kinds(result, "player_quit")] == [
        (2, True, True)
    ]
    assert RULESET.owing(after) == [1, 3]
    assert after.outcome is None
    assert "a player can quit at any time" in ruling(27)


def test_the_last_but_one_quitting_ends_the_game() -> None:
    """ "The last player standing wins": when all but one have quit, the game is over."""
    state = three_players()
    result = run_standard(state, orders(1), orders(2, quit=True), orders(3, quit=True))
    assert result.state.outcome is not None
    assert (result.state.outcome.reason, result.state.outcome.winners) == ("last standing", (1,))


def duel() -> WokState:
    seats = (SeatSetup(id=1, name="Ann"), SeatSetup(id=2, name="Bob"))
    setup = GameSetup(game="d", map="classic60", seed=4, players=seats, variant="duel")
    state: WokState = RULESET.new_game(setup, turn_rng(4, 0)).state
    return state


def test_a_duel_colour_quits_on_its_own_form() -> None:
    """ "you put in the orders for all three of them": each colour's form has its QUIT line.
    Ann's colour A (1) quits; her B (3) and C (5) play on."""
    state = duel()
    result = resolve(state, {1: Orders(player=1, quit=True)}, turn_rng(4, 1))
    statuses = {p.id: p.status for p in result.state.players}
    assert statuses[1] == QUIT
    assert [statuses[c] for c in (2, 3, 4, 5, 6)] == [ACTIVE] * 5
    assert result.state.outcome is None
    assert [e.player for e in kinds(result, "player_quit")] == [1]


def test_a_duel_player_who_quits_every_colour_concedes() -> None:
    """ "Additionally, a player can quit at any time. Duels take a lot of effort, and there is
    no point in continuing to play if you are certain you cannot win": Ann quits her three
    colours, and Bob, the last human standing, wins with his."""
    state = duel()
    given = {c: Orders(player=c, quit=True) for c in (1, 3, 5)}
    result = resolve(state, given, turn_rng(4, 1))
    outcome = result.state.outcome
    assert outcome is not None
    assert (outcome.reason, outcome.winners) == ("last standing", (2, 4, 6))


def test_the_player_out_after_three_missed_turns_is_told_so_as_you() -> None:
    """The QUIT of a turn speaks to the player who quit in his own report (``You missed
    3 turns in a row and have QUIT the game``), once, in his status line: his events said
    it again under it; the others read it of him by name in their events."""
    state = three_players()
    for _turn in range(3):
        result = run_standard(state, orders(1), orders(2))
        state = result.state
    events = [e.to_dict() for e in result.events]
    assert state.player(3).status == QUIT
    config = grid_config("standard", players=3)
    mine = report_text(RULESET, config, state, events, 3, aof="")
    assert "You missed 3 turns in a row and QUIT the game: you give no more orders." in mine
    assert mine.count("QUIT the game") == 1
    assert "- No orders from you this turn (3 in a row): your armies dug in." in mine
    assert "P3 (#3)" not in mine
    theirs = report_text(RULESET, config, state, events, 1, aof="")
    assert "- P3 (#3) missed 3 turns in a row and has QUIT the game." in theirs


def test_standard_says_armies_dig_in_as_it_names_its_troops() -> None:
    """Standard's missed turn, ABSENCE and reminder said 'your troops dig in', WoK IV's
    words ("all your troops will dig in"), where every other line of Standard's says
    armies: they say armies. WoK IV and Intermediate keep troops."""
    assert RULESET.absence_policy.startswith("your armies dig in and your workers keep")
    assert Wok4.absence_policy.startswith("your troops dig in")
    assert INTERMEDIATE.absence_policy.startswith("your troops dig in")
