"""What can happen in a WoK IV turn. Each event names who may see it."""

from __future__ import annotations

from typing import Any, ClassVar

from wtg.core.events import Event


class OrderSkipped(Event):
    kind: ClassVar[str] = "order_skipped"
    player: int
    phase: str
    order: str
    reason: str


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


class Battle(Event):
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
    dfn_lost: int
    conquered: bool
    level_bonus: int


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


class Production(Event):
    """What a player's workers made this turn, summed over the empire."""

    kind: ClassVar[str] = "production"
    player: int
    dfn: int
    lev: int
    mis: int
    spy: int
    tech: int
    eff: int


class Transformed(Event):
    kind: ClassVar[str] = "transformed"
    player: int
    province: int
    transform: str
    used: int
    made: int
    lost: int


class Moved(Event):
    kind: ClassVar[str] = "moved"
    player: int
    source: int
    target: int
    unit: str
    amount: int
    halted: int


class TechTraded(Event):
    kind: ClassVar[str] = "tech_traded"
    player: int
    points: int
    tech_left: int


class AimChanged(Event):
    kind: ClassVar[str] = "aim_changed"
    player: int
    province: int
    old: str
    new: str


class SpyReport(Event):
    """The spymaster's view of one operation."""

    kind: ClassVar[str] = "spy_report"
    player: int
    source: int
    target: int
    target_owner: int
    op: int
    spies: int
    chance: int
    success: bool
    caught: bool
    detected: bool
    effect: int
    """Missiles destroyed, defense tenths destroyed or population stolen."""
    eff_change: int
    provinces: tuple[dict[str, Any], ...] = ()
    """Province rows learned by a successful spy operation (op 1 and 2)."""
    target_eff: int = 0
    target_tech: int = 0


class SpiedUpon(Event):
    """The victim's view: only what they noticed. ``source``/``spymaster`` 0 if not detected."""

    kind: ClassVar[str] = "spied_upon"
    player: int
    province: int
    op: int
    success: bool
    caught: bool
    effect: int
    eff_change: int
    source: int
    spymaster: int


class TurnMissed(Event):
    kind: ClassVar[str] = "turn_missed"
    player: int
    missed: int


class PlayerQuit(Event):
    kind: ClassVar[str] = "player_quit"
    player: int


class AllianceDeclared(Event):
    kind: ClassVar[str] = "alliance_declared"
    player: int
    ally: int


class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    reason: str
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    vp: tuple[tuple[int, int], ...]
