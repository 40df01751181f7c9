"""`wtg init` with no folder while WTG_CONFIG (or --config) names a config in another
folder quietly made a second host in the current folder: the GM meant the host the
variable names, or did not know it was set, and every later command went on using that
one. Now it is refused with the line that does what he meant (`wtg init .` for a second
host here all the same); with a folder given, or the variable naming the config here,
`wtg init` is as it was."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main


@pytest.fixture
def here(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "here"
    folder.mkdir()
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield folder
    finally:
        os.chdir(before)


def init(config: str | None, *args: str) -> Result:
    return CliRunner(env={"WTG_CONFIG": config, "WTG_GAMES_DIR": None}).invoke(main, list(args))


def second_host(here: Path) -> str:
    return (
        f"for a second host here, in {here}, give the folder: `wtg init .` (then export "
        f"WTG_CONFIG={here / 'wtg.yaml'})\n"
    )


def test_init_without_a_folder_beside_the_host_wtg_config_names_is_refused(
    tmp_path: Path, here: Path
) -> None:
    host = tmp_path / "host"
    assert init(None, "init", str(host)).exit_code == 0
    result = init(str(host / "wtg.yaml"), "init")
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: WTG_CONFIG names the host {host / 'wtg.yaml'}, made already (`wtg check-config` "
        "checks it), and `wtg init` with no folder makes one in the current folder; "
        + second_host(here)
    )
    assert list(here.iterdir()) == []
    made = init(str(host / "wtg.yaml"), "init", ".")  # the line it gave: a host here
    assert made.exit_code == 0, made.output
    assert (here / "wtg.yaml").is_file() and (here / "games").is_dir()


def test_init_without_a_folder_names_the_folder_of_a_config_not_made_yet(
    tmp_path: Path, here: Path
) -> None:
    """The GM exported WTG_CONFIG first, as the help says to after init, and then ran it."""
    host = tmp_path / "host"
    result = init(None, "--config", str(host / "wtg.yaml"), "init")
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: --config names {host / 'wtg.yaml'}, not made yet, and `wtg init` with no folder "
        f"makes a host in the current folder: `wtg init {host}` makes it; " + second_host(here)
    )
    assert list(here.iterdir()) == [] and not host.exists()
    assert init(str(host / "wtg.yaml"), "init", str(host)).exit_code == 0
    assert (host / "wtg.yaml").is_file()


def test_init_without_a_folder_where_wtg_config_names_a_config_here_makes_it(here: Path) -> None:
    for named in ("wtg.yaml", str(here / "wtg.yaml")):
        result = init(named, "init")
        assert result.exit_code == 0, result.output
        (here / "wtg.yaml").unlink()
