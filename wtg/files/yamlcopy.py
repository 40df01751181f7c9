"""A GM's YAML file read through a JSON copy of its data, kept beside it.

PyYAML builds its objects in Python, where the json module's parser is C: loading a
game.yaml is the dearer part of opening a game. Every ``wtg poll`` and ``wtg run-turn`` is a new
process that opens each game it touches, so a game's data is kept beside game.yaml as
``.game.yaml.json``, with the SHA-256 of the text it was read from. The copy is used only
while the text still has that hash (the GM's edit makes it stale at once, whatever the
clock says), and only for data JSON gives back exactly (mappings with text keys, lists,
text, numbers, true, false, null; a date or a number as a key is read from the YAML each
time). A stale copy is written again; a copy that cannot be read or written is no error:
the YAML is read as before. The copy is private (0600), as the file it copies.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from wtg.files import private
from wtg.text.yamlio import load_yaml
from wtg.text.yamllines import refuse_keys_given_twice

_SCALARS = (str, int, float, bool, type(None))


def copy_path(path: Path) -> Path:
    """Where the JSON copy of ``path`` is kept (``.game.yaml.json`` for ``game.yaml``)."""
    return path.with_name(f".{path.name}.json")


def load_yaml_kept(text: str, path: Path) -> Any:
    """The data of ``text``, the YAML file at ``path``: from its JSON copy when the copy was
    made from this very text, else parsed (ValueError on bad YAML, as ``load_yaml``, and on
    a key given twice) and the copy written again."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    copy = copy_path(path)
    kept = _read_copy(copy, digest)
    if kept is not None:
        return kept[0]
    data = load_yaml(text)
    refuse_keys_given_twice(text)  # the GM's edit: a key given twice is no silent choice
    if _plain(data):
        _write_copy(copy, digest, data)
    return data


def _read_copy(copy: Path, digest: str) -> tuple[Any] | None:
    """The copy's data (in a 1-tuple: the data may be None) when it was made from the text
    whose hash is ``digest``."""
    try:
        with open(copy, encoding="utf-8") as handle:
            kept = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("sha256") != digest or "data" not in kept:
        return None
    return (kept["data"],)


def _write_copy(copy: Path, digest: str, data: Any) -> None:
    """Write the copy whole or not at all (a file of its own, renamed over the old one: two
    processes opening the same game may both write it). Not synced: a copy lost with the
    machine is made again from the YAML. The file of a process killed before its rename
    is removed by the next that writes the copy (a process writing it meanwhile loses
    its rename: the copy written stands)."""
    tmp = copy.with_name(f"{copy.name}.{os.getpid()}.tmp")
    try:
        text = json.dumps({"sha256": digest, "data": data}, ensure_ascii=True)
        private.write_file(tmp, text.encode("ascii"), sync=False)
        os.replace(tmp, copy)
    except (OSError, ValueError):  # a folder the GM made read-only: the YAML is read each time
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return
    for left in copy.parent.glob(f"{glob.escape(copy.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            left.unlink()


def _plain(data: Any) -> bool:
    """Whether JSON gives ``data`` back exactly as it is (same types, same keys)."""
    kind = type(data)
    if kind is dict:
        return all(type(key) is str and _plain(value) for key, value in data.items())
    if kind is list:
        return all(_plain(item) for item in data)
    return kind in _SCALARS and data == data  # NaN comes back as NaN, but is no equal of it


__all__ = ["copy_path", "load_yaml_kept"]
