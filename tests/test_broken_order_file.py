"""An order file (YAML) with a broken line, filed by the GM (`wtg orders`): its keys were
read as a form's header with no order lines, stored as a player's blank form ("no orders,
on purpose"), exit 0; the orders the player had on file were gone and the broken line said
nothing. It is refused with the YAML's problem and its line, and the orders on file stand.
PyYAML's own words (`in "<unicode string>", position 10`) are put as a player reads them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli import new_game, wtg
from wtg.core.errors import GameError
from wtg.game.engine import open_game
from wtg.text.yamlio import load_untrusted_yaml


def test_a_broken_order_file_is_refused_and_the_orders_on_file_stand(tmp_path: Path) -> None:
    game_dir = new_game(tmp_path)
    good = tmp_path / "p4.yaml"
    good.write_text("player: 4\nturn: 1\ntrade: [150]\n")
    assert wtg("orders", game_dir, good).exit_code == 0
    stored = game_dir / "pending" / "0001" / "p04.yaml"
    before = stored.read_text()
    assert "trade:" in before

    broken = tmp_path / "p4-again.yaml"
    broken.write_text("player: 4\nturn: 1\ncode: X\nattack: [{from: 3, to: 4\nmove: []\n")
    result = wtg("orders", game_dir, broken)
    assert result.exit_code == 2, result.output
    assert (
        "wtg: orders not stored: neither an order form nor an order file: the order file is not "
        "valid YAML: line 5: did not find expected ',' or '}' (while parsing a flow mapping "
        "begun on line 4)"
    ) in result.output
    assert stored.read_text() == before


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("player: 4\n\x0c\n", "line 2: a character YAML does not take (U+000C)"),
        (
            "player: 4\nturn: [1\n",
            "line 3: did not find expected ',' or ']' (while parsing a "
            "flow sequence begun on line 2)",
        ),
        ("a: b: c\n", "line 1: mapping values are not allowed in this context"),
    ],
)
def test_yaml_problems_are_told_with_their_line(text: str, said: str) -> None:
    with pytest.raises(ValueError) as caught:
        load_untrusted_yaml(text)
    assert str(caught.value) == said
    assert "<unicode string>" not in str(caught.value)


@pytest.mark.parametrize("text", ["- player: 4\n- turn: 1\n", "just words\n"])
def test_an_order_file_on_file_edited_into_no_mapping_stops_the_turn_naming_it(
    tmp_path: Path, text: str
) -> None:
    """A GM's edit of an order file on file made it a list, or a word: the turn is not run,
    and the error names the file and what an order file is (the engine reads it as a
    mapping before the rules do)."""
    game_dir = new_game(tmp_path)
    good = tmp_path / "p4.yaml"
    good.write_text("player: 4\nturn: 1\ntrade: [150]\n")
    assert wtg("orders", game_dir, good).exit_code == 0
    stored = game_dir / "pending" / "0001" / "p04.yaml"
    stored.write_text(text)
    (game_dir / "pending" / "0001" / "p04.parsed.json").unlink()
    with pytest.raises(GameError) as caught:
        open_game(game_dir).run_turn(force=True)
    assert str(caught.value) == (
        f"{stored}: the order file must be a mapping of player, turn and order sections"
    )
    assert not (game_dir / "turns" / "0001").exists()
