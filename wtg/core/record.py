"""Record: a light immutable value class, typed like a dataclass.

``@dataclass`` builds each class by compiling generated code, which costs about
a millisecond per class at import time; the turn generator runs from cron and
defines dozens of event and order types, so that adds up. A Record subclass
declares its fields with annotations just the same; type checkers see the
keyword-only ``__init__`` through ``dataclass_transform``, and at run time one
shared ``__init__`` fills the fields.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: Any) -> Any:
        return lambda cls: cls


_MISSING = object()


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Record:
    """Fields are the class's annotations (ClassVars excepted); values are set once."""

    __slots__ = ("__dict__",)
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [
            name
            for name, kind in inspect.get_annotations(cls).items()
            if "ClassVar" not in str(kind)
        ]
        defaults = dict(cls._defaults)
        for name in own:
            if name in cls.__dict__:
                defaults[name] = cls.__dict__[name]
        cls._fields = cls._fields + tuple(n for n in own if n not in cls._fields)
        cls._defaults = defaults

    def __init__(self, **values: Any) -> None:
        unknown = set(values).difference(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field(s) {sorted(unknown)}")
        put = object.__setattr__
        for name in self._fields:
            value = values.get(name, self._defaults.get(name, _MISSING))
            if value is _MISSING:
                raise TypeError(f"{type(self).__name__} needs the field {name!r}")
            put(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._fields)

    def __hash__(self) -> int:
        return hash((type(self), *(_hashable(getattr(self, n)) for n in self._fields)))

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"

    def values(self) -> dict[str, Any]:
        return {n: getattr(self, n) for n in self._fields}


def _hashable(value: Any) -> Any:
    if isinstance(value, (list, dict)):
        return repr(value)
    return value
