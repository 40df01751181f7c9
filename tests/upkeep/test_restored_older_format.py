"""A host restored from a backup taken before an upgrade holds folders of the older format:
every command that writes a game refuses them until `wtg upgrade`. The restore's "what to
do next" did not say so, and `check-config`, the step it gives, said every line ok: the
first poll left the players' mail in the inbox and `run-turn --due` failed every game.
Both name the folders and `wtg upgrade` now."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from tests.test_gm_controls import minutes
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
    assert steps[-3] == (
        "  - 1 game folder (g1) of an older format than this wtg's: run `wtg --config CONFIG "
        "upgrade` once the config is in place"
    )
    assert steps[-1] == (
        "  - then `wtg --config CONFIG check-config`, and start the service (or cron) again"
    )


def test_check_config_fails_a_games_folder_that_needs_an_upgrade(tmp_path: Path) -> None:
    config, _restored = restored_host(tmp_path)
    checked = wtg("--config", str(config), "check-config")
    assert checked.exit_code == 1, checked.output
    games = config.parent / "games"
    assert (
        f"FAIL  games_dir {games}: 1 game folder (g1) of an older format than this wtg's: "
        f"run `wtg --config {config} upgrade` (until then no turn runs and its mail waits in "
        "the inbox)\n"
    ) in checked.stdout
    assert wtg("--config", str(config), "upgrade").exit_code == 0
    again = wtg("--config", str(config), "check-config")
    assert again.exit_code == 0, again.output


def test_the_restore_says_where_the_mail_filed_since_the_backup_is(tmp_path: Path) -> None:
    """A backup is the host as it was when made. Restored after the host went on (the
    disk lost a day after the night's backup), the mail the host filed since was moved
    out of the inbox (into imap.processed_folder) and its restored journal never saw it:
    nothing said so, and the service started as told ran the turns due without those
    orders. The restore says where that mail is, what to do with it before the service
    starts, and to tell the players of turns run again."""
    _config, restored = restored_host(tmp_path)
    manifest = (tmp_path / "new" / "games" / ".restored" / "manifest.json").read_text()
    made, old = (json.loads(manifest)[key] for key in ("made", "games_dir"))
    kept = Path(old) / ".mail" / "maildir-in" / ".processed" / "cur"
    steps = restored.stdout.splitlines()
    assert steps[-2] == (  # where the maildir transport kept it too: it named IMAP's alone
        f"  - this is the host as it was at {minutes(made)}: the mail it filed after that is not "
        "in the inbox (on a mail server it is in imap.processed_folder, wtg-processed by default, "
        "and each poll names each mail of it there until it is moved back; "
        f"on the maildir transport in maildir_in's .processed/cur, by default {kept}): move what "
        "came after that time back to the inbox (the maildir transport's: maildir_in's new/) "
        "before the service (or cron) starts, and the first poll files it; a turn that ran after "
        "that time runs again, at once if its deadline has passed: tell the players (`wtg "
        "announce --all TEXT`)"
    )
