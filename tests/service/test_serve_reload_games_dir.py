"""A games_dir edited while `wtg serve` runs, then reloaded (SIGHUP) (newgm49). Before, a
typo (`gmaes`) was logged `games_dir .../gmaes does not exist` without the folder meant,
which every command names; a slip for the games folder (the host's own folder, a game's,
an empty `games2` beside the games) was logged `is another folder than ...: restart wtg
serve to serve another`, and the restart it told of was refused; and the folder served,
spelled another way (`../host/games`, a path through a link), was refused as another folder,
with the same advice to restart."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.service.hostcli import host
from tests.service.test_serve_code_installed_again import serving, wait_for
from wtg.host.config import ConfigError, load_config
from wtg.serve.configreload import reloaded_games_dir

CHECKOUT = Path(__file__).resolve().parents[2]
REFUSED = "the config was not reloaded, the old one is kept: "


def edited(config: Path, games_dir: str) -> Path:
    lines = config.read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if not line.startswith("games_dir:")]
    config.write_text("\n".join([f"games_dir: {games_dir}", *kept, ""]), encoding="utf-8")
    return config


def refusal(config: Path, served: Path) -> str:
    with pytest.raises(ConfigError) as refused:
        reloaded_games_dir(load_config(config), served, config)
    return str(refused.value)


def test_a_games_dir_mistyped_names_the_folder_meant(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    served = world.gm.games_dir
    said = refusal(edited(config, "gmaes"), served)
    assert said == (
        f"{config}: games_dir {tmp_path / 'gmaes'} does not exist (did you mean {served}?): "
        f"correct it, then reload again (wtg serve goes on serving {served})"
    )


@pytest.mark.parametrize(
    ("given", "slip"),
    [
        (".", "holds no game, and {games} holds a host's games (did you mean {games}?)"),
        (
            "games/g1",
            "is the folder of the game g1, not the games folder that holds it (did you mean "
            "{games}?)",
        ),
        (
            "games2",
            "holds no game and no mail spool (no host has run on it: `wtg init` makes the "
            "spool), and {games} beside it holds a host's games (did you mean it?)",
        ),
    ],
    ids=["the-host-folder", "a-game-folder", "an-empty-folder-beside"],
)
def test_a_slip_for_the_games_folder_is_named_not_a_restart(
    tmp_path: Path, given: str, slip: str
) -> None:
    world, config = host(tmp_path)
    served = world.gm.games_dir
    assert (served / "g1" / "game.yaml").is_file()  # the World's game
    (tmp_path / "games2").mkdir()
    folder = tmp_path if given == "." else tmp_path / given
    said = refusal(edited(config, given), served)
    assert said == (
        f"{config}: games_dir {folder} {slip.format(games=served)}: correct it, then reload "
        f"again (wtg serve goes on serving {served}; a restart would be refused the same)"
    )


def test_the_folder_served_spelled_another_way_is_the_folder_served(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    served = world.gm.games_dir
    (tmp_path / "link").symlink_to(served)
    for spelled in (f"../{tmp_path.name}/games", str(tmp_path / "link")):
        new = reloaded_games_dir(load_config(edited(config, spelled)), served, config)
        assert new.games_dir == served
        assert new.sender == world.gm.sender


def test_the_service_logs_the_folder_meant_and_reloads_the_same_folder_spelled_anew(
    tmp_path: Path,
) -> None:
    world, config = host(tmp_path)
    spool = world.gm.spool
    served = world.gm.games_dir
    log = tmp_path / "serve.log"
    first = config.read_text(encoding="utf-8")
    with serving(tmp_path, spool, config, CHECKOUT) as record:
        edited(config, "gmaes")
        os.kill(record.pid, signal.SIGHUP)
        wait_for(lambda: REFUSED in log.read_text(encoding="utf-8"))
        line = next(x for x in log.read_text(encoding="utf-8").splitlines() if REFUSED in x)
        assert line.endswith(
            f"{REFUSED}{config}: games_dir {tmp_path / 'gmaes'} does not exist (did you mean "
            f"{served}?): correct it, then reload again (wtg serve goes on serving {served})"
        )
        config.write_text(first, encoding="utf-8")
        edited(config, f"../{tmp_path.name}/games")
        os.kill(record.pid, signal.SIGHUP)
        wait_for(lambda: "the config was reloaded" in log.read_text(encoding="utf-8"))
        assert "is another folder than" not in log.read_text(encoding="utf-8")
