"""Record: a light immutable value class, typed like a dataclass.

``@dataclass`` builds each class by compiling generated code, which costs about
a millisecond per class at import time; the turn generator runs from cron and
defines dozens of event and order types, so that adds up. A Record subclass
declares its fields with annotations just the same; type checkers see the
``__init__`` through ``dataclass_transform``, and at run time one shared
``__init__`` fills the fields. ``class X(Record, kw_only=True)`` makes X's own
fields keyword-only, as ``@dataclass(kw_only=True)`` would.

A poll makes a hundred records a mail (order lines, verdicts, events), mostly by keyword:
the first time a class makes one, it gets an ``__init__`` of its own, compiled for its
fields, that takes them by keyword at the speed of a plain function and hands any other
call (positional fields, a wrong name) to the shared one, whose messages it keeps.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: Any) -> Any:
        return lambda cls: cls


@dataclass_transform(frozen_default=True)
class Record:
    """Fields are the class's annotations (ClassVars excepted); values are set once."""

    __slots__ = ("__dict__",)
    _fields: ClassVar[tuple[str, ...]] = ()
    _positional: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _names: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, kw_only: bool = False, **kwargs: Any) -> None:
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
        new = tuple(n for n in own if n not in cls._fields)
        cls._fields = cls._fields + new
        cls._positional = cls._positional + (() if kw_only else new)
        cls._defaults = defaults
        cls._names = frozenset(cls._fields)
        if "__init__" not in cls.__dict__:
            cls.__init__ = _first_init  # type: ignore[method-assign,assignment]

    def __init__(self, *args: Any, **values: Any) -> None:
        if args:
            if len(args) > len(self._positional):
                raise TypeError(
                    f"{type(self).__name__} takes {len(self._positional)} "
                    f"positional fields, {len(args)} given"
                )
            for name, value in zip(self._positional, args, strict=False):
                if name in values:
                    raise TypeError(f"{type(self).__name__} got {name!r} twice")
                values[name] = value
        filled = {**self._defaults, **values} if self._defaults else values
        if filled.keys() != self._names:
            unknown = set(values).difference(self._names)
            if unknown:
                raise TypeError(f"{type(self).__name__} has no field(s) {sorted(unknown)}")
            missing = next(n for n in self._fields if n not in filled)
            raise TypeError(f"{type(self).__name__} needs the field {missing!r}")
        self.__dict__.update(filled)  # the fields, without the refusing __setattr__

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


_GIVEN_NOT = object()
"""The default of every field in a compiled ``__init__``: the field was not given."""


def _first_init(self: Record, /, *args: Any, **values: Any) -> None:
    """A class's ``__init__`` until its first record: compile its own, then use it."""
    cls = type(self)
    if cls.__init__ is _first_init:
        cls.__init__ = _compiled_init(cls)  # type: ignore[method-assign]
    cls.__init__(self, *args, **values)


def _compiled_init(cls: type[Record]) -> Any:
    """An ``__init__`` for ``cls``'s fields by keyword; anything else goes to the shared
    ``Record.__init__`` (positional fields, unknown names), which says what is wrong."""
    fields = cls._fields
    plain = (n.isidentifier() and not keyword.iskeyword(n) for n in fields)
    if not all(plain) or any(n.startswith("_") or n == "self" for n in fields):
        return Record.__init__
    params = ", ".join(f"{name}=_GIVEN_NOT" for name in fields)
    given = ", ".join(f"({name!r}, {name})" for name in fields)
    lines = [
        f"def __init__(self, *_args, {params}, **_more):",
        "    if _args or _more:",
        f"        _more.update((k, v) for k, v in ({given},) if v is not _GIVEN_NOT)",
        "        return _shared(self, *_args, **_more)",
    ]
    for name in fields:
        lines.append(f"    if {name} is _GIVEN_NOT:")
        if name in cls._defaults:
            lines.append(f"        {name} = _defaults[{name!r}]")
        else:
            lines.append(f"        raise _TypeError(_needs + {repr(name)!r})")
    lines.append("    self.__dict__.update({" + ", ".join(f"{n!r}: {n}" for n in fields) + "})")
    scope = {
        "_GIVEN_NOT": _GIVEN_NOT,
        "_shared": Record.__init__,
        "_defaults": cls._defaults,
        "_needs": f"{cls.__name__} needs the field ",
        "_TypeError": TypeError,
    }
    exec("\n".join(lines), scope)  # the code is made here from the field names only
    init: Any = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _hashable(value: Any) -> Any:
    """A hashable stand-in for a field's value that is equal whenever the values are equal,
    so that equal records hash alike (a dict's order and ``1 == 1.0`` do not matter): a
    mapping becomes the frozenset of its items, a list or tuple a tuple, a set a frozenset,
    each item turned the same way."""
    if isinstance(value, Mapping):
        return frozenset((key, _hashable(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_hashable(item) for item in value)
    return value
