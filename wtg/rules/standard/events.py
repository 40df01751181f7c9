"""Standard WoK's own events: its battles, production, upgrades, spies, votes and RIPs.
The ones every WoK ruleset has are in ``wtg.rules.wok.events``."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event
from wtg.rules.wok.events import Produced


class Production(Produced):
    """Standard's workers also mine gold; False Orders leave some provinces idle."""

    gold: int
    idle: int
    """Provinces whose workers did nothing (False Orders)."""


class Ripped(Event):
    """A colour lost its last province; the RIP goes to whoever owns it at the turn's end."""

    kind: ClassVar[str] = "ripped"
    colour: int
    province: int
    credited_to: int
