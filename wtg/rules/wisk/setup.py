"""Turn 0 of a WISK game: the players (humans, then robots), armies by player count, the
first player, the deck, the missions and the initial assignment."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from wtg.core.errors import SetupError as SetupError
from wtg.core.ruleset import GameSetup, OptionValue
from wtg.rules.wisk.assignment import deal, spread
from wtg.rules.wisk.board import Board
from wtg.rules.wisk.constants import (
    ASSIGNMENTS,
    AUTOMATIC,
    CARD_RULES,
    CLAIMS,
    ESCALATING,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MISSING_PLACE,
    MISSING_RULES,
    START_ARMIES,
    TIE_RULES,
    TIES_ATTACKER,
)
from wtg.rules.wisk.state import CLAIMING, PLACING, PLAYING, Holding, Options, Player, WiskState


def read_options(given: Mapping[str, OptionValue]) -> Options:
    options = Options(
        assignment=str(given.get("assignment") or AUTOMATIC),
        cards=str(given.get("cards") or ESCALATING),
        ties=str(given.get("ties") or TIES_ATTACKER),
        missions=bool(given.get("missions", False)),
        missing=str(given.get("missing") or MISSING_PLACE),
    )
    for name, allowed in (
        ("assignment", ASSIGNMENTS),
        ("cards", CARD_RULES),
        ("ties", TIE_RULES),
        ("missing", MISSING_RULES),
    ):
        if getattr(options, name) not in allowed:
            raise SetupError(f"--{name} must be one of {', '.join(allowed)}")
    return options


def start_state(setup: GameSetup, board: Board, rng: Random) -> WiskState:
    options = read_options(setup.options)
    robots = int(setup.options.get("robots") or 0)
    players = [Player(p.id, p.name) for p in setup.players]
    taken = {p.id for p in players}
    next_id = max(taken, default=0) + 1
    for number in range(robots):
        players.append(Player(next_id + number, f"Robot {next_id + number}", robot=True))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(
            f"WISK is for {MIN_PLAYERS} to {MAX_PLAYERS} players (humans and robots), "
            f"not {len(players)}"
        )
    for player in players:
        player.to_place = START_ARMIES[len(players)]
    # "in WISK, always played first by the first human player counted clockwise from
    # position 0"; a game of robots only starts with the first seat.
    first = next((p.id for p in players if not p.robot), players[0].id)
    deck = [c.id for c in board.cards]
    rng.shuffle(deck)
    state = WiskState(
        game=setup.game,
        board=board,
        players=players,
        holdings=[Holding() for _ in board.sites],
        options=options,
        active=first,
        first=first,
        deck=deck,
    )
    if options.missions:
        _deal_missions(state, rng)
    if options.assignment in CLAIMS:
        state.stage = CLAIMING
        return state
    deal(state, rng)
    if options.assignment == AUTOMATIC:
        spread(state, rng)
        state.stage = PLAYING
    else:
        state.stage = PLACING
    return state


def _deal_missions(state: WiskState, rng: Random) -> None:
    missions = [m.id for m in state.board.missions]
    if len(missions) < len(state.players):
        raise SetupError(f"map {state.board.name} has {len(missions)} missions, too few")
    for player, mission in zip(
        state.players, rng.sample(missions, len(state.players)), strict=True
    ):
        player.mission = mission
