"""Where the Jinja templates are found: the shipped ``templates/`` (``wtg.data.paths``),
and the folders of rulesets registered from elsewhere (``wtg.game.registry.register``), whose
templates are named ``<ruleset>/<file>`` as the shipped ones are."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jinja2

from wtg.data.paths import templates_path

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11

_ADDED: dict[str, jinja2.BaseLoader] = {}
"""Template folders of rulesets not shipped, by ruleset name (read when a template is
asked for: one added after the loader was made is found)."""


def add_templates(ruleset: str, folder: Traversable) -> None:
    """Templates ``<ruleset>/<file>`` are read from ``folder``/<file>."""
    _ADDED[ruleset] = jinja2.FileSystemLoader(str(folder))


def drop_templates(ruleset: str) -> None:
    _ADDED.pop(ruleset, None)


def template_loader() -> jinja2.BaseLoader:
    """The shipped templates first, then those of the rulesets added."""
    shipped = jinja2.FileSystemLoader(str(templates_path()))
    return jinja2.ChoiceLoader([shipped, jinja2.PrefixLoader(_ADDED)])
