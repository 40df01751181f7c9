"""docs/gm.md, "Exit status, for scripts": the four statuses a script may test, each the
one wtg ends a command of its kind with."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main
from wtg.cli.common import EXIT_NOT_STORED
from wtg.cli.pipes import EXIT_PIPE_CLOSED
from wtg.cli.upgrade import EXIT_CANNOT_UPGRADE, EXIT_UPGRADE_NEEDED
from wtg.game.engine import Game
from wtg.rules.wok.state import WokState
from wtg.text.yamlio import dump_yaml, load_yaml

DOC = Path(__file__).resolve().parents[1] / "docs" / "gm.md"


def table() -> dict[int, str]:
    """The section's table: each exit status and what it says of it."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("### Exit status, for scripts")
    section = text[start : text.index("\n### ", start + 1)]
    return {int(code): said for code, said in re.findall(r"^\| (\d+) \| (.*) \|$", section, re.M)}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), prog_name="wtg", env={"WTG_CONFIG": None})
    return result.exit_code, result.output


def test_the_table_names_every_status_wtg_ends_with() -> None:
    rows = table()
    assert sorted(rows) == [0, 1, 2, 141]
    assert EXIT_PIPE_CLOSED == 141
    assert EXIT_UPGRADE_NEEDED == 1 and "something to upgrade" in rows[1]
    assert EXIT_CANNOT_UPGRADE == 2 and "cannot be upgraded" in rows[2]
    assert EXIT_NOT_STORED == 2 and "`wtg orders` stored nothing" in rows[2]


def test_each_status_is_the_one_wtg_ends_a_command_of_its_kind_with(
    small_game: Game[WokState], tmp_path: Path
) -> None:
    games, name = str(tmp_path), small_game.config.game
    host = tmp_path.parent / f"{tmp_path.name}-host"
    host.mkdir()
    rows = table()
    assert "`wtg run-turn nosuch`" in rows[1]
    code, output = run("--games-dir", games, "run-turn", "nosuch")
    assert (code, output.startswith("wtg: no game 'nosuch'")) == (1, True)
    assert "`Usage:`" in rows[2]
    code, output = run("--games-dir", games, "run-turn", "-due")
    assert (code, output.startswith("Usage: wtg run-turn")) == (2, True)
    form = host / "form.txt"
    form.write_text("no order form here\n", encoding="utf-8")
    code, output = run("--games-dir", games, "orders", name, str(form))
    assert (code, "orders not stored" in output) == (2, True)
    code, output = run("--games-dir", games, "status")
    assert (code, name in output) == (0, True)
    config = host / "wtg.yaml"
    config.write_text(
        f"games_dir: {host / 'none'}\ntransport: maildir\nfrom: gm@example.org\n",
        encoding="utf-8",
    )
    assert "`check-config`: a `FAIL`" in rows[1]
    code, output = run("--config", str(config), "check-config")
    assert (code, "FAIL  games_dir" in output) == (1, True)
    # a send that set a mail aside for good needs the GM (round 42: it ended 0); the next
    # send, with nothing new to set aside, ends 0 again
    assert "`send`: a mail set aside for good" in rows[1]
    assert "a mail the server only put off, to retry, is 0" in rows[1]
    game_yaml = small_game.store.root / "game.yaml"
    data = load_yaml(game_yaml.read_text(encoding="utf-8"))
    data["players"][0]["email"] = "p1 at players.example"  # a GM's slip in his editor
    game_yaml.write_text(dump_yaml(data), encoding="utf-8")
    sent = f"games_dir: {games}\ntransport: maildir\nfrom: gm@example.org\n"
    config.write_text(sent, encoding="utf-8")
    code, output = run("--config", str(config), "send")
    assert (code, "1 refused for good" in output) == (1, True)
    code, output = run("--config", str(config), "send")
    assert (code, "0 refused for good" in output) == (0, True)
