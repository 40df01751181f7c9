"""Form spec files (``forms/<ruleset>.yaml``) read and checked into a FormSpec."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wtg.aof.mailtext import header_keys
from wtg.core.form import FormError, FormSpec, form_from_data, form_texts
from wtg.text.yamlio import load_yaml

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11


def read_form(path: Traversable) -> FormSpec:
    """Read and check a form spec; raises FormError listing every problem."""
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise FormError(str(path), [f"cannot read it: {exc}"]) from exc
    form = form_from_data(data, str(path))
    headers = [text.strip() for text in form_texts(form) if header_keys(text)]
    if headers:
        problems = [f"the form text {text!r} would be read as the header" for text in headers]
        raise FormError(str(path), problems)
    return form
