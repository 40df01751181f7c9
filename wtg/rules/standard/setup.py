"""Turn 0 of Standard WoK and its variants: homes, neutrals, colours and robots."""

from __future__ import annotations

from random import Random
from string import ascii_uppercase

from wtg.core.provmap import ProvinceMap
from wtg.core.ruleset import GameSetup
from wtg.rules.standard.constants import HEADHUNTING_TURNS
from wtg.rules.wok.limits import START_EFF
from wtg.rules.wok.setup import SetupError as SetupError
from wtg.rules.wok.setup import seat_players
from wtg.rules.wok.state import Player, WokState

VARIANTS = (None, "skirmish", "duel", "duel-lite", "trinity")
COLOURS = {"duel": 3, "duel-lite": 2, "trinity": 2}
"""Colours a human plays in each variant with colours."""
HUMANS = {"duel": 2, "duel-lite": 2, "trinity": 3}
ROBOTS = 4
"""Four colours are played by robots in a Duel and a Trinity."""
DUEL_HEADHUNTING = 3
NAP_ENDS = (6, 8, 10)
"""Duel: A-A NAPped until the start of turn 6, B-B until 8, C-C until 10."""
RIP_TARGET = 3


def start_state(setup: GameSetup, game_map: ProvinceMap, rng: Random) -> WokState:
    """ "You start the game with a tech level of 0, no gold, an effectivenss (EFF) level of 99
    and with a single, randomly selected province" not next to another player's."""
    variant = setup.variant
    if variant not in VARIANTS:
        raise SetupError(
            f"no variant {variant!r} of standard (variants: {', '.join(v for v in VARIANTS if v)})"
        )
    players = _colours(setup) if variant in COLOURS else _players(setup)
    protection = int(setup.options.get("headhunting_turns", HEADHUNTING_TURNS))
    state = seat_players(setup, game_map, players, rng, protection)
    for player in players:
        player.last_taken = player.home
    if variant in COLOURS:
        state.protection = DUEL_HEADHUNTING
        state.protected = sorted(game_map.starts)
        state.rip_target = RIP_TARGET
        if variant != "trinity":
            state.naps = [
                (index * HUMANS[variant] + 1, index * HUMANS[variant] + 2, until)
                for index, until in enumerate(NAP_ENDS[: COLOURS[variant]])
            ]
    return state


def _players(setup: GameSetup) -> list[Player]:
    if not setup.players:
        raise SetupError("a game needs at least one player")
    return [Player(seat.id, seat.name, eff=START_EFF) for seat in setup.players]


def _colours(setup: GameSetup) -> list[Player]:
    """Human h's colour c (A, B, C) is player c x humans + h; robots come after."""
    variant = str(setup.variant)
    humans, colours = HUMANS[variant], COLOURS[variant]
    if len(setup.players) != humans:
        raise SetupError(f"a {variant} is for {humans} human players, not {len(setup.players)}")
    players = []
    for index in range(colours):
        for seat in setup.players:
            label = f"{seat.name}{ascii_uppercase[index]}"
            players.append(
                Player(
                    index * humans + seat.id, label, eff=START_EFF, controller=seat.id, label=label
                )
            )
    for number in range(1, ROBOTS + 1):
        pid = colours * humans + number
        players.append(
            Player(pid, f"Robo{number}", eff=START_EFF, robot=True, label=f"Robo{number}")
        )
    return players
