"""Every event kind the rules can emit, in every ruleset's report, with real values.

Games are played by the rules alone (``tests.played``): the built-in strategies, robots
and bots, with a few twists so that the rarer kinds happen too (every spy operation, a
missed turn, quitting, an alliance, a vote, a tech trade, the end of the game). Every
side's report of every turn, and the Top Ten, must read as words and numbers: no Python
repr (``<built-in method pop of dict ...>``, ``{'``, ``[{``, ``<... object at 0x``), no
``None``, no Jinja left over. And each kind must have words of its own: a report with the
event says more than the same report without it, to someone who may see it.

The kinds the rules can emit are read from the code (every ``Event`` class of the
ruleset's packages), so a new kind fails here until a game shows it.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any, NamedTuple

import pytest

from tests.played import Played, attacking, game_config, play
from tests.test_event_fields import event_classes
from wtg.core.ruleset import EndsByHand, OptionValue, Ruleset, SideId, State, public_sides
from wtg.game.gameconfig import GameConfig
from wtg.game.registry import find_ruleset
from wtg.game.report import report_text, topten_text
from wtg.rules.intermediate.strategy import plan_orders as intermediate_plan
from wtg.rules.standard.strategy import plan_orders as standard_plan
from wtg.rules.tactics.moves import Move, move_problem, targets, walks
from wtg.rules.tactics.strategy import plan_orders as tactics_plan
from wtg.rules.wisk.strategy import plan as wisk_plan
from wtg.rules.wok4.strategy import plan_orders as wok4_plan

BAD = re.compile(r"<built-in|\bNone\b|\{\{|\}\}|\{%|%\}|<[^>]*object at 0x|\{'|\[\{|\[\]")
"""What a template must never print: a Python repr, None, Jinja that was not rendered."""

WIDTH = 78
"""A report's line at most, unless it is a row of columns (two spaces together in it)."""

SPY_OPS = range(1, 6)

NOT_EMITTED = {
    "wok4": {"upgraded": "gold upgrades are Standard's", "voted_end": "no votes in WoK IV"},
    "intermediate": {"alliance_declared": "no alliances in a Skirmish, the only variant"},
}
"""Kinds of the shared WoK package a ruleset never emits, and why."""


class Game(NamedTuple):
    ruleset: str
    config: GameConfig
    turns: Iterator[Played]


def wok_twist(turns_missed: Mapping[int, range], **extra: Any) -> Callable[..., Any]:
    """The built-in player's orders, but: the spy operations cycle through all five; a side
    misses the turns ``turns_missed`` gives it (three in a row: QUIT); ``extra`` sets an
    order section from a turn on: ``{key: (from_turn, value or callable(state, side))}``."""

    def twist(state: Any, side: int, planned: dict[str, Any]) -> dict[str, Any] | None:
        turn = state.turn + 1
        if turn in turns_missed.get(side, ()):
            return None
        orders = dict(planned)
        orders["spy"] = [
            {**order, "op": SPY_OPS[(turn + side + index) % len(SPY_OPS)]}
            for index, order in enumerate(planned.get("spy", ()))
        ]
        if not orders["spy"]:
            del orders["spy"]
        for key, (from_turn, value) in extra.items():
            if turn >= from_turn:
                given = value(state, side) if callable(value) else value
                if given is not None:
                    orders[key] = given
        return orders

    return twist


def _trade(state: Any, side: int) -> list[int] | None:
    return [100] if state.player(side).tech >= 100 else None


def _quitter(who: int) -> Callable[[Any, int], bool | None]:
    """The QUIT line of side ``who``'s orders."""
    return lambda state, side: True if side == who else None


def _ally(state: Any, side: int) -> int | None:
    return {1: 4, 4: 1}.get(side)


def wok4_game() -> Game:
    """Four on the small map (seed 26): player 2 misses turns 3-5 (QUIT); player 4 is wiped
    out on turn 9; player 1 QUITs on turn 20, leaving player 3 the last standing; 1 and 4
    name each other allies; tech is traded. (Seed 17's game had player 1 wiped out before
    his QUIT line, once round 47's built-in player marched its spare armies the whole way
    to a siege in one turn; seed 13's was won by the allies 1 and 4 on turn 13, once round
    46's marched them a step a turn; seed 7's ended on turn 20 with no spy of op 3
    succeeding, once round 43's reinforced against the next turn's attacks.)"""
    config = game_config("wok4", "small", 4, 26)
    twist = wok_twist(
        {2: range(3, 6)},
        ally=(2, _ally),
        trade=(1, _trade),
        quit=(20, _quitter(1)),
    )
    return Game("wok4", config, play(find_ruleset("wok4"), config, wok4_plan, 60, twist=twist))


def standard_game() -> Game:
    """Three on star-islands, bolder than the built-in player (``attacking``): player 3
    misses turns 4-6 (QUIT); all vote at turn 30, and the game ends there."""
    config = game_config("standard", "star-islands", 3, 11)
    twist = wok_twist({3: range(4, 7)}, vote_end=(30, True))
    return Game(
        "standard",
        config,
        play(find_ruleset("standard"), config, attacking(standard_plan), 40, twist=twist),
    )


def allied_game() -> Game:
    """Six on classic60, a few turns: players 1 and 2 name each other allies (a game of
    more than 5 players has alliances; the three of ``standard_game`` have none)."""
    config = game_config("standard", "classic60", 6, 11)
    twist = wok_twist({}, ally=(2, lambda s, p: {1: 2, 2: 1}.get(p)))
    return Game(
        "standard", config, play(find_ruleset("standard"), config, standard_plan, 4, twist=twist)
    )


def duel_game() -> Game:
    """A Duel: its robots, RIPs and NAPs; colour 5 QUITs on turn 12."""
    config = game_config("standard", "classic60", 2, 4)
    rules = find_ruleset("standard")
    return Game(
        "standard",
        config,
        play(
            rules,
            config,
            standard_plan,
            30,
            variant="duel",
            twist=wok_twist({}, quit=(12, _quitter(5))),
        ),
    )


def intermediate_game() -> Game:
    """Five on pentarchy; player 5 misses turns 3-5 (QUIT), player 4 QUITs on turn 10; all
    vote to end the game on turn 30."""
    config = game_config("intermediate", "pentarchy", 5, 2)
    twist = wok_twist({5: range(3, 6)}, quit=(10, _quitter(4)), vote_end=(30, True))
    rules = find_ruleset("intermediate")
    return Game("intermediate", config, play(rules, config, intermediate_plan, 40, twist=twist))


def away_game(ruleset: str, map_name: str, plan: Callable[..., Any]) -> Game:
    """Three players, three turns: player 1 is away on turn 2 (a planned ABSENCE, no orders
    sent: the host files what the rules give an absent player)."""
    config = game_config(ruleset, map_name, 3, 5)

    def twist(state: Any, side: int, planned: dict[str, Any]) -> dict[str, Any] | None:
        if side == 1 and state.turn + 1 == 2:
            return {"player": side, "turn": 2, "absent": True}
        return planned

    return Game(ruleset, config, play(find_ruleset(ruleset), config, plan, 3, twist=twist))


def _wisk_plan(state: Any, side: int, rng: random.Random) -> dict[str, Any]:
    return wisk_plan(state, side)


def wisk_games() -> Iterator[Game]:
    """Two humans and two robots, a human passing now and then and giving an attack the
    turn cannot run; then a claimed board."""
    config = game_config("wisk", "classic", 2, 2)

    def twist(state: Any, side: int, planned: dict[str, Any]) -> dict[str, Any] | None:
        if state.turn % 7 == 3:
            return None
        if state.turn % 7 == 5 and planned.get("place"):  # more armies than the turn gives
            more = {**planned["place"][0], "armies": 99}
            return {**planned, "place": [*planned["place"], more]}
        return planned

    rules = find_ruleset("wisk")
    yield Game(
        "wisk",
        config,
        play(rules, config, _wisk_plan, 250, options={"robots": 2}, twist=twist),
    )
    passing: dict[str, OptionValue] = {
        "robots": 2,
        "missing": "pass",
    }  # a human without orders passes the turn
    yield Game("wisk", config, play(rules, config, _wisk_plan, 40, options=passing, twist=twist))
    semi: dict[str, OptionValue] = {"robots": 2, "assignment": "semi"}

    def skips_placing(state: Any, side: int, planned: dict[str, Any]) -> dict[str, Any] | None:
        return None if state.turn == 1 else planned  # the second human places nothing

    yield Game(
        "wisk", config, play(rules, config, _wisk_plan, 8, options=semi, twist=skips_placing)
    )
    claimed = game_config("wisk", "classic", 0, 9)
    yield Game(
        "wisk",
        claimed,
        play(rules, claimed, None, 80, options={"robots": 6, "assignment": "claim"}),
    )


def tactics_game() -> Game:
    """Two humans of two guilds at war and two bots; a human misses a turn now and then.
    The second human piles on: each of his pieces attacks the weakest enemy it can reach,
    so one may aim at a piece an earlier one killed (a move skipped at the turn)."""
    config = game_config("tactics", "meadow", 2, 3)

    def planned(state: Any, side: int, rng: random.Random) -> dict[str, Any]:
        return _piling_on(state, side) if side == 2 else tactics_plan(state, side)

    def twist(state: Any, side: int, orders: dict[str, Any]) -> dict[str, Any] | None:
        return None if state.turn % 5 == 4 else orders

    rules = find_ruleset("tactics")
    return Game(
        "tactics", config, play(rules, config, planned, 400, options=TACTICS_WAR, twist=twist)
    )


def _piling_on(state: Any, side: int) -> dict[str, Any]:
    """Each piece in turn attacks the enemy with the fewest hit points it can reach (the
    board as the earlier moves leave it, every target still on it)."""
    work = state.clone()
    moves: list[Move] = []
    for piece in work.army(side):
        found = [
            (enemy.hp, enemy.id, spot, enemy.pos)
            for spot in sorted(walks(work, piece))
            for enemy in targets(work, piece, spot).values()
        ]
        if found:
            _, _, spot, aim = min(found)
            move = Move(piece.id, spot, aim)
            if not move_problem(work, side, move, [m.piece for m in moves]):
                moves.append(move)
                piece.x, piece.y = spot
    return {"player": side, "turn": state.turn + 1, "moves": [m.to_dict() for m in moves]}


TACTICS_WAR: dict[str, OptionValue] = {
    "bots": 2,
    "war_points": 64,
    "guilds": "1=Red Hand, 2=Blue Moon",
}


GAMES: dict[str, Callable[[], list[Game]]] = {
    "wok4": lambda: [wok4_game(), away_game("wok4", "small", wok4_plan)],
    "standard": lambda: [
        standard_game(),
        allied_game(),
        duel_game(),
        away_game("standard", "star-islands", standard_plan),
    ],
    "intermediate": lambda: [
        intermediate_game(),
        away_game("intermediate", "pentarchy", intermediate_plan),
    ],
    "wisk": lambda: list(wisk_games()),
    "tactics": lambda: [tactics_game()],
}


WOK = ("wok4", "standard", "intermediate")


def declared_kinds(ruleset: str) -> set[str]:
    """The kind of every Event class of the ruleset's package (and, for a WoK ruleset, of
    the family's shared one), but those it never emits."""
    packages = [f"wtg.rules.{ruleset}"]
    if ruleset in WOK:
        packages.append("wtg.rules.wok")
    kinds = set()
    for package in packages:
        for module in _modules(package):
            for cls in event_classes():
                if cls.__module__ == module:
                    kinds.add(cls.kind)
    return kinds - set(NOT_EMITTED.get(ruleset, {}))


def _modules(package: str) -> list[str]:
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        importlib.import_module(info.name)
        names.append(info.name)
    return names


def key_of(event: Mapping[str, Any]) -> str:
    """An event's kind; a spy operation's with its number and outcome."""
    kind = str(event["kind"])
    if kind in ("spy_report", "spied_upon") and "op" in event:
        return f"{kind} op {event['op']} {'success' if event.get('success') else 'failure'}"
    if kind == "player_quit":
        return f"{kind} {'chosen' if event['chosen'] else 'missed'}"
    return kind


def required_keys(ruleset: str) -> set[str]:
    keys = declared_kinds(ruleset)
    spying = {"spy_report", "spied_upon"}
    if spying <= keys:  # every operation's success, told to both sides
        keys = keys - spying | {f"{kind} op {op} success" for kind in spying for op in SPY_OPS}
    if "player_quit" in keys:  # three missed turns, or the QUIT line
        keys = keys - {"player_quit"} | {"player_quit missed", "player_quit chosen"}
    return keys


class Reading(NamedTuple):
    shown: dict[str, str]
    """Each key: the first report (of a side who sees it) that tells of it."""
    problems: list[str]
    peaceful: list[str]
    """The WoK games of ``FIGHTING_TURNS`` turns or more in which no human attacked."""


FIGHTING_TURNS = 10
"""A WoK game this long in which no human attacked tests no human's battle report."""


def sides(rules: Ruleset[State], state: State) -> list[int]:
    return [side.id for side in public_sides(rules.public_json(state))]


def _report(
    rules: Ruleset[State], config: GameConfig, state: State, events: list[Any], side: int
) -> str:
    return report_text(rules, config, state, events, side, deadline="2026-01-02 18:00 UTC")


GM_WORDS = "every player stopped writing"
"""The reason of the GM's end each game is also read with (``ended_by_the_gm``)."""


def ended_by_the_gm(rules: Ruleset[State], turns: Iterator[Played]) -> Iterator[Played]:
    """The game's turns, then the GM's end (`wtg end`) of its first state past turn 1 that
    is not over, the first side's orders pending for it: the kinds only an end by hand
    emits (its words, the orders not played) are read in a report as every other kind."""
    early = None
    for played in turns:
        yield played
        if early is None and rules.turn_of(played.state) >= 2 and not rules.is_over(played.state):
            early = played.state
    if early is not None and isinstance(rules, EndsByHand):
        unplayed = [SideId(sides(rules, early)[0])]
        result = rules.end_by_hand(early, GM_WORDS, unplayed)
        yield Played(result.state, [event.to_dict() for event in result.events])


@cache
def reading(ruleset: str) -> Reading:
    """Every report of every played turn, checked; and, for the first event of each key,
    the report that shows it (with it against without it)."""
    rules = find_ruleset(ruleset)
    shown: dict[str, str] = {}
    problems: list[str] = []
    peaceful: list[str] = []
    for game in GAMES[ruleset]():
        humans = {p.id for p in game.config.players}
        turns = attacks = 0
        for played in ended_by_the_gm(rules, game.turns):
            state, events = played.state, played.events
            turns += 1
            attacks += sum(e["kind"] == "battle" and e["attacker"] in humans for e in events)
            texts = {
                side: _report(rules, game.config, state, events, side)
                for side in sides(rules, state)
            }
            texts[0] = topten_text(rules, game.config, state)
            for side, text in texts.items():
                where = f"{ruleset} turn {rules.turn_of(state)} side {side} line"
                for match in BAD.finditer(text):
                    line = text[: match.start()].count("\n") + 1
                    problems.append(f"{where} {line}: " + text.splitlines()[line - 1].strip())
                problems += [
                    f"{where} {number}: {len(line)} columns: {line}"
                    for number, line in enumerate(text.splitlines(), 1)
                    if len(line) > WIDTH and "  " not in line.strip()
                ]
            for event in events:
                key = key_of(event)
                if key not in shown:
                    told = _told(rules, game.config, state, event)
                    if told:
                        shown[key] = told
        if ruleset in WOK and turns > FIGHTING_TURNS and not attacks:
            peaceful.append(f"{game.config.map}: {turns - 1} turns, no human attacked")
    return Reading(shown, problems, peaceful)


def _told(rules: Ruleset[State], config: GameConfig, state: State, event: Mapping[str, Any]) -> str:
    """The report of the first side for whom the event adds words, or ""."""
    for side in sides(rules, state):
        alone = _report(rules, config, state, [event], side)
        if alone != _report(rules, config, state, [], side):
            return alone
    return ""


RULESETS = tuple(GAMES)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_report_reads_as_words_and_numbers_in_78_columns(ruleset: str) -> None:
    assert reading(ruleset).problems == []


@pytest.mark.parametrize("ruleset", WOK)
def test_the_humans_of_every_long_wok_game_fight(ruleset: str) -> None:
    """The built-in Standard player attacks only at twice the target's strength, and in
    the 30 turns of the Standard game here no human ever attacked: its reports told of no
    battle a human fought. Its humans play ``tests.played.attacking``."""
    assert reading(ruleset).peaceful == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_event_kind_the_rules_emit_is_told_in_a_report(ruleset: str) -> None:
    missing = sorted(required_keys(ruleset) - set(reading(ruleset).shown))
    assert missing == []


def test_the_kinds_are_read_from_the_code() -> None:
    """The list is the code's, not a copy: the kinds the tests have always known are in it,
    and a kind a ruleset never emits is left out with a reason."""
    assert {"bombing_run", "tech_traded", "player_quit"} <= declared_kinds("wok4")
    assert "upgraded" not in declared_kinds("wok4")
    assert {"ripped", "upgraded", "voted_end", "alliance_declared"} <= declared_kinds("standard")
    assert {"troops_upgraded", "voted_end"} <= declared_kinds("intermediate")
    assert {"claimed", "game_won", "turn_passed"} <= declared_kinds("wisk")
    assert {"army_picked", "no_orders", "level_up"} <= declared_kinds("tactics")


def test_spy_player_shows_the_empires_numbers() -> None:
    """Standard WoK, Spy Player: "See the total POP, WOK, ARM, MIS and SPY, along with the
    average LEV and DEF for the player's empire ... Also see the player's EFF, GOLD and Tech
    Level." The report printed ``POP <built-in method pop of dict ...>``."""
    for ruleset in ("standard", "intermediate"):
        text = reading(ruleset).shown["spy_report op 2 success"]
        line = next(line for line in text.splitlines() if "Empire of" in line)
        assert re.search(r"POP \d+, WOK \d+, ARM \d+", line), line
