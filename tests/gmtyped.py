"""`wtg` as a GM types it in a shell that sets neither WTG_CONFIG nor WTG_GAMES_DIR, for
the tests of a host or a game folder given on the command line; and a host of one game
made as he makes one."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main

ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


def wtg(*args: object) -> Result:
    """``wtg ARGS`` run (each argument as text); checked: no exception but its exit."""
    result = CliRunner(env=ENV).invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def ann_and_bob_host(folder: Path, *options: str) -> Path:
    """A host made by `wtg init` at ``folder`` (its mail from gm@example.org) and its game
    g1 of wok4 on the small map, Ann and Bob playing (``options``: new-game's others): the
    host's config."""
    made = wtg("init", folder, "--from", "gm@example.org")
    assert made.exit_code == 0, made.output
    config = folder / "wtg.yaml"
    game = wtg(
        "--config", config, "new-game", "g1", "--ruleset", "wok4", "--map", "small",
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org", *options,
    )  # fmt: skip
    assert game.exit_code == 0, game.output
    return config
