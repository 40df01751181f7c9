"""The commands wtg's lines suggest to the GM began with a bare `wtg`: a GM who ran `wtg
--config /srv/b/wtg.yaml new-code g1 --player 3` and copied its `wtg new-code g1 --player
2` ran it against the host his shell's WTG_CONFIG named, or none (only run-turn's refusals
and the did-you-mean lines carried what he gave). Every command (``wtg.cli.givenhead``;
`wtg new-code` and `wtg report` here, the others in test_given_head_walk) carries the
--config and --games-dir given on the command line in its refusals (from a layer below
too) and its result. A mail
to a player never names his config; options the environment gave are not added (the shell
that copies the line has them too)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from click.testing import CliRunner, Result

from tests.test_gm_controls import body, make, queued
from wtg.cli import main
from wtg.gm.newcode import NEW_CODE


def under(config: Path, *args: str, code: int = 0, **env: str) -> Result:
    result = CliRunner(env=env).invoke(main, ["--config", str(config), *args])
    assert result.exit_code == code, result.output
    return result


def written(root: Path) -> Path:
    config = root / "wtg.yaml"
    if not config.exists():
        config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    return config


def test_a_gm_commands_refusal_from_below_names_the_config_given(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    (game.store.root / NEW_CODE).write_text(json.dumps({"seat": 2, "code": "ABCD2345EF"}))
    config = written(tmp_path)
    refused = under(config, "new-code", "g1", "--player", "3", code=1)
    assert refused.stderr == (
        "wtg: game g1: a new code for player 2 was begun and cut short: give "
        f"`wtg --config {config} new-code g1 --player 2` first\n"
    )
    # the games folder given too, its path whole and quoted for the shell
    spaced = tmp_path / "my games"
    (tmp_path / "games").rename(spaced)
    config.write_text("games_dir: my games\nfrom: Game Master <gm@example.org>\n")
    given = ["--games-dir", str(spaced), "new-code", "g1", "--player", "3"]
    refused = under(config, *given, code=1)
    head = f"wtg --config {config} --games-dir {shlex.quote(str(spaced))}"
    assert refused.stderr.endswith(f"give `{head} new-code g1 --player 2` first\n")


def test_a_result_line_names_the_config_and_the_players_mail_does_not(tmp_path: Path) -> None:
    make(tmp_path / "games")
    config = written(tmp_path)
    done = under(config, "new-code", "g1", "--player", "2")
    assert done.stdout.endswith(f": `wtg --config {config} send` sends it\n")
    (mail,) = queued(tmp_path, "code-").values()
    assert "--config" not in body(mail) and str(config) not in body(mail)


def test_a_config_the_environment_gave_is_not_added(tmp_path: Path) -> None:
    game = make(tmp_path / "games")
    (game.store.root / NEW_CODE).write_text(json.dumps({"seat": 2, "code": "ABCD2345EF"}))
    config = written(tmp_path)
    result = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(
        main, ["new-code", "g1", "--player", "3"]
    )
    assert result.exit_code == 1
    assert result.stderr.endswith("give `wtg new-code g1 --player 2` first\n")
