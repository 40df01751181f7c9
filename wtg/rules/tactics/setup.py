"""Turn 0, given the world's assets and the chosen map's board (read from disk by
``wtg.data.tactics``): seats and colours drawn, armies set up.

"When you join the battle, you are assigned one of the remaining player positions *at
random*"; "One player will be picked at random to get the first turn"; bots fill seats
("you can add up to three bots") and pick their armies at random; humans start with the
default army, which their army orders of turn 1 replace.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from wtg.core.plurals import counted
from wtg.core.ruleset import GameSetup, OptionValue
from wtg.rules.tactics.army import SetupError, default_army, random_army, set_up_army
from wtg.rules.tactics.board import Board, Pos
from wtg.rules.tactics.guilds import read_guilds
from wtg.rules.tactics.state import ARMY, BATTLE, RESTED, Player, TacticsState
from wtg.rules.tactics.world import COLOURS, START_TILES, MapSpec, World

MIN_ARMIES, MAX_ARMIES = 2, 4
ROUNDS = 100
"""The game ends after this many rounds (every standing player's turn once) if it has
not ended before (our ruling; the text's time limit is "not implemented")."""
PIECES_PER_TURN = ("1", "2", "3", "4", RESTED)


def start_state(
    setup: GameSetup, world: World, spec: MapSpec, board: Board, rng: Random
) -> TacticsState:
    options = setup.options
    per_turn = str(options.get("pieces_per_turn") or RESTED)
    if per_turn not in PIECES_PER_TURN:
        raise SetupError(f"pieces per turn must be one of {', '.join(PIECES_PER_TURN)}")
    players = _players(setup, int(options.get("bots") or 0), sorted(board.starts()), rng)
    size = min(world.max_pieces, spec.max_pieces)
    humans = any(not p.bot for p in players)
    state = TacticsState(
        game=setup.game,
        turn=0,
        phase=ARMY if humans else BATTLE,
        pieces_per_turn=per_turn,
        board=board,
        kinds=world.pieces,
        weapons=dict(world.weapons),
        players=players,
        pieces=[],
        active=rng.choice(players).id,
        army_size=size,
        turn_limit=(1 if humans else 0) + ROUNDS * len(players),
        world_version=world.version,
        assets=str(options.get("assets") or ""),
    )
    _guild_wars(state, options)
    for player in state.turn_order():
        army = random_army(world.pieces, size, rng) if player.bot else []
        set_up_army(
            state, player.id, army or default_army(world.pieces, size), start_of(state, player.id)
        )
    return state


def _guild_wars(state: TacticsState, options: Mapping[str, OptionValue]) -> None:
    """``--war-points N`` (the world's "tacticsWinGivesWarPoints") and ``--guilds``."""
    points = int(options.get("war_points") or 0)
    if points < 0:
        raise SetupError(f"--war-points must be 0 or more, not {points}")
    humans = [p.id for p in state.players if not p.bot]
    bots = [p.id for p in state.players if p.bot]
    guilds = read_guilds(str(options.get("guilds") or ""), humans, bots)
    if guilds and not points:
        raise SetupError("--guilds needs --war-points N: the points a first place earns")
    state.war_points, state.guilds = points, guilds


def start_of(state: TacticsState, pid: int) -> Pos:
    colour_index = START_TILES[state.player(pid).position - 1]
    return state.board.starts()[colour_index]


def _players(setup: GameSetup, bots: int, start_colours: list[int], rng: Random) -> list[Player]:
    count = len(setup.players) + bots
    if bots < 0:
        raise SetupError("--bots must be 0 or more")
    if not MIN_ARMIES <= count <= MAX_ARMIES:
        raise SetupError(
            f"a battle is for {MIN_ARMIES} to {MAX_ARMIES} armies: "
            f"{counted(len(setup.players), 'player')} and {counted(bots, 'bot')} make {count}"
        )
    if count > len(start_colours):
        raise SetupError(f"map {setup.map} has {len(start_colours)} start positions, not {count}")
    colours = [COLOURS[START_TILES.index(c)] for c in rng.sample(start_colours, count)]
    players = [
        Player(id=seat.id, name=seat.name, bot=False, colour=colour)
        for seat, colour in zip(setup.players, colours, strict=False)
    ]
    first_bot = max((seat.id for seat in setup.players), default=0) + 1
    for number, colour in enumerate(colours[len(players) :]):
        players.append(
            Player(id=first_bot + number, name=f"Bot {colour.title()}", bot=True, colour=colour)
        )
    return players
