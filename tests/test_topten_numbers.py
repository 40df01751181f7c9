"""topten.txt (``wtg topten``) names each player's number as every report does, ``#3``: it
printed ``   1 3   Caspian``, a bare 3 a reader of the rank beside it could take for a
second rank or a score, where the report's own Top Ten and roster say ``#3``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main


@pytest.mark.parametrize("ruleset", ["wok4", "wisk", "tactics"])
def test_the_top_ten_names_a_players_number_as_the_report_does(
    tmp_path: Path, ruleset: str
) -> None:
    game = tmp_path / "g1"
    players = ("Ann:ann@example.org", "Bob:bob@example.org", "Caspian:c@example.org")
    args = ["new-game", str(game), "--ruleset", ruleset, "--seed", "3"]
    for player in players:
        args += ["--player", player]
    created = CliRunner().invoke(main, args, catch_exceptions=False)
    assert created.exit_code == 0, created.output
    text = CliRunner().invoke(main, ["topten", str(game)], catch_exceptions=False).output
    rows = text.splitlines()[2:]
    named = {row.split()[2]: row.split()[1] for row in rows}
    assert named == {"Ann": "#1", "Bob": "#2", "Caspian": "#3"}, text
    assert rows[0][:10].rstrip() in {"   1 #1", "   1 #3"}, text
    head = text.splitlines()[1]
    assert head.index("PLAYER") == rows[0].index("#")  # the number under its heading
