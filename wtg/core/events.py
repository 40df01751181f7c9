"""Events: what happened in a turn, as data. Words live in the templates."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

PUBLIC: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. ``visible_to`` lists the players who may see it.

    An empty ``visible_to`` with ``public=True`` means everyone sees it.
    """

    kind: ClassVar[str] = "event"
    visible_to: frozenset[int] = field(default=PUBLIC, kw_only=True)
    public: bool = field(default=False, kw_only=True)

    def seen_by(self, player: int) -> bool:
        return self.public or player in self.visible_to

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "visible_to":
                value = sorted(value)
            data[f.name] = _plain(value)
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value
