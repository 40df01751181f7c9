"""What a map picture of a WISK game shows (``wtg map``): every territory with its holder
and armies, the continents with their holders and bonus, the card-set value now, and this
turn's battles and conquests.

Risk is played on an open board: who holds a territory and with how many armies is
everyone's to see, as is how many cards each player holds. Which cards they are and the
secret missions are not: a player's picture names his own cards and mission, nobody
else's, and the GM's picture (``player`` None) is the public one, as his report is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.core import board as drawn
from wtg.core.errors import GameError
from wtg.core.jsondata import Json
from wtg.core.plurals import counted
from wtg.rules.endreasons import end_words
from wtg.rules.wisk.board import Continent
from wtg.rules.wisk.cards import trade_value
from wtg.rules.wisk.constants import FIXED, FIXED_VALUES
from wtg.rules.wisk.state import PLAYING, WiskState
from wtg.rules.wisk.victory import describe
from wtg.rules.wisk.view import STAGE_NAMES, my_cards

CONTINENT_HEADER = ("Continent", "Bonus", "Held by", "Most territories")


def board_picture(
    state: WiskState, player: int | None, events: Sequence[Mapping[str, Json]]
) -> drawn.Board:
    """The board after the turn that made ``state``, as ``player`` may see it (None: the
    GM, who sees what every player sees)."""
    if player is not None and player not in {p.id for p in state.players}:
        seats = ", ".join(str(p.id) for p in state.players)
        raise GameError(f"game {state.game} has no player {player} (players: {seats})")
    seen = [e for e in events if _seen(e, player)]
    return drawn.Board(
        title=_title(state, player),
        shape="nodes",
        spots=_spots(state, player, seen),
        links=tuple(
            drawn.Link(str(site.id), str(n))
            for site in state.board.sites
            for n in site.neighbours
            if n > site.id
        ),
        sides=tuple(_side(state, p.id) for p in state.players),
        tables=(continent_table(state),),
        notes=_notes(state, player),
    )


def _seen(event: Mapping[str, Json], player: int | None) -> bool:
    """The GM's picture shows what everyone may see; a player's also what he alone may."""
    visible = event.get("visible_to")
    return bool(event.get("public")) or (
        player is not None and isinstance(visible, list) and player in visible
    )


def _title(state: WiskState, player: int | None) -> str:
    whose = "the GM's view" if player is None else _view_of(state, player)
    return f"Game {state.game}, turn {state.turn}: {whose}"


def _view_of(state: WiskState, player: int) -> str:
    return f"the view of player {player}, {state.player(player).name}"


def _spots(
    state: WiskState, player: int | None, events: Sequence[Mapping[str, Json]]
) -> tuple[drawn.Spot, ...]:
    marks = turn_marks(events)
    spots = []
    for site in state.board.sites:
        holding = state.holding(site.id)
        own: tuple[drawn.Mark, ...] = (
            ("home",) if player is not None and holding.owner == player else ()
        )
        spots.append(
            drawn.Spot(
                id=str(site.id),
                kind="territory",
                name=site.name,
                owner=holding.owner,
                troops=str(holding.armies),
                group=site.continent,
                marks=marks.get(site.id, ()) + own,
            )
        )
    return tuple(spots)


def turn_marks(events: Sequence[Mapping[str, Json]]) -> dict[int, tuple[drawn.Mark, ...]]:
    """Territory -> what this turn's battle log did there: ``battle`` where an attack
    was fought, ``conquered`` where one took it."""
    found: dict[int, list[drawn.Mark]] = {}
    for event in events:
        target = event.get("target")
        if event.get("kind") != "battle" or not isinstance(target, int):
            continue
        marks = found.setdefault(target, [])
        if "battle" not in marks:
            marks.append("battle")
        if event.get("conquered") and "conquered" not in marks:
            marks.append("conquered")
    return {tid: tuple(marks) for tid, marks in found.items()}


def _side(state: WiskState, pid: int) -> drawn.SideKey:
    p = state.player(pid)
    mine = state.territories_of(pid)
    armies = sum(state.armies(t) for t in mine)
    cards = len(p.cards)
    words = [
        counted(len(mine), "territory", "territories"),
        counted(armies, "army", "armies"),
        counted(cards, "card"),
    ]
    if p.robot:
        words.append("robot")
    if state.winner == pid:
        words.append("winner")
    elif not p.alive:
        words.append("eliminated")
    elif state.active == pid and not state.over:
        words.append("to move")
    return drawn.SideKey(id=pid, name=p.name, label=f"P{pid}", status=", ".join(words))


def continent_table(state: WiskState) -> drawn.Table:
    """Each continent: its bonus, who holds it whole (``-``: nobody), and who holds most
    of it."""
    rows = []
    for continent in state.board.continents:
        owners = {state.owner(t) for t in continent.territories}
        holder = owners.pop() if len(owners) == 1 else 0
        held_by = state.player(holder).name if holder else "-"
        rows.append((continent.name, str(continent.bonus), held_by, _most(state, continent)))
    return drawn.Table(title="Continents", header=CONTINENT_HEADER, rows=tuple(rows))


def _most(state: WiskState, continent: Continent) -> str:
    counts: dict[int, int] = {}
    for tid in continent.territories:
        owner = state.owner(tid)
        if owner:
            counts[owner] = counts.get(owner, 0) + 1
    if not counts:
        return "-"
    top = max(counts.values())
    names = ", ".join(state.player(pid).name for pid in sorted(counts) if counts[pid] == top)
    return f"{names} ({top} of {len(continent.territories)})"


def card_note(state: WiskState) -> str:
    """What a card set is worth now."""
    if state.options.cards == FIXED:
        values = ", ".join(f"{kind} {armies}" for kind, armies in FIXED_VALUES.items())
        return f"A card set is worth: {values} armies"
    worth = trade_value(state.options.cards, state.trades, ())
    armies = counted(worth, "army", "armies")
    return f"The next card set traded is worth {armies} ({state.trades} traded so far)"


def _notes(state: WiskState, player: int | None) -> tuple[str, ...]:
    notes = [card_note(state)]
    if state.winner:
        notes.append(f"{state.player(state.winner).name} has won ({end_words(state.won_by)}).")
    elif state.over:
        notes.append(f"The game is over ({end_words(state.won_by)}): no one won.")
    elif state.stage != PLAYING:
        notes.append(f"Stage: {STAGE_NAMES.get(state.stage, state.stage)}.")
    if not state.over:
        notes.append(f"Next to move: {state.player(state.active).name}.")
    if player is not None:
        notes += _private_notes(state, player)
    return tuple(notes)


def _private_notes(state: WiskState, player: int) -> list[str]:
    """What only ``player`` knows: his cards and his mission."""
    cards = [
        f"{c['kind']} ({c['territory']})" if c["territory"] else str(c["kind"])
        for c in my_cards(state, player)
    ]
    notes = [f"Your cards: {', '.join(cards) if cards else 'none'}."]
    mission = state.player(player).mission
    if state.options.missions and mission:
        notes.append(f"Your mission: {describe(state, player, state.board.mission(mission))}.")
    return notes
