"""A turn: "A single player's turn consists of commanding some number of their individual
army pieces, after which it is the next player's turn to move some number of their
pieces." Rest, attacks in the turn, players put out, and the end of the game."""

from __future__ import annotations

import random
from typing import Any, TypeVar

import pytest

from tests.rules.tactics.builders import OPEN7, piece, state
from wtg.core.events import Event
from wtg.core.jsondata import JsonObject
from wtg.rules.tactics.events import (
    ArmyPicked,
    Attacked,
    GameOver,
    MoveSkipped,
    NoOrders,
    TurnBegan,
)
from wtg.rules.tactics.resolve import GameFinished, resolve
from wtg.rules.tactics.state import ARMY, FULL_REST, OUT, OVER, TacticsState

E = TypeVar("E", bound=Event)


def orders(player: int, *moves: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {player: {"player": player, "turn": 6, "moves": list(moves)}}


def move(pid: int, to: tuple[int, int], attack: tuple[int, int] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"piece": pid, "to": list(to)}
    if attack is not None:
        data["attack"] = list(attack)
    return data


def kinds_of(result_events: tuple[Any, ...]) -> list[str]:
    return [e.kind for e in result_events]


def found(result_events: tuple[Any, ...], cls: type[E]) -> list[E]:
    return [e for e in result_events if isinstance(e, cls)]


def test_the_turn_passes_to_the_next_player_in_seat_order() -> None:
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(21, "KNIGHT", 5, 5), piece(31, "KNIGHT", 5, 1)],
        players=3,
        active=3,
    )
    result = resolve(game, {}, random.Random(1))
    assert result.state.active == 1 and result.state.turn == 6
    after = resolve(result.state, {}, random.Random(1)).state
    assert after.active == 2


def test_players_who_are_out_are_skipped() -> None:
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(31, "KNIGHT", 5, 1)], players=3)
    game.player(2).status = OUT
    game.player(2).place = 3
    assert resolve(game, {}, random.Random(1)).state.active == 3


def test_rest_one_unit_to_walk_one_to_attack_one_back_at_the_start_of_your_turn() -> None:
    """ "Your pieces receive one unit of rest at the start of your turn, and lose one unit
    when they move, and another unit when they attack." """
    game = state(
        OPEN7,
        [
            piece(11, "KNIGHT", 1, 1),
            piece(12, "KNIGHT", 1, 4),
            piece(13, "KNIGHT", 4, 1),
            piece(21, "PIKE", 3, 1, hp=99),
        ],
        per_turn="4",
    )
    first = resolve(
        game,
        orders(1, move(11, (2, 1), (3, 1)), move(12, (2, 4)), move(13, (4, 1), (3, 1))),
        random.Random(2),
    ).state
    rests = {p.id: p.rest for p in first.army(1)}
    assert rests == {11: FULL_REST - 2, 12: FULL_REST - 1, 13: FULL_REST - 1}
    back = resolve(first, {}, random.Random(2)).state  # player 2 passes; player 1 again
    assert {p.id: p.rest for p in back.army(1)} == {11: 1, 12: 2, 13: 2}
    assert [p.rest for p in game.army(1)] == [FULL_REST] * 3  # the input is untouched


def test_rest_never_goes_below_zero_nor_above_full() -> None:
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1, rest=0), piece(21, "PIKE", 3, 1, hp=99)],
        per_turn="1",
        active=2,
    )
    mine = resolve(game, {}, random.Random(1)).state
    assert (knight := mine.piece(11)) is not None and knight.rest == 1
    walked = resolve(mine, orders(1, move(11, (2, 1), (3, 1))), random.Random(1)).state
    assert (knight := walked.piece(11)) is not None and knight.rest == 0
    full = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 5, 5)], active=2)
    assert resolve(full, {}, random.Random(1)).state.army(1)[0].rest == FULL_REST


def test_all_rested_a_piece_that_walked_and_attacked_sits_out_the_next_turn() -> None:
    """ "thus at the end of your turn the pieces you used in that turn will not be fully
    rested. In your NEXT turn, only those pieces with a minimum amount of rest (currently 2
    units) will be able to take part." """
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1, hp=99)])
    used = resolve(game, orders(1, move(11, (2, 1), (3, 1))), random.Random(3)).state
    again = resolve(used, {}, random.Random(3))  # player 2's turn, then player 1's
    turn_began = found(again.events, TurnBegan)[0]
    assert turn_began.player == 1 and turn_began.rested == ()
    second = resolve(again.state, orders(1, move(11, (2, 2))), random.Random(3))
    assert kinds_of(second.events)[0] == "move_skipped"


def test_an_attack_applies_the_equations_and_earns_experience() -> None:
    """A beast (AGI 7, claws beat blades) on a knight (AGI 5, DEF 5): no miss, DEF halved,
    4 x 5 / 2.5 = 8 HP, or 14 on a crit."""
    game = state(OPEN7, [piece(11, "BEAST", 1, 1), piece(21, "KNIGHT", 3, 1, hp=20)])
    result = resolve(game, orders(1, move(11, (2, 1), (3, 1))), random.Random(4))
    attack = found(result.events, Attacked)[0]
    target = result.state.piece(21)
    assert target is not None
    assert attack.damage == 20 - target.hp
    assert attack.damage in (8, 14) and not attack.missed
    assert (knight := result.state.piece(11)) is not None and knight.xp == 10


def test_a_destroyed_piece_leaves_the_board_and_its_army_may_be_out() -> None:
    """ "The enemy piece may take some damage and may die, being removed from the board." """
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1, hp=1), piece(31, "PIKE", 5, 5)],
        players=3,
    )
    result = resolve(game, orders(1, move(11, (2, 1), (3, 1))), random.Random(5))
    after = result.state
    assert after.piece(21) is None
    assert after.player(2).status == OUT and after.player(2).place == 3
    assert "player_out" in kinds_of(result.events)
    assert after.active == 3  # player 2 is skipped
    assert (knight := after.piece(11)) is not None and knight.xp == 20  # a kill: double


def test_the_game_ends_when_one_army_is_left_first_second_third() -> None:
    """ "the only Game Over condition implemented is "all armies dead but one" and the game
    tracks first, second, and third place." """
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1, hp=1)],
        players=3,
    )
    game.player(3).status = OUT
    game.player(3).place = 3
    result = resolve(game, orders(1, move(11, (2, 1), (3, 1))), random.Random(5))
    after = result.state
    assert after.phase == OVER
    assert [(p.id, p.place) for p in after.players] == [(1, 1), (2, 2), (3, 3)]
    assert found(result.events, GameOver)[0].places == (1, 2, 3)
    with pytest.raises(GameFinished):
        resolve(after, {}, random.Random(1))


def test_a_move_an_earlier_one_made_impossible_is_skipped() -> None:
    # a third army stands, so the battle goes on once player 2's last piece falls
    game = state(
        OPEN7,
        [
            piece(11, "KNIGHT", 1, 1),
            piece(12, "KNIGHT", 3, 2),
            piece(21, "PIKE", 3, 1, hp=1),
            piece(31, "PIKE", 5, 5),
        ],
        players=3,
    )
    result = resolve(
        game, orders(1, move(11, (2, 1), (3, 1)), move(12, (3, 2), (3, 1))), random.Random(5)
    )
    skipped = found(result.events, MoveSkipped)
    assert [(e.piece, e.reason) for e in skipped] == [(12, "no piece to attack at 03/01")]
    assert skipped[0].visible_to == frozenset({1}) and not skipped[0].public


def test_a_human_without_orders_misses_the_turn() -> None:
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 5, 5)])
    result = resolve(game, {}, random.Random(1))
    assert result.state.player(1).missed == 1
    assert result.state.pieces == game.pieces


def test_the_turn_limit_ends_the_game_on_pieces_then_hit_points() -> None:
    """Ruling 7: the text's time limit is "not implemented"; a game ends after 100 rounds,
    placed on the "score info": pieces left, then their hit points."""
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1, hp=3), piece(21, "PIKE", 5, 5), piece(31, "PIKE", 5, 1)],
        players=3,
    )
    game.turn_limit = 6
    after = resolve(game, {}, random.Random(1)).state
    assert after.phase == OVER
    assert [(p.id, p.place) for p in after.players] == [(1, 3), (2, 1), (3, 2)]


def armies_state() -> TacticsState:
    from tests.rules.tactics.test_setup import new_game

    return new_game(2, bots=1, seed=8)


def test_the_army_turn_sets_up_the_armies_sent_and_keeps_the_default() -> None:
    """ "Here, you are given the opportunity to configure the nine pieces which will be your
    army." """
    game = armies_state()
    assert game.phase == ARMY
    bot_army = [p.kind for p in game.army(3)]
    picked: dict[int, JsonObject] = {
        1: {"player": 1, "turn": 1, "army": ["WOLF", "WOLF", "ARCHER"]}
    }
    result = resolve(game, picked, random.Random(1))
    after = result.state
    assert [p.kind for p in after.army(1)] == ["WOLF", "WOLF", "ARCHER"]
    assert [p.kind for p in after.army(2)] == [p.kind for p in game.army(2)]
    assert [p.kind for p in after.army(3)] == bot_army
    assert after.phase == "battle" and after.active == game.active and after.turn == 1
    picks = {e.player: e.default for e in found(result.events, ArmyPicked)}
    assert picks == {1: False, 2: True}


def test_after_three_missed_turns_the_bots_strategy_plays_until_orders_come() -> None:
    """Ruling 9: "I plan on having something in the right-click player menu to allow the
    host to dump you if you stop playing.. turn you into a bot probably." """
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 5, 5)])
    game.last_hit = game.turn - 40  # nobody hit for long: the bot walks in
    game.player(1).missed = 2
    result = resolve(game, {}, random.Random(1))
    assert result.state.player(1).missed == 3
    assert kinds_of(result.events)[:2] == ["no_orders", "walked"]
    assert found(result.events, NoOrders)[0].autopilot
    game.player(1).missed = 3
    mine = resolve(game, orders(1, move(11, (1, 2))), random.Random(1))
    assert mine.state.player(1).missed == 0
    assert (knight := mine.state.piece(11)) is not None and knight.pos == (1, 2)


def test_no_piece_moves_once_the_battle_is_won() -> None:
    """ "the only Game Over condition implemented is "all armies dead but one"": the game is
    over when the last enemy piece falls. The turn went on with the winner's other moves,
    and the battle log said them between "Bob lost the last piece and is out" and "GAME
    OVER"; they are not made (ruling in docs/rules/tactics.md)."""
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(12, "KNIGHT", 1, 3), piece(21, "PIKE", 3, 1, hp=1)],
    )
    result = resolve(game, orders(1, move(11, (2, 1), (3, 1)), move(12, (2, 3))), random.Random(5))
    assert kinds_of(result.events)[-2:] == ["player_out", "game_over"]
    assert [e.kind for e in result.events].count("walked") == 1  # piece 11's, before
    after = result.state
    assert after.phase == OVER
    assert (knight := after.piece(12)) is not None and knight.pos == (1, 3)
