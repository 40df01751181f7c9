"""Events every WoK ruleset has. Each event names who may see it."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event
from wtg.core.jsondata import JsonObject


class OrderSkipped(Event):
    kind: ClassVar[str] = "order_skipped"
    player: int
    phase: str
    order: str
    reason: str


class PlayerEliminated(Event):
    kind: ClassVar[str] = "player_eliminated"
    player: int
    by: int
    province: int


class Entropy(Event):
    kind: ClassVar[str] = "entropy"
    player: int
    provinces: int
    eff_before: int
    eff_after: int


class Transformed(Event):
    kind: ClassVar[str] = "transformed"
    player: int
    province: int
    transform: str
    used: int
    made: int
    lost: int


class Moved(Event, kw_only=True):
    kind: ClassVar[str] = "moved"
    player: int
    source: int
    target: int
    unit: str
    amount: int
    halted: int
    ordered: int = 0
    """The amount the order asked for: more than ``amount`` and ``halted`` together when the
    province had fewer (0: an event from before it was kept)."""


class TroopsMoved(Moved):
    """A move of TRO (Intermediate: every troop kind, ARM first): ``troops`` says how many
    of each kind moved (by the province fields of ``TROOP_KINDS``)."""

    troops: dict[str, int]


class AimChanged(Event):
    kind: ClassVar[str] = "aim_changed"
    player: int
    province: int
    old: str
    new: str


class TurnMissed(Event):
    kind: ClassVar[str] = "turn_missed"
    player: int
    missed: int


class TurnAway(Event):
    """A planned absence (a mail's ABSENCE) played for a player who sent no orders: his
    troops dug in, and no turn was missed."""

    kind: ClassVar[str] = "turn_away"
    player: int


class PlayerQuit(Event):
    """A player is out of the game for good: three turns missed in a row, or ``chosen`` (the
    QUIT line of his orders)."""

    kind: ClassVar[str] = "player_quit"
    player: int
    chosen: bool = False


class AllianceDeclared(Event):
    """A player names another as his ally, or nobody (0); ``before``: the one he named until
    now (0: nobody), told he is named no more."""

    kind: ClassVar[str] = "alliance_declared"
    player: int
    ally: int
    before: int = 0


class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    reason: str
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    vp: tuple[tuple[int, int], ...]
    places: tuple[int, ...] = ()
    """The place of each of ``ranking``, as the outcome keeps them: players the rules find
    equal share one, the next skipped (1, 1, 3)."""


class OrdersNotPlayed(Event):
    """The player's orders for the turn the GM ended the game on (`wtg end`): kept in the
    game's folder, never played; told to him alone."""

    kind: ClassVar[str] = "orders_not_played"
    player: int


class BombingRun(Event):
    """The bomber's view: what the missiles hit."""

    kind: ClassVar[str] = "bombing_run"
    player: int
    source: int
    target: int
    target_owner: int
    missiles: int
    long_range: bool
    chance: int
    armies: int
    spies: int
    dfn: int
    tech: int
    misses: int
    detected: bool


class BombingSuffered(Event):
    """The victim's view; ``source`` and ``bomber`` are 0 unless the source was detected."""

    kind: ClassVar[str] = "bombing_suffered"
    player: int
    province: int
    missiles: int
    armies: int
    spies: int
    dfn: int
    tech: int
    source: int
    bomber: int


class BattleFought(Event):
    """A battle, as every WoK ruleset reports it; each adds its own details."""

    kind: ClassVar[str] = "battle"
    attacker: int
    defender: int
    source: int
    province: int
    armies: int
    defenders: int
    rounds: int
    attacker_losses: int
    defender_losses: int
    conquered: bool
    level_bonus: int


class Battle(BattleFought):
    """Standard and Intermediate WoK's battle: the winner's injured troops recover."""

    recovered: int


class SpyOperation(Event):
    """The spymaster's view of one operation, seen by him alone; each ruleset adds its own
    details."""

    kind: ClassVar[str] = "spy_report"
    player: int
    source: int
    target: int
    target_owner: int
    op: int
    spies: int
    success: bool
    effect: int


class SpyReport(SpyOperation):
    """How far the spies got, and what came of it."""

    short_range: bool
    arrived: int
    caught: int
    returned: int
    provinces: tuple[JsonObject, ...] = ()
    empire: JsonObject | None = None
    """Spy Player: the empire's totals, EFF, gold and tech level."""


class SpiedOn(Event):
    """The victim's view of one operation; each ruleset adds what its victims notice."""

    kind: ClassVar[str] = "spied_upon"
    player: int
    province: int
    op: int
    success: bool
    effect: int


class SpiedUpon(SpiedOn):
    """The victim's view: spies caught, and what a successful operation did."""

    caught: int


class Produced(Event):
    """What a player's workers made this turn, summed over the empire; each ruleset adds
    its own products."""

    kind: ClassVar[str] = "production"
    player: int
    dfn: int
    lev: int
    mis: int
    spy: int
    eff: int
    lev_gains: tuple[tuple[int, int], ...]
    """Each province whose workers trained its armies (aim LEV) and the level they gained
    there, in thousandths, in id order: ``lev`` is their sum, no army's gain."""
