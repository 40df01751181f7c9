"""A host of the mail loop's test world with a config file, and `wtg --config` run on it in
process: the status and the log commands' tests share them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.loop import GM, World
from wtg.cli import main


def host(tmp_path: Path) -> tuple[World, Path]:
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f'games_dir: {world.gm.games_dir}\nfrom: "{GM}"\n', encoding="utf-8")
    return world, config


def wtg(config: Path, *args: str, code: int = 0) -> Result:
    # the config as WTG_CONFIG gives it (as the units do): the commands it names begin `wtg`
    env = {"WTG_CONFIG": str(config)}
    result = CliRunner(env=env).invoke(main, [*args], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result
