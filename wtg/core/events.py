"""Events: what happened in a turn, as data. Words live in the templates."""

from __future__ import annotations

from typing import Any, ClassVar

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

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        fields = self.__dict__
        for name in self._fields:
            value = fields[name]
            data[name] = value if type(value) in _SCALARS else _plain(value)
        return data


_SCALARS = frozenset({int, str, bool, float, type(None)})


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
