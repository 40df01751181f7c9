"""`wtg site OUT_DIR` given the wrong folder by a tired GM: the games folder (as `wtg ratings
GAMES_DIR` takes it), the host's folder that holds it, a game's folder, or `/`. Each was
taken without a word: the public pages written, readable by all, among the games' secret
files (`games/test1/index.html` inside the game `test1` when OUT_DIR was the host's folder),
and a web server serving OUT_DIR would serve the games folder under it. Now refused in one
line, nothing written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def host(tmp_path: Path) -> Path:
    made = wtg("init", tmp_path / "host", "--from", "GM <gm@example.org>")
    assert made.exit_code == 0, made.output
    config = tmp_path / "host" / "wtg.yaml"
    game = wtg("--config", config, "new-game", "test1", "--ruleset", "wok4", "--map", "small",
               *PLAYERS)  # fmt: skip
    assert game.exit_code == 0, game.output
    return tmp_path / "host"


def everything(root: Path) -> list[str]:
    return sorted(str(Path(d, f).relative_to(root)) for d, _, fs in os.walk(root) for f in fs)


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (
            "games",
            "is the games folder {games}: its files are the games' secrets; write the site "
            "into a folder of its own outside it (as `{head} site {host}/site`)",
        ),
        (
            "games/test1",
            "is in the games folder {games}: its files are the games' secrets; write the site "
            "into a folder of its own outside it (as `{head} site {host}/site`)",
        ),
        (
            "",
            "holds the games folder {games}: a web server serving the site would serve the "
            "games' secrets with it; write the site into a folder of its own outside it (as "
            "`{head} site {host}/site`)",
        ),
    ],
)
def test_a_site_given_a_folder_of_the_games_is_refused_and_writes_nothing(
    host: Path, given: str, said: str
) -> None:
    before = everything(host)
    out = host / given if given else host
    result = wtg("--config", host / "wtg.yaml", "site", out)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    games = host / "games"
    head = f"wtg --config {host / 'wtg.yaml'}"  # as this command was given
    expected = said.format(games=games, host=host, head=head)
    assert result.output.splitlines() == [f"wtg: the site's folder {out} {expected}"]
    assert everything(host) == before


def test_a_site_beside_the_games_folder_is_built(host: Path) -> None:
    result = wtg("--config", host / "wtg.yaml", "site", host / "site")
    assert result.exit_code == 0, result.output
    assert (host / "site" / "games" / "test1" / "index.html").is_file()
    assert not (host / "games" / "test1" / "index.html").exists()


def test_check_config_fails_a_site_dir_in_the_games_folder(host: Path) -> None:
    """The config's `site.dir` (`wtg serve` builds the site there after each turn) naming
    the games folder: check-config said every line ok, and the service then failed each
    build. check-config says FAIL with the reason."""
    config = host / "wtg.yaml"
    config.write_text(config.read_text() + "site:\n  dir: games\n", encoding="utf-8")
    result = wtg("--config", config, "check-config")
    assert result.exit_code == 1
    games = host / "games"
    assert (
        f"FAIL  site.dir: the site's folder {games} is the games folder {games}: its files are "
        "the games' secrets; write the site into a folder of its own outside it (as "
        f"`wtg --config {config} site {host}/site`)"
    ) in result.output.splitlines()
