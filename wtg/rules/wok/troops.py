"""Troop types: a province's fighting units as a mix of kinds.

WoK IV and Standard WoK know one kind, the army (ARM); Intermediate WoK adds pikemen,
archers, knights and catapults (PIK, ARC, KNI, CAT), each preferring a terrain. The code
that moves, fights and bombs troops works on the mix, so a ruleset without upgraded
troops (and without terrain) simply has a mix of armies alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from wtg.rules.wok.state import Province

TROOP_KINDS = ("arm", "pik", "arc", "kni", "cat")
"""The province fields of the troops, in the order TRO movement takes them ("starting with
ARM and working up through PIK, ARC, KNI and CAT")."""
TROOP_UNITS = {"ARM": "arm", "PIK": "pik", "ARC": "arc", "KNI": "kni", "CAT": "cat"}
"""Order-file unit names of the troop kinds."""
PREFERRED_TERRAIN = {"pik": "Desert", "arc": "Forest", "kni": "Plains", "cat": "Mountain"}
"""Intermediate WoK: "Pikeman Desert, Archer Forest, Knight Plains, Catapult Mountains";
the plain army prefers none."""
TERRAIN_LEVEL_BONUS = 50
"""Troops on their preferred terrain "grant 0.05 extra level" (thousandths)."""

Mix = dict[str, int]
"""Troops by kind (fields of ``TROOP_KINDS``)."""


def troop_mix(province: Province) -> Mix:
    return {kind: getattr(province, kind) for kind in TROOP_KINDS}


def take_troops(province: Province, count: int) -> Mix:
    """Remove up to ``count`` troops from ``province``, ARM first, then PIK, ARC, KNI, CAT;
    returns what was taken."""
    taken: Mix = {}
    for kind in TROOP_KINDS:
        here = getattr(province, kind)
        moved = min(here, count - sum(taken.values()))
        taken[kind] = moved
        setattr(province, kind, here - moved)
    return taken


def set_troops(province: Province, mix: Mapping[str, int]) -> None:
    """Replace the province's troops by ``mix`` (kinds it does not name: none)."""
    for kind in TROOP_KINDS:
        setattr(province, kind, mix.get(kind, 0))


def preferred_kind(terrain: str | None) -> str | None:
    """The troop kind that prefers ``terrain`` (None: no terrain, or none prefers it)."""
    return next((k for k, t in PREFERRED_TERRAIN.items() if t == terrain), None)


def terrain_bonus(mix: Mapping[str, int], start_total: int, terrain: str | None) -> int:
    """The extra level (thousandths) a side gets from its troops of the kind preferring the
    battle's terrain. Ruling: 0.05 x (those troops still standing) / (all the side's troops
    when the battle began), rounded down: the whole 0.05 when every troop of the side is of
    that kind, shrinking as they are killed."""
    kind = preferred_kind(terrain)
    if kind is None or start_total <= 0:
        return 0
    return TERRAIN_LEVEL_BONUS * mix.get(kind, 0) // start_total
