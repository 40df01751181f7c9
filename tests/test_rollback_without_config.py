"""`wtg rollback GAME --to N` given without the host's config (a new shell at 2 a.m., the
games folder given by --games-dir or WTG_GAMES_DIR, enough for `wtg status`): it rolled the
game back, moved its later turns into the archive, and only then stopped, `no config`,
when it came to tell the players; `wtg status` owed their notices. It is refused before
anything changes, as `hold`, `release` and `extend` are."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import make_schedule


def test_a_rollback_without_a_config_changes_nothing(tmp_path: Path) -> None:
    now = datetime.now(timezone.utc)
    schedule = make_schedule(2, "18:00", "UTC", now=now)
    game = create_game(
        tmp_path / "games" / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=now
    )
    game.run_turn(expect=1)
    runner = CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None})
    args = ["--games-dir", str(tmp_path / "games")]
    result = runner.invoke(main, [*args, "rollback", "g1", "--to", "0"])
    assert result.exit_code == 1
    assert result.stderr.startswith("wtg: no config: ")
    assert open_game(tmp_path / "games" / "g1").latest_turn() == 1
    assert not (tmp_path / "games" / "g1" / "archive").exists()
    status = runner.invoke(main, [*args, "status", "g1"])
    assert "NOTICES OWED" not in status.stdout
