"""A host restored from a backup taken before an upgrade holds folders of the older format:
every command that writes a game refuses them until `wtg upgrade`. The restore's "what to
do next" did not say so, and `check-config`, the step it gives, said every line ok: the
first poll left the players' mail in the inbox and `run-turn --due` failed every game.
Both name the folders and `wtg upgrade` now."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main


def wtg(*args: str) -> Result:
    return CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None}).invoke(main, [*args])


def restored_host(tmp_path: Path) -> tuple[Path, Result]:
    """A host whose game g1 is of format 1 (no `format` file), backed up and restored into
    new/games, with its config put in place as the restore says."""
    old = tmp_path / "old"
    assert wtg("init", str(old)).exit_code == 0
    made = wtg(
        "--config", str(old / "wtg.yaml"), "new-game", "g1", "--ruleset", "wok4",
        "--map", "small", "--player", "A:a@example.org", "--player", "B:b@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    (old / "games" / "g1" / "format").unlink()  # as a wtg before format numbers left it
    archive = tmp_path / "host.tar.gz"
    assert wtg("--config", str(old / "wtg.yaml"), "backup", "-q", str(archive)).exit_code == 0
    new = tmp_path / "new"
    restored = wtg("restore", str(archive), "--games-dir", str(new / "games"))
    assert restored.exit_code == 0, restored.output
    text = (new / "games" / ".restored" / "wtg.yaml").read_text(encoding="utf-8")
    config = new / "wtg.yaml"
    config.write_text(
        "\n".join(
            "games_dir: games" if line.startswith("games_dir:") else line
            for line in text.splitlines()
        )
        + "\n",
        encoding="utf-8",
    )
    return config, restored


def test_the_restore_says_to_upgrade_folders_of_an_older_format(tmp_path: Path) -> None:
    _config, restored = restored_host(tmp_path)
    steps = restored.stdout.splitlines()
    assert steps[-2:] == [
        "  - 1 game folder (g1) of an older format than this wtg's: run `wtg --config CONFIG "
        "upgrade` once the config is in place",
        "  - then `wtg --config CONFIG check-config`, and start the service (or cron) again",
    ]


def test_check_config_fails_a_games_folder_that_needs_an_upgrade(tmp_path: Path) -> None:
    config, _restored = restored_host(tmp_path)
    checked = wtg("--config", str(config), "check-config")
    assert checked.exit_code == 1, checked.output
    games = config.parent / "games"
    assert (
        f"FAIL  games_dir {games}: 1 game folder (g1) of an older format than this wtg's: "
        "run `wtg upgrade` (until then no turn runs and its mail waits in the inbox)\n"
    ) in checked.stdout
    assert wtg("--config", str(config), "upgrade").exit_code == 0
    again = wtg("--config", str(config), "check-config")
    assert again.exit_code == 0, again.output
