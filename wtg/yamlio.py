"""YAML in and out, with the fast C loader where PyYAML has it."""

from __future__ import annotations

from typing import Any

import yaml

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load_yaml(text: str) -> Any:
    """Parse YAML text; raises ValueError with the position on bad input."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise ValueError(str(exc).replace("\n", " ")) from exc


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
