"""A board as a player may see it: what ``wtg map`` draws and the report mails carry.

A ruleset that draws its board provides ``Draws.board(state, player, events)``: pure, from
the state and the turn's events, with what the rules let ``player`` know (``player`` None:
the GM, who sees everything). Where things stand on the page is not the rules' business:
``wtg/maps/`` places the spots from the map's drawing data (``layout:`` in the map file),
or computes a layout from the links when the map has none, and draws the board as SVG (a
Jinja template) or PNG.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, Protocol, TypeVar, runtime_checkable

from wtg.core.jsondata import Json
from wtg.core.record import Record

SpotKind = Literal["province", "territory", "tile"]
"""What a spot is; the SVG marks each with ``data-<kind>="<id>"``."""

Mark = Literal["battle", "conquered", "bombed", "spied", "start", "reach", "threat", "home"]
"""What happened at a spot this turn, or what the player may do there: ``battle`` (fought
over), ``conquered`` (changed hands), ``bombed``, ``spied`` (an operation the player knows
of), ``start`` (a start province), ``reach`` (a tile a piece of the player's can move to),
``threat`` (a piece of the player's an enemy piece can reach), ``home`` (the player's
own)."""


class Spot(Record):
    """A province, territory or tile."""

    id: str
    """``"12"`` for a province or territory, ``"3,4"`` (column, row) for a tile."""
    kind: SpotKind
    name: str
    owner: int | None
    """The side holding it; 0 neutral; None when the player cannot know (fog)."""
    troops: str | None = None
    """What stands there, as the report would say it (``"120"``, ``"45 ARM 3 MIS"``); None
    when the player cannot know."""
    group: str | None = None
    """The continent or region it belongs to (WISK), drawn as an outline."""
    terrain: str | None = None
    marks: tuple[Mark, ...] = ()
    elevation: int | None = None
    """A tile's height (Tactics, 0-255): a step across 32 or more needs a flyer."""


class Link(Record):
    """A border between two spots (ids of ``Spot``); drawn for node maps."""

    a: str
    b: str


class Piece(Record):
    """A piece on a tile (Tactics)."""

    spot: str
    owner: int
    kind: str
    level: int | None = None
    damage: str | None = None
    """Hit points as the player may know them (``"12/20"``); None when hidden."""
    marks: tuple[Mark, ...] = ()
    label: str = ""
    """What orders call the piece (Tactics: its id, ``"13"``), drawn on it."""
    threatened_by: tuple[str, ...] = ()
    """With the ``threat`` mark: the labels of the enemy pieces that can reach it."""


LABEL_CHARS = 5
"""The most characters of a side's short label the map draws whole (``wtg/maps`` cuts a
longer one to four and an ellipsis)."""


class SideKey(Record):
    """A side in the legend: its colour is chosen by ``wtg/maps`` from ``id``; the second
    cue (a pattern and the short label) lets a colour-blind player tell sides apart."""

    id: int
    name: str
    label: str
    """Short text drawn on the spot beside the colour (``"P3"``, ``"AnnA"``)."""
    status: str = ""
    colour: str | None = None
    """The colour the rules call the side by (Tactics: ``"red"``, ``"green"``, ``"yellow"``,
    ``"blue"``), which the picture then uses; None: ``wtg/maps`` chooses one from ``id``."""


class Table(Record):
    """A small table printed under the board (WISK: continent holders and bonus)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


OrderKind = Literal["attack", "move", "bomb", "spy", "fortify", "place"]
"""What an arrow of orders does: an attack, a move of troops (WISK's fortify too), a
bombing, a spy operation; ``place`` (WISK's armies placed) is drawn on its spot."""


class Arrow(Record):
    """One order as understood, drawn from spot ``a`` to spot ``b`` (the same for an order
    that stays on its spot: WISK's placements)."""

    a: str
    b: str
    kind: OrderKind
    label: str
    """What goes (``"12"`` armies, ``"6 MIS"``), written beside the arrow."""


class Board(Record):
    """Everything a map picture shows; no positions (``wtg/maps`` places the spots)."""

    title: str
    """``"Game alpha, turn 4: the view of player 3"``."""
    shape: Literal["nodes", "grid"]
    spots: tuple[Spot, ...]
    links: tuple[Link, ...] = ()
    sides: tuple[SideKey, ...] = ()
    pieces: tuple[Piece, ...] = ()
    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = ()
    """Lines printed under the board (``"Card set now worth 8 armies"``)."""
    arrows: tuple[Arrow, ...] = ()
    """A player's orders as understood (``DrawsOrders``); none on a turn's map."""


def with_orders(board: Board, title: str, arrows: Sequence[Arrow], notes: Sequence[str]) -> Board:
    """``board`` with a player's orders drawn on it (``DrawsOrders``): its new title, the
    orders' arrows, and ``notes`` under it in place of its own."""
    return board.replaced(title=title, notes=tuple(notes), arrows=tuple(arrows))


S_contra = TypeVar("S_contra", contravariant=True)


@runtime_checkable
class Draws(Protocol[S_contra]):
    """A ruleset that can draw its board (every shipped one)."""

    def board(
        self, state: S_contra, player: int | None, events: Sequence[Mapping[str, Json]]
    ) -> Board:
        """The board after the turn that made ``state``, with that turn's ``events`` (as
        stored in the turn's ``events.json``), as ``player`` may see it (None: the GM).
        ``player`` is a GM seat (``game.yaml``'s player id, as ``wtg map --player N`` and
        the report ``pNN.txt``): a seat that plays several sides (a Duel's colours) sees
        them all as its own."""
        ...


@runtime_checkable
class Onlookers(Protocol[S_contra]):
    """A ruleset whose players may be out of the game and hold nothing on its board (WoK's
    onlookers: ruling 6 of docs/rules/wok.md), whose map would show nothing of theirs."""

    def holds_nothing(self, state: S_contra, seat: int) -> bool:
        """Whether GM seat ``seat`` is out of the game (every side it plays) and holds
        nothing on the board of ``state``."""
        ...


@runtime_checkable
class DrawsOrders(Protocol[S_contra]):
    """A ruleset that draws a player's orders on his board (the confirmation's picture)."""

    def orders_board(
        self,
        state: S_contra,
        seat: int,
        orders: Mapping[str, Json],
        events: Sequence[Mapping[str, Json]],
    ) -> Board:
        """GM seat ``seat``'s board of ``state`` with that turn's ``events`` (his orders are
        for the next turn), with ``orders`` as understood (the canonical order dict the
        intake filed) drawn on it: attacks and moves as arrows with what goes, what is not
        drawn listed under the map."""
        ...
