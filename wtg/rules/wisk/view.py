"""What a player may see: the public JSON, the report and the AOF's context.

Everyone sees the map, the battle log and how many cards each player holds; a player's
own cards and mission are in his own report only. The report of ``NOBODY`` is the GM's:
what every player may see, and nothing more."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.aof.render import OMIT
from wtg.core.jsondata import Json, JsonObject, json_list, word
from wtg.rules.wisk.cards import trade_value
from wtg.rules.wisk.constants import FIXED, FIXED_VALUES
from wtg.rules.wisk.reinforce import continent_bonuses, from_territories
from wtg.rules.wisk.state import CLAIMING, PLACING, PLAYING, WiskState
from wtg.rules.wisk.victory import describe
from wtg.rules.wisk.whywords import PLACED, TRADED

NOBODY = 0
"""The side of no player: its report is the turn's public report, the GM's."""

STAGE_NAMES = {
    CLAIMING: "initial assignment: claiming territories",
    PLACING: "initial assignment: placing the remaining armies",
    "play": "play",
}


def public_json(state: WiskState) -> JsonObject:
    """The contract's ``wtg state --json``: never a card in hand or a mission."""
    board = state.board
    return {
        "ruleset": "wisk",
        "game": state.game,
        "map": board.name,
        "turn": state.turn,
        "stage": state.stage,
        "active": 0 if state.over else state.active,
        "winner": state.winner,
        "won_by": state.won_by,
        "options": {
            "assignment": state.options.assignment,
            "cards": state.options.cards,
            "ties": state.options.ties,
            "secret_objectives": state.options.missions,
            "missing": state.options.missing,
        },
        "trades": state.trades,
        "next_trade": trade_value(state.options.cards, state.trades, ())
        if _escalating(state)
        else None,
        "deck": len(state.deck),
        "continents": [
            {"name": c.name, "bonus": c.bonus, "territories": list(c.territories)}
            for c in board.continents
        ],
        "territories": [
            {
                "id": site.id,
                "name": site.name,
                "continent": site.continent,
                "owner": state.owner(site.id),
                "armies": state.armies(site.id),
                "neighbours": list(site.neighbours),
            }
            for site in board.sites
        ],
        "players": [_public_player(state, p.id) for p in state.players],
    }


def _escalating(state: WiskState) -> bool:
    return state.options.cards != FIXED


def _public_player(state: WiskState, pid: int) -> JsonObject:
    player = state.player(pid)
    mine = state.territories_of(pid)
    return {
        "id": pid,
        "name": player.name,
        "robot": player.robot,
        "cards": len(player.cards),
        "status": player.status,
        "territories": len(mine),
        "armies": sum(state.armies(t) for t in mine),
        "continents": [*state.continents_of(pid)],
        "to_place": player.to_place,
        "missed": player.missed,
        "eliminated_by": player.eliminated_by,
    }


def reinforcements(state: WiskState, pid: int) -> int:
    """New armies before cards: territories / 3 (at least 3) and whole continents."""
    count = len(state.territories_of(pid))
    return from_territories(count) + sum(b for _, b in continent_bonuses(state, pid))


def my_cards(state: WiskState, pid: int) -> list[JsonObject]:
    board = state.board
    rows: list[JsonObject] = []
    for cid in sorted(state.player(pid).cards):
        card = board.card(cid)
        territory = board.site(card.territory).name if card.territory else ""
        held = bool(card.territory) and state.owner(card.territory) == pid
        rows.append({"id": cid, "kind": card.kind, "territory": territory, "held": held})
    return rows


SETUP_OMITS = ("trade", "attack", "fortify")
"""Sections the forms of the initial assignment leave out: it takes only placements."""


def form_context(state: WiskState, pid: int) -> dict[str, object]:
    me = state.player(pid)
    hand = " ".join(f"{c['id']}={word(c['kind'])[:3].upper()}" for c in my_cards(state, pid))
    place_help = "Armies you leave unplaced are placed for you on your front, as a robot would."
    if state.stage == CLAIMING:
        place = "CLAIM: territories in order of choice, ARMIES 1; the first still free is yours"
        place_help = "Should all you list be taken, a free territory is claimed for you."
    elif state.stage == PLACING and state.options.one_army_a_turn:
        place = (
            f"PLACE ONE of your {me.to_place} starting armies left: territories of yours in "
            "order of choice, ARMIES 1; the first listed gets it"
        )
        place_help = "Should you list none, it is placed for you on your front, as a robot would."
    elif state.stage == PLACING:
        place = f"PLACE your remaining {me.to_place} starting armies on your territories"
    else:
        place = (
            f"PLACE your {reinforcements(state, pid)} new armies (plus any from cards) on "
            "your territories; a continent's bonus goes into that continent"
        )
    context: dict[str, object] = {
        "cards": hand or "none",
        "place": place,
        "place_help": place_help,
        "next_trade": _trade_note(state),
    }
    if state.stage != PLAYING:  # the initial assignment: placements only
        context[OMIT] = SETUP_OMITS
    return context


def _trade_note(state: WiskState) -> str:
    if state.options.cards == FIXED:
        return ", ".join(f"{k} {v}" for k, v in FIXED_VALUES.items())
    return f"the next set traded is worth {trade_value(state.options.cards, state.trades, ())}"


def short_placements(events: Sequence[Mapping[str, Json]]) -> list[Mapping[str, Json]]:
    """The events as the reader sees them, a place line that got fewer armies than it
    asked told as the placement it made with what it asked (ruling 20): the turn tells it as
    an order skipped right before the Placed of what it did place, and "Not done" beside
    "You placed 7" read as two orders (the forecast, ``forecast._short_placements``, says
    it as one)."""
    told: list[Mapping[str, Json]] = []
    for event in events:
        before = told[-1] if told else None
        if (
            event.get("kind") == "placed"
            and event.get("why") in ("orders", "setup")
            and before is not None
            and before.get("kind") == "order_skipped"
            and str(before.get("order", "")).endswith(f" on {event.get('territory')}")
        ):
            told[-1] = {**event, "asked": int(str(before["order"]).split()[1])}
            continue
        told.append(event)
    return told


def report_context(
    state: WiskState, events: Sequence[Mapping[str, Json]], pid: int
) -> dict[str, object]:
    board = state.board
    public = public_json(state)
    names = {p.id: p.name for p in state.players}
    seen = short_placements(
        [e for e in events if e.get("public") or pid in json_list(e.get("visible_to"))]
    )
    mission = ""
    if pid != NOBODY and state.options.missions and state.player(pid).mission:
        mission = describe(state, pid, board.mission(state.player(pid).mission))
    territories = json_list(public["territories"])
    continents = [
        {
            "name": c.name,
            "bonus": c.bonus,
            "territories": [territories[t - 1] for t in c.territories],
        }
        for c in board.continents
    ]
    return {
        "game": state.game,
        "turn": state.turn,
        "me": _public_player(state, pid) if pid != NOBODY else None,
        "player_id": pid,
        "players": public["players"],
        "names": names,
        "site_names": {s.id: s.name for s in board.sites},
        "card_names": {
            c.id: f"{c.kind}, {board.site(c.territory).name}" if c.territory else c.kind
            for c in board.cards
        },
        "events": seen,
        "continents": continents,
        "cards": my_cards(state, pid) if pid != NOBODY else [],
        "mission": mission,
        "stage": STAGE_NAMES.get(state.stage, state.stage),
        "active": state.active,
        "first": _round_opener(state),
        "winner": state.winner,
        "won_by": state.won_by,
        "gm_note": state.gm_note,
        "reinforcements": reinforcements(state, pid) if pid != NOBODY else 0,
        "trade_note": _trade_note(state),
        "ties": state.options.ties,
        "why_placed": PLACED,
        "why_traded": TRADED,
    }


def _round_opener(state: WiskState) -> int:
    """The seat every round starts with: the first mover, or once he is out (he moves no
    more) the next seat clockwise still in the game."""
    if state.player(state.first).alive:
        return state.first
    return state.next_player(state.first)
