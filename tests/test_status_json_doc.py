"""docs/gm.md, "`wtg status --json`, for scripts": every key of `wtg status --json` and of
`wtg status GAME --json` (a game's, its players', the host's) is named there; and
`wtg lists --json`'s are named where docs/gm.md tells of it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from wtg.cli import main
from wtg.game.engine import Game
from wtg.rules.wok.state import WokState

DOC = Path(__file__).resolve().parents[1] / "docs" / "gm.md"


def section(heading: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(heading)
    return text[start : text.index("\n### ", start + 1)]


def keys(found: Any) -> set[str]:
    """Every key of ``found``, of the objects in it too."""
    if isinstance(found, dict):
        return set(found).union(*(keys(value) for value in found.values()))
    if isinstance(found, list):
        return set().union(*(keys(value) for value in found))
    return set()


def printed(*args: str) -> Any:
    result = CliRunner().invoke(main, list(args), env={"WTG_CONFIG": None})
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_every_key_of_status_json_is_named_in_its_section(
    small_game: Game[WokState], tmp_path: Path
) -> None:
    games = str(tmp_path)
    found = keys(printed("--games-dir", games, "status", "--json"))
    found |= keys(printed("--games-dir", games, "status", small_game.config.game, "--json"))
    named = set(re.findall(r"`([a-z_]+)`", section("### `wtg status --json`, for scripts")))
    assert sorted(found - named) == []


def test_every_key_of_lists_json_is_named_where_the_doc_tells_of_it(tmp_path: Path) -> None:
    found = keys(printed("--games-dir", str(tmp_path), "lists", "--json"))
    named = set(re.findall(r'`"([a-z_]+)"', DOC.read_text(encoding="utf-8")))
    assert sorted(found - named) == []
