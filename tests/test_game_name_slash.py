"""A game's name with a slash after it (`wtg status kao/`), as a shell's Tab completes a
folder of the games folder when the GM types there: it was read as the folder `kao/` of the
working folder and refused (`no such folder`), though the game's name was plain in it. It
is the game of that name, as the name alone is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_gm_controls import make, run


def test_a_name_with_a_slash_after_it_is_the_game(tmp_path: Path) -> None:
    make(tmp_path / "games", name="kao")
    plain = json.loads(run(tmp_path, "status", "kao", "--json").stdout)
    slashed = json.loads(run(tmp_path, "status", "kao/", "--json").stdout)
    assert slashed["game"] == "kao"
    assert slashed == plain
    assert run(tmp_path, "status", "kao//").stdout == run(tmp_path, "status", "kao").stdout
    run(tmp_path, "hold", "kao/")  # any command that takes a game
    assert json.loads(run(tmp_path, "status", "kao", "--json").stdout)["held"] is True


def test_a_folder_of_that_name_here_is_still_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kao/` that is a folder of the working folder (the GM in the games folder, or a game
    kept elsewhere) is that folder, as before."""
    make(tmp_path / "games", name="kao")
    make(tmp_path / "elsewhere", name="kao", count=2)
    monkeypatch.chdir(tmp_path / "elsewhere")
    here = json.loads(run(tmp_path, "status", "kao/", "--json").stdout)
    assert len(here["players"]) == 2
    monkeypatch.chdir(tmp_path / "games")
    assert len(json.loads(run(tmp_path, "status", "kao/", "--json").stdout)["players"]) == 4


def test_an_unknown_name_with_a_slash_is_named_as_a_game(tmp_path: Path) -> None:
    make(tmp_path / "games", name="kao")
    refused = run(tmp_path, "status", "koa/", code=1)
    assert refused.stderr == run(tmp_path, "status", "koa", code=1).stderr
    assert "koa" in refused.stderr and "kao" in refused.stderr
