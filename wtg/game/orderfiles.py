"""Reading stored order files, with a parsed copy beside each to spare the YAML parser.

An order file ``pNN.yaml`` is the canonical, human-readable form; a GM may edit
it by hand. Beside it ``pNN.parsed.json`` keeps the parsed orders together with
the SHA-256 of the YAML text they came from: while the text is unchanged the
JSON is used (the C JSON parser is many times faster than PyYAML), and once a
GM has edited the YAML the hash no longer matches and the YAML is read again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

from wtg.text.yamlio import load_yaml

PARSED_SUFFIX = ".parsed.json"


def parsed_copy(yaml_text: str, data: object, meta: Mapping[str, object] | None = None) -> str:
    """The parsed orders, the hash of their YAML text, and how they arrived (``meta``:
    received, order_key, via, ready)."""
    digest = hashlib.sha256(yaml_text.encode()).hexdigest()
    return _ENCODE({**(meta or {}), "sha256": digest, "orders": data})


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(..., ensure_ascii=False)``, whose encoder is made once, not once a call."""


def parsed_path(path: Path) -> Path:
    return path.with_name(path.name.removesuffix(".yaml") + PARSED_SUFFIX)


def read_order_file(path: Path) -> tuple[str, object]:
    """The YAML text of an order file and its data, as the file holds it (a GM may have
    edited it into anything: the ruleset's ``entries_from_dict`` checks it); raises
    ValueError on bad YAML."""
    text = path.read_text(encoding="utf-8")
    try:
        cached = json.loads(parsed_path(path).read_text(encoding="utf-8"))
        if cached["sha256"] == hashlib.sha256(text.encode()).hexdigest():
            return text, cached["orders"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return text, load_yaml(text)
