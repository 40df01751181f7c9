"""WoK IV games well under way, and full orders that do something, for the scaling tests
and the benchmarks.

``developed`` spreads empires over a generated map (``tests/bigmap.py``): a share of the
provinces, split evenly among the players in regions grown from their start provinces,
with the armies, workers, missiles, spies, tech and EFF of a game some twenty turns in.
``varied_orders`` fills every line of a player's AOF with an order the turn carries out:
bombs and spies on enemy neighbours, attacks from the border with armies enough to win,
POP->ARM where the armies are, moves towards the border, trades the tech pays for.
"""

from __future__ import annotations

from collections import deque
from random import Random
from typing import Any

from tests.shipped import WOK4 as RULESET
from wtg.core.provmap import map_from_data
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.game.engine import Game
from wtg.game.report import aof_text
from wtg.game.turnmeta import dump_json
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok4.constants import AIMS, TRADES
from wtg.rules.wok4.reach import attacks_allowed

OWNED_SHARE = 0.6
"""The share of the map's provinces the players hold between them."""
TURN = 20


def developed(map_data: object, players: int, seed: int, regions: int | None = None) -> WokState:
    """Turn ``TURN`` of a game of ``players`` on the map: ``regions`` regions of equal size
    (one a player by default) grown from the map's first start provinces, OWNED_SHARE of
    the map in all, dealt to the players in turn; values drawn from ``seed``. The same
    map and ``regions`` give the same provinces owned whatever the number of players."""
    game_map = map_from_data(map_data, RULESET.map_limits)
    seats = tuple(SeatSetup(i, f"Player {i}") for i in range(1, players + 1))
    setup = GameSetup(game="bench", map=game_map.name, seed=seed, players=seats)
    state = RULESET.start_state(setup, game_map, turn_rng(seed, 0))
    for province in state.provinces:
        province.owner = 0
    homes = game_map.starts[: regions or players]
    for region, home in enumerate(homes):
        state.province(home).owner = region + 1
    _grow_empires(state, int(len(state.provinces) * OWNED_SHARE))
    for province in state.provinces:
        if province.owner:
            province.owner = (province.owner - 1) % players + 1
    rng = Random(seed)
    for province in state.provinces:
        _develop(province, rng)
    for player in state.players:
        player.tech = rng.randint(360, 900)
        player.eff = rng.randint(60, 95)
        player.turn_points = TURN
    state.turn = TURN
    return state


def start_from(game: Game[WokState], state: WokState) -> None:
    """Make ``state`` the game's turn 0: a game made by ``create_game`` on the same map,
    well under way at once."""
    state.turn = 0
    path = game.store.turn_dir(0) / "state.json"
    path.write_text(dump_json(game.ruleset.state_to_dict(state)), encoding="utf-8")


def filled_aof(game: Game[WokState], state: WokState, player: int, orders: dict[str, Any]) -> str:
    """The player's AOF for the turn after ``state``, filled in with ``orders``."""
    return aof_text(game.ruleset, game.config, state, player, orders)


def _grow_empires(state: WokState, owned: int) -> None:
    """Each player's region grows one province at a time, in turn, from the home province
    (breadth first), until ``owned`` provinces are held."""
    fronts = {p.owner: deque([p.id]) for p in state.provinces if p.owner}
    held = len(fronts)
    while held < owned and any(fronts.values()):
        for owner, front in fronts.items():
            while front and held < owned:
                free = [n for n in state.province(front[0]).neighbours if not _taken(state, n)]
                if not free:
                    front.popleft()
                    continue
                state.province(free[0]).owner = owner
                front.append(free[0])
                held += 1
                break


def _taken(state: WokState, pid: int) -> bool:
    return state.province(pid).owner != 0


def _develop(province: Province, rng: Random) -> None:
    if not province.owner:
        province.wok, province.lev, province.dfn, province.mis, province.spy = 16, 1000, 3, 0, 0
        province.arm = rng.randint(5, 40)
        return
    province.pop = rng.randint(80, 400)
    province.wok = rng.randint(20, 100)
    province.arm = rng.randint(30, 300)
    province.lev = rng.randint(1200, 2600)
    province.dfn = rng.randint(5, 30)
    province.mis = rng.randint(0, 40)
    province.spy = rng.randint(5, 40)
    province.aim = AIMS[rng.randrange(len(AIMS))]


def varied_orders(state: WokState, player: int, rng: Random) -> dict[str, Any]:
    """Every line of the player's AOF filled with an order that runs (see the module)."""
    mine = sorted(state.provinces_of(player), key=lambda p: p.id)
    orders: dict[str, Any] = {"player": player, "turn": state.turn + 1}
    if not mine:
        return orders
    border = [p for p in mine if any(state.province(n).owner != player for n in p.neighbours)]
    inner = [p for p in mine if p not in border] or mine
    border = border or mine

    def foreign(p: Province) -> list[Province]:
        near = (state.province(n) for n in p.neighbours)
        return [q for q in near if q.owner != player]

    def enemy(p: Province) -> list[Province]:
        return [q for q in foreign(p) if q.owner] or foreign(p)

    picks = rng.sample(border, min(len(border), 24))
    bombers = [p for p in picks if p.mis and enemy(p)][:5]
    orders["bomb"] = [
        {"from": p.id, "to": enemy(p)[0].id, "missiles": min(p.mis, 20)} for p in bombers
    ]
    strong = sorted(border, key=lambda p: -p.arm)
    attacks: list[dict[str, int]] = []
    targeted: set[int] = set()
    for p in strong:
        weak = [q for q in foreign(p) if q.id not in targeted and q.arm * 2 + 10 < p.arm]
        if weak and len(attacks) < attacks_allowed(state.player(player).tech):
            attacks.append({"from": p.id, "to": weak[0].id, "armies": p.arm - 1})
            targeted.add(weak[0].id)
    orders["attack"] = attacks
    kinds = ("POP-ARM", "POP-ARM", "POP-ARM", "POP-WOK", "POP-WOK", "WOK-POP", "POP-WOK")
    orders["transform"] = [
        {"province": rng.choice(border).id, "kind": kind, "amount": rng.randint(20, 50)}
        for kind in kinds
    ]
    movers = rng.sample(inner, min(len(inner), 7))
    orders["move"] = [
        {"from": p.id, "to": rng.choice(p.neighbours), "unit": "ARM", "amount": 50}
        for p in movers
        if state.province(p.neighbours[0]).owner == player or p in inner
    ]
    orders["move"] = [m for m in orders["move"] if state.province(m["to"]).owner == player]
    tech = state.player(player).tech
    trades: list[int] = []
    for points in sorted(TRADES, reverse=True):
        if points <= tech and len(trades) < 5:
            trades.append(points)
            tech -= points
    orders["trade"] = trades
    orders["aim"] = [
        {"province": p.id, "aim": AIMS[rng.randrange(len(AIMS))]}
        for p in rng.sample(mine, min(len(mine), 4))
    ]
    spies = [p for p in picks if p.spy > 3 and [q for q in foreign(p) if q.owner]][:5]
    orders["spy"] = [
        {
            "from": p.id,
            "to": next(q for q in foreign(p) if q.owner).id,
            "op": 1 + rng.randrange(5),
            "spies": min(p.spy - 1, 10),
        }
        for p in spies
    ]
    return orders
