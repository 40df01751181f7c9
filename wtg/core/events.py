"""Events: what happened in a turn, as data. Words live in the templates."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.jsondata import Json, JsonObject
from wtg.core.record import Record

PUBLIC: frozenset[int] = frozenset()


class Event(Record, kw_only=True):
    """Base of every event. ``visible_to`` lists the players who may see it;
    ``public`` events are seen by everyone."""

    kind: ClassVar[str] = "event"
    visible_to: frozenset[int] = PUBLIC
    public: bool = False

    def seen_by(self, player: int) -> bool:
        return self.public or player in self.visible_to

    def to_dict(self) -> JsonObject:
        """The event as ``events.json`` holds it: its kind and its fields, tuples and
        frozensets as lists."""
        data: JsonObject = {"kind": self.kind}
        fields = self.__dict__
        for name in self._fields:
            value = fields[name]
            data[name] = value if type(value) in _SCALARS else _plain(value)
        return data


_SCALARS = frozenset({int, str, bool, float, type(None)})


def _plain(value: object) -> Json:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset):
        return [_plain(v) for v in sorted(value)]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise TypeError(f"an event holds {type(value).__name__} {value!r}, which JSON does not")
