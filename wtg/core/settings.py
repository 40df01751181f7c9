"""A player's settings: lines of any ruleset's AOF that are no orders, such as ``MAP: off``.

A setting line is its word, a colon and one value (``MAP: off``, any case). It may stand
anywhere in the form a player fills in (or above the quote, as bare order lines may), and
its key and value may stand in an order file (``map: off``). It changes what the game
does for that player from then on, whatever turn it is; it is never an order: a mail with
only a setting line leaves the orders on file as they are.
"""

from __future__ import annotations

from wtg.core.record import Record


class SettingSpec(Record):
    """One setting: its ``key`` in an order file, the ``word`` that starts its line on the
    form, the values it takes (the first is the default) and what they do."""

    key: str
    word: str
    values: tuple[str, ...]
    told: tuple[str, ...]
    """What each value does from then on, in a player's words (for the answers)."""

    @property
    def default(self) -> str:
        return self.values[0]

    def tell(self, value: str) -> str:
        """What choosing ``value`` does."""
        return self.told[self.values.index(value)]

    def read(self, written: str) -> tuple[str | None, str]:
        """``(value, "")`` or ``(None, reason)`` for the value a player wrote."""
        value = written.strip().lower()
        if value in self.values:
            return value, ""
        choices = " or ".join(self.values)
        shown = written.strip()[:24]
        return None, f"{self.word} takes {choices}, found {shown!r}"


MAP = SettingSpec(
    key="map",
    word="MAP",
    values=("on", "off"),
    told=(
        "a picture of your map comes with each report, from the next one on",
        'your reports come without the map picture from the next one on ("MAP: on" brings it back)',
    ),
)

SETTINGS: tuple[SettingSpec, ...] = (MAP,)
SETTING_KEYS = tuple(setting.key for setting in SETTINGS)
"""Keys of an order file that are settings, not sections of the form."""


def setting_named(word: str) -> SettingSpec | None:
    """The setting whose line starts with ``word`` (any case), or None."""
    upper = word.upper()
    return next((setting for setting in SETTINGS if setting.word == upper), None)


def setting_keyed(key: str) -> SettingSpec | None:
    """The setting stored under ``key`` in an order file, or None."""
    return next((setting for setting in SETTINGS if setting.key == key), None)
