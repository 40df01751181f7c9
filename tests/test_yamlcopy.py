"""game.yaml read through its JSON copy (wtg.files.yamlcopy): the same data as the YAML, always;
a GM's edit is seen at once; a copy that is wrong, stale or cannot be written is no error."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import players
from wtg.files.yamlcopy import copy_path, load_yaml_kept
from wtg.game.engine import create_game, open_game
from wtg.text.yamlio import dump_yaml, load_yaml


def typed(data: Any) -> Any:
    """``data`` with each value's type beside it: 1 and 1.0 and True are told apart."""
    if isinstance(data, dict):
        return {(type(k).__name__, k): typed(v) for k, v in data.items()}
    if isinstance(data, list):
        return [typed(item) for item in data]
    return (type(data).__name__, data)


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(),
    st.dates(),
)
keys = st.one_of(st.text(), st.integers(), st.booleans())
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(data=values)
def test_the_copy_gives_what_the_yaml_says(data: Any) -> None:
    text = dump_yaml(data)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.yaml"
        path.write_text(text, encoding="utf-8")
        expected = typed(load_yaml(text))
        assert typed(load_yaml_kept(text, path)) == expected  # read, the copy written
        assert typed(load_yaml_kept(text, path)) == expected  # from the copy, where made


def test_a_copy_is_written_private_and_used(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    text = "game: g1\nplayers:\n- {id: 1, code: SECRET}\n"
    assert load_yaml_kept(text, path) == {"game": "g1", "players": [{"id": 1, "code": "SECRET"}]}
    copy = copy_path(path)
    assert copy.name == ".game.yaml.json"
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    kept = json.loads(copy.read_text())
    kept["data"]["game"] = "from the copy"  # the copy is what is read while the text is the same
    copy.write_text(json.dumps(kept))
    assert load_yaml_kept(text, path)["game"] == "from the copy"
    assert load_yaml_kept(text.replace("g1", "g2"), path)["game"] == "g2"  # an edit: stale
    assert json.loads(copy.read_text())["data"]["game"] == "g2"  # and written again


def test_data_json_would_change_is_read_from_the_yaml_each_time(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    text = "start: 2026-11-26\n7: seven\n"
    assert load_yaml_kept(text, path) == {"start": date(2026, 11, 26), 7: "seven"}
    assert not copy_path(path).exists()


@pytest.mark.parametrize(
    "spoilt",
    ["", "{", "[1, 2]", '{"sha256": "0", "data": {"game": "old"}}', '{"data": {"game": "x"}}'],
)
def test_a_spoilt_copy_is_no_error(tmp_path: Path, spoilt: str) -> None:
    path = tmp_path / "game.yaml"
    copy_path(path).write_text(spoilt)
    assert load_yaml_kept("game: g1\n", path) == {"game": "g1"}


def test_bad_yaml_still_raises(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        load_yaml_kept("game: [g1\n", tmp_path / "game.yaml")


def test_a_copy_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    """A folder stands where the copy would go (as root, a read-only folder is no bar)."""
    path = tmp_path / "game.yaml"
    copy_path(path).mkdir()
    assert load_yaml_kept("game: g1\n", path) == {"game": "g1"}
    assert load_yaml_kept("game: g1\n", path) == {"game": "g1"}
    assert sorted(os.listdir(tmp_path)) == [".game.yaml.json"]  # no temporary file left


def test_a_gms_edit_of_game_yaml_is_seen_by_the_next_open(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g1", "wok4", "classic60", players(3), seed=1)
    copy = copy_path(game.store.root / "game.yaml")
    assert copy.is_file()  # made with the game: its first poll reads no YAML
    made = copy.stat().st_mtime_ns
    first = open_game(game.store.root)
    assert copy.stat().st_mtime_ns == made  # read, not written again
    assert open_game(game.store.root).config == first.config  # through the copy: the same
    config = game.store.root / "game.yaml"
    config.write_text(config.read_text().replace(first.config.players[1].email, "new@x.example"))
    assert open_game(game.store.root).config.players[1].email == "new@x.example"
