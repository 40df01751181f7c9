"""A length of time on the command line: a bare number in the option's own unit (hours or
days, as before), or a number with a unit, as a GM types it (``2d``, ``12h``, ``1.5 days``,
``36 hours``), turned into the option's unit. One type for every option that takes one
(``extend``'s HOURS, ``new-game --every``, ``open-list --every``, ``--robots-after``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    _TypeOfTime = click.ParamType[float]
else:  # click before 8.2 has no generic ParamType (setup.cfg takes 8.1)
    _TypeOfTime = click.ParamType

HOURS_A_DAY = 24
UNITS = {"h": 1, "hr": 1, "hrs": 1, "hour": 1, "hours": 1}
UNITS |= {"d": HOURS_A_DAY, "day": HOURS_A_DAY, "days": HOURS_A_DAY}
_WITH_UNIT = re.compile(r"\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-z]+)\.?\s*", re.IGNORECASE)
"""A number with a unit (a minus taken, so that ``-1d`` is refused as below the least, not
as no time)."""


class Duration(_TypeOfTime):
    """A time in ``unit`` ("hours" or "days"). What ``base`` (the type the option took
    before: ``float``, ``int``, an ``IntRange``) accepts is taken as it was; else a number
    with one of ``UNITS``, turned into ``unit`` (a whole number when ``base`` takes one)."""

    def __init__(self, unit: str, base: click.ParamType[float]) -> None:
        self.unit = unit
        self.base = base
        self.name = unit

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        try:
            return self.base.convert(value, param, ctx)
        except click.BadParameter:
            hours = _hours(value) if isinstance(value, str) else None
            if hours is None and _is_number(value):  # out of range: click's line says so
                raise
        if hours is None:
            self.fail(f"{value!r} is not a time: {self._example()}", param, ctx)
        amount = hours / (HOURS_A_DAY if self.unit == "days" else 1)
        if isinstance(self.base, click.types.IntParamType):
            if amount != int(amount):
                self.fail(
                    f"{value!r} is {amount:g} {self.unit}: this takes whole {self.unit}, as 2 "
                    "or 2d (or 48h)",
                    param,
                    ctx,
                )
            return self.base.convert(int(amount), param, ctx)
        return self.base.convert(amount, param, ctx)

    def _example(self) -> str:
        if self.unit == "days":
            return "give days, as 2 or 2d (or hours, as 48h)"
        return "give hours, as 36 or 36h (or days, as 1.5d)"


def _hours(text: str) -> float | None:
    """The hours ``text`` says with a unit (``2d``, ``36 hours``); None when it says none."""
    match = _WITH_UNIT.fullmatch(text)
    if match is None:
        return None
    number, unit = match.groups()
    each = UNITS.get(unit.casefold())
    return None if each is None else float(number) * each


def _is_number(value: object) -> bool:
    try:
        float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return True
