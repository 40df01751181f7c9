"""Map files read: a ruleset's own (``games/<ruleset>/<map>.yaml``) or a GM's
(``new-game --map PATH.yaml``), whose copy the game keeps in its folder."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from wtg.core.provmap import MapError, MapLimits, ProvinceMap, map_from_data
from wtg.files.store import MAP_COPY
from wtg.text.yamlio import load_yaml

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11

GAME_MAP = MAP_COPY
"""A map the GM gave as a file (``new-game --map PATH.yaml``), copied into the game folder
under this name when the game is made: the game never reads the GM's file again."""


def is_map_path(value: str) -> bool:
    """Whether a ``--map`` value names a map file of the GM's (it ends in .yaml or .yml, or
    holds a '/') rather than one of the ruleset's own maps."""
    return value.lower().endswith((".yaml", ".yml")) or "/" in value


def read_map_file(path: Traversable) -> Any:
    """The YAML of a map file; MapError when it cannot be read or parsed."""
    try:
        return load_yaml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MapError(str(path), [f"cannot read the file: {exc.strerror}"]) from exc
    except ValueError as exc:
        raise MapError(str(path), [f"not valid YAML: {exc}"]) from exc


def read_gm_map_file(path: Path) -> Any:
    """The YAML of a GM's map file (``new-game --map PATH.yaml``), with every text in it
    plain: MapError names, with its line, each name or other text that holds a control
    character (a YAML escape such as ``"\\e"`` or ``"\\x07"`` makes one), which would
    reach the reports, the map pictures and the site."""
    data = read_map_file(path)
    problems = list(_control_texts(data, path))
    if problems:
        raise MapError(str(path), problems)
    return data


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
"""What no name holds: the C0 and C1 controls (a line break and a tab too), DEL, the line
and paragraph separators, lone surrogates and the two non-characters XML refuses."""


def _control_texts(data: Any, path: Path) -> Iterator[str]:
    """A line for each text (a key or a value) of ``data`` holding a control character."""
    bad = [(where, shown, text) for where, shown, text in _texts(data) if _CONTROL.search(text)]
    if not bad:
        return
    lines = _lines(path)
    for where, shown, text in bad:
        char = _CONTROL.search(text)
        code = f"U+{ord(char[0]):04X}" if char else "?"
        line = f"line {lines[where]}: " if where in lines else ""
        what = f"{shown or 'a key'} {text!r}"
        yield f"{line}{what} holds a control character ({code}); names are plain text"


Where = tuple[str, ...]


def _lines(path: Path) -> dict[Where, int]:
    """The line of each key and list item of a YAML file, by where it is (as ``_texts``
    names it); {} when the file cannot be read again."""
    found: dict[Where, int] = {}
    seen: set[int] = set()

    def walk(node: yaml.Node, where: Where) -> None:
        if id(node) in seen:  # an alias met again
            return
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                here = (*where, str(key.value))
                found.setdefault(here, key.start_mark.line + 1)
                walk(value, here)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                here = (*where, str(index))
                found.setdefault(here, item.start_mark.line + 1)
                walk(item, here)

    try:
        top = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        if top is not None:
            walk(top, ())
    except (OSError, ValueError, yaml.YAMLError, RecursionError):
        return {}
    return found


def _texts(data: Any, where: Where = (), shown: str = "") -> Iterator[tuple[Where, str, str]]:
    """Each text of ``data``, a key or a value: where it is (keys and list places, as
    ``yamllines`` names them), that place as a GM reads it (``provinces #3 name``), and
    the text."""
    if isinstance(data, str):
        yield where, shown, data
    elif isinstance(data, Mapping):
        for key, value in data.items():
            here, named = (*where, str(key)), f"{shown} {key}".strip()
            if isinstance(key, str):
                yield here, shown, key
            yield from _texts(value, here, named)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _texts(item, (*where, str(index)), f"{shown} #{index + 1}".strip())


def load_map(path: Path, limits: MapLimits) -> ProvinceMap:
    """A map file read and checked against a ruleset's ``limits``; MapError lists what is
    wrong with it."""
    return map_from_data(read_map_file(path), limits, source=str(path), default_name=path.stem)


def map_copy(value: str) -> bytes | None:
    """The bytes of the GM's map file a ``--map`` value names (the game keeps them as
    ``GAME_MAP``), or None for one of the ruleset's own maps."""
    return Path(value).expanduser().read_bytes() if is_map_path(value) else None


Positions = dict[str, tuple[float, float]]
"""Where each spot of a map is drawn: its id (``"12"``) -> (x, y), in any unit (``wtg/maps``
scales the picture to fit; y grows downwards, as on a page)."""


def map_layout(data: Any, source: str = "<map>") -> Positions | None:
    """The ``layout:`` of a map file's YAML (``{id: [x, y], ...}``, one entry a province,
    territory or spot), or None when the map has none (``wtg/maps`` then computes one from
    the borders). The rules never read it. MapError lists what is wrong with one given:
    an entry that is not two numbers, an id that is not one of the map's, a province
    without a place, two provinces in the same place."""
    raw = data.get("layout") if isinstance(data, Mapping) else None
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise MapError(source, ["'layout' must map each province id to [x, y]"])
    problems: list[str] = []
    positions: Positions = {}
    for key, value in raw.items():
        if not _is_pair(value):
            problems.append(f"layout of {key}: expected [x, y] (two numbers), found {value!r}")
            continue
        positions[str(key)] = (float(value[0]), float(value[1]))
    ids = _spot_ids(data)
    if ids:
        unknown = sorted((k for k in positions if k not in ids), key=_by_number)
        missing = sorted((i for i in ids if i not in positions), key=_by_number)
        if unknown:
            problems.append(f"layout names ids the map does not have: {', '.join(unknown)}")
        if missing:
            problems.append(f"layout gives no place to: {', '.join(missing)}")
    first_at: dict[tuple[float, float], str] = {}
    for key, place in positions.items():
        if place in first_at:
            problems.append(f"layout puts {key} where {first_at[place]} is already")
        first_at.setdefault(place, key)
    if problems:
        raise MapError(source, problems)
    return positions


def map_wraps(data: Any, source: str = "<map>") -> tuple[tuple[str, str], ...]:
    """The borders a map draws off its edges (``wraps:``, pairs of ids: the classic world's
    Alaska and Kamchatka, whose border crosses the Pacific), each drawn as two short lines
    leaving the map, not one across it; MapError names a pair that is not two of its ids."""
    raw = data.get("wraps") if isinstance(data, Mapping) else None
    if raw is None:
        return ()
    ids = _spot_ids(data)
    pairs: list[tuple[str, str]] = []
    problems: list[str] = []
    for item in raw if isinstance(raw, list) else [raw]:
        pair = [str(v) for v in item] if isinstance(item, list) and len(item) == 2 else []
        if not pair or (ids and not all(v in ids for v in pair)):
            problems.append(f"wraps: expected pairs of the map's ids, found {item!r}")
            continue
        pairs.append((pair[0], pair[1]))
    if problems:
        raise MapError(source, problems)
    return tuple(pairs)


def _is_pair(value: Any) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
        and all(math.isfinite(v) for v in value)
    )


def _spot_ids(data: Mapping[str, Any]) -> set[str]:
    """The ids of the map's provinces (or territories), as the layout names them."""
    found: set[str] = set()
    for key in ("provinces", "territories"):
        rows = data.get(key)
        for row in rows if isinstance(rows, list) else []:
            if isinstance(row, Mapping) and "id" in row:
                found.add(str(row["id"]))
    return found


def _by_number(text: str) -> tuple[int, str]:
    return (int(text), text) if text.isdigit() else (1 << 62, text)
