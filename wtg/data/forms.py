"""Form spec files (``forms/<ruleset>.yaml``) read and checked into a FormSpec."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wtg.core.form import FormError, FormSpec, form_from_data
from wtg.yamlio import load_yaml

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11


def read_form(path: Traversable) -> FormSpec:
    """Read and check a form spec; raises FormError listing every problem."""
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise FormError(str(path), [f"cannot read it: {exc}"]) from exc
    return form_from_data(data, str(path))
