"""Record: a light immutable value class, typed like a dataclass.

``@dataclass`` builds each class by compiling generated code at import time;
the turn generator runs from cron and
defines dozens of event and order types, so that adds up. A Record subclass
declares its fields with annotations just the same; type checkers see the
``__init__`` through ``dataclass_transform``, and at run time one shared
``__init__`` fills the fields. ``class X(Record, kw_only=True)`` makes X's own
fields keyword-only, as ``@dataclass(kw_only=True)`` would.

A poll makes a hundred records a mail (order lines, verdicts, orders, events), so the
shared ``__init__`` is only a first step: the first time a class is made, it writes that
class its own ``__init__`` (one assignment a field, Python's own argument checks) and
uses it from then on; a class never made costs nothing.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: Any) -> Any:
        return lambda cls: cls


_R = TypeVar("_R", bound="Record")


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
            # its own until first made: an inherited one would fill the parent's fields
            cls.__init__ = Record.__init__  # type: ignore[method-assign]

    def __init__(self, *args: Any, **values: Any) -> None:
        cls = type(self)
        init = _written_init(cls) or Record._fill
        cls.__init__ = init  # type: ignore[method-assign]
        init(self, *args, **values)

    def _fill(self, *args: Any, **values: Any) -> None:
        """The shared way: for a class whose fields no ``def`` can take in order (a
        positional field without a default after one with it)."""
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
                fields = "field" if len(unknown) == 1 else "fields"
                raise TypeError(f"{type(self).__name__} has no {fields} {sorted(unknown)}")
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

    def field_values(self) -> dict[str, Any]:
        """Its fields and their values, in the order of the fields: a new dict each call,
        the values themselves (not copies)."""
        return {name: getattr(self, name) for name in self._fields}

    def replaced(self: _R, **changes: Any) -> _R:
        """A copy with ``changes`` to some of its fields (a name it has not: TypeError)."""
        return type(self)(**{**self.field_values(), **changes})


def _written_init(cls: type[Record]) -> Any:
    """The ``__init__`` of ``cls`` written out: ``def __init__(__record, a, b=_b, *, c)`` storing
    each field in the instance's ``__dict__`` (its ``__setattr__`` refuses), or None when
    the fields cannot be parameters in that order."""
    params: list[str] = []
    defaulted = False
    for name in cls._positional:
        if name in cls._defaults:
            defaulted = True
            params.append(f"{name}=_default_{name}")
        elif defaulted:
            return None
        else:
            params.append(name)
    keywords = [name for name in cls._fields if name not in cls._positional]
    if keywords:
        params.append("*")
        params += [f"{n}=_default_{n}" if n in cls._defaults else n for n in keywords]
    # the instance and its dict under names no field can have (a class body mangles
    # ``__x``): a field may well be called ``self`` or ``fields``
    body = "".join(f"\n    __fields[{name!r}] = {name}" for name in cls._fields)
    head = f"def __init__(__record, {', '.join(params)}):\n    __fields = __record.__dict__"
    source = head + body + "\n"
    scope = {f"_default_{name}": value for name, value in cls._defaults.items()}
    exec(source, scope)  # names are the class's own annotations: identifiers
    init = scope["__init__"]
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
