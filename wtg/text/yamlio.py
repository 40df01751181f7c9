"""YAML in and out, with the fast C loader where PyYAML has it.

A GM's own files (game.yaml, maps, forms, the config) are read by :func:`load_yaml`. A
player's order file is read by :func:`load_untrusted_yaml`, whose cost is bounded by the
text's length: no anchors or aliases (a few hundred bytes of nested aliases unfold into
gigabytes), a bounded length and nesting depth, and whole numbers of at most
``MAX_INT_TEXT`` characters (longer ones stay text, for the reader to reject with a reason).

Both read booleans the YAML 1.2 way: only ``true`` and ``false`` (any case) are yes/no;
``yes``, ``no``, ``on``, ``off`` stay the words they are. PyYAML follows YAML 1.1, where
a code named ``NO``, a province called ``On`` or a key ``no:`` in a form would turn into
``False`` and be refused (or worse, counted) as something nobody wrote.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import yaml

_FastLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

MAX_UNTRUSTED_CHARS = 100_000
"""An order file of a ten-player game with every line filled is about 15 kB."""
MAX_UNTRUSTED_DEPTH = 16
"""An order file nests four deep: mapping, section list, order, tile."""
MAX_INT_TEXT = 20
"""Characters of a YAML whole number (``0x``, ``1_000`` and ``1:30`` forms included)."""

_NODE_STARTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_NODE_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_SURROGATES = re.compile("[\ud800-\udfff]")
_BOOL_TAG = "tag:yaml.org,2002:bool"
_BOOL_12 = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")


class _Loader(_FastLoader):  # type: ignore[misc]
    """The safe loader (C where PyYAML has it) with YAML 1.2 booleans: true and false only."""

    yaml_implicit_resolvers: ClassVar[dict[str, list[tuple[str, re.Pattern[str]]]]] = {
        first: [(tag, pattern) for tag, pattern in resolvers if tag != _BOOL_TAG]
        for first, resolvers in _FastLoader.yaml_implicit_resolvers.items()
    }


_Loader.add_implicit_resolver(_BOOL_TAG, _BOOL_12, list("tTfF"))


def load_yaml(text: str) -> Any:
    """Parse YAML text; raises ValueError with the position on bad input."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise ValueError(str(exc).replace("\n", " ")) from exc
    except (TypeError, OverflowError) as exc:  # a value Python refuses (ValueError passes)
        raise ValueError(f"a value cannot be read ({exc})") from exc


def load_untrusted_yaml(text: str) -> Any:
    """Parse YAML text from a player; raises ValueError saying what is wrong with it.

    The text is scanned as events first (no objects are built), then loaded by the same
    fast loader with bounded whole numbers and no lone surrogates in strings."""
    if len(text) > MAX_UNTRUSTED_CHARS:
        raise ValueError(f"it is longer than {MAX_UNTRUSTED_CHARS:,} characters")
    try:
        _check_events(text)  # raises ValueError itself on an alias, anchor or deep nesting
    except yaml.YAMLError as exc:
        raise ValueError(_problem(exc, text)) from exc
    try:
        return yaml.load(text, Loader=_UntrustedLoader)
    except yaml.YAMLError as exc:
        raise ValueError(_problem(exc, text)) from exc
    except (ValueError, TypeError, OverflowError) as exc:  # a tagged value that does not fit
        raise ValueError(f"a value cannot be read ({exc})") from exc


def _problem(exc: yaml.YAMLError, text: str) -> str:
    """What PyYAML found wrong with ``text``, with its line, in words a player reads (not
    the parser's ``in "<unicode string>", position 10``)."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "not YAML"
        if mark is None:
            return what
        began = exc.context_mark
        if exc.problem and exc.context and began is not None and began.line != mark.line:
            what += f" ({exc.context} begun on line {began.line + 1})"
        return f"line {mark.line + 1}: {what}"
    if isinstance(exc, yaml.reader.ReaderError) and isinstance(exc.character, int):
        line = text.count("\n", 0, exc.position) + 1
        return f"line {line}: a character YAML does not take (U+{exc.character:04X})"
    return " ".join(str(exc).split())


def _check_events(text: str) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            raise ValueError(f"aliases (*{_short(event.anchor)}) are not allowed")
        if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
            raise ValueError(f"anchors (&{_short(event.anchor)}) are not allowed")
        if isinstance(event, _NODE_STARTS):
            depth += 1
            if depth > MAX_UNTRUSTED_DEPTH:
                raise ValueError(f"it nests deeper than {MAX_UNTRUSTED_DEPTH} levels")
        elif isinstance(event, _NODE_ENDS):
            depth -= 1


def _short(name: str | None) -> str:
    text = name or ""
    return text if len(text) <= 20 else text[:17] + "..."


class _UntrustedLoader(_Loader):
    """The safe loader whose whole numbers and strings cannot hurt whoever prints them."""


def _bounded_int(loader: Any, node: yaml.ScalarNode) -> Any:
    text = str(node.value)
    if len(text) > MAX_INT_TEXT:
        return text  # str(int) of more than 4,300 digits raises: leave it as the text it was
    return yaml.SafeLoader.construct_yaml_int(loader, node)


def _clean_str(loader: Any, node: yaml.ScalarNode) -> str:
    return _SURROGATES.sub("\ufffd", str(loader.construct_scalar(node)))


_UntrustedLoader.add_constructor("tag:yaml.org,2002:int", _bounded_int)
_UntrustedLoader.add_constructor("tag:yaml.org,2002:str", _clean_str)


def dump_yaml(data: Any) -> str:
    return str(
        yaml.dump(
            data,
            Dumper=_Dumper,
            sort_keys=False,
            allow_unicode=True,
            default_flow_style=None,
            width=100,
        )
    )
