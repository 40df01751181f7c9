"""Map files read: a ruleset's own (``games/<ruleset>/<map>.yaml``) or a GM's
(``new-game --map PATH.yaml``), whose copy the game keeps in its folder."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from wtg.core.provmap import MapError, MapLimits, ProvinceMap, map_from_data
from wtg.yamlio import load_yaml

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11

GAME_MAP = "map.yaml"
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


def load_map(path: Path, limits: MapLimits) -> ProvinceMap:
    """A map file read and checked against a ruleset's ``limits``; MapError lists what is
    wrong with it."""
    return map_from_data(read_map_file(path), limits, source=str(path), default_name=path.stem)


def map_copy(value: str) -> bytes | None:
    """The bytes of the GM's map file a ``--map`` value names (the game keeps them as
    ``GAME_MAP``), or None for one of the ruleset's own maps."""
    return Path(value).expanduser().read_bytes() if is_map_path(value) else None
