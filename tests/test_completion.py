"""The GM's shell completes a game's name (`wtg status ka<Tab>`): the names of the games of
the games folder the command would look in; a path, or no games folder, is left to the
shell's own completion of folders; a config it cannot read completes nothing and says
nothing (completion runs at every Tab)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main

CHECKOUT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
"""Where the installed `wtg` is (the venv the tests run in)."""
MAP = ("--map", "small")
PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")


def host(root: Path) -> Path:
    """A host with the games kaomaris and kestrel, and a folder karta that is no game."""
    runner = CliRunner()
    assert runner.invoke(main, ["init", str(root)]).exit_code == 0
    config = root / "wtg.yaml"
    for name in ("kaomaris", "kestrel"):
        made = runner.invoke(
            main,
            ["--config", str(config), "new-game", name, "--ruleset", "wok4", *MAP, *PLAYERS],
        )
        assert made.exit_code == 0, made.output
    (root / "games" / "karta").mkdir()
    return config


def complete(words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash is given to offer for the last of ``words`` (click's ``type,value`` lines)."""
    env = {"_WTG_COMPLETE": "bash_complete", "COMP_WORDS": words, **(env or {})}
    env["COMP_CWORD"] = str(len(words.split()) - (0 if words.endswith(" ") else 1))
    result = CliRunner().invoke(main, [], env=env, prog_name="wtg")
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line]  # none: one empty line


def test_a_games_name_is_completed_from_the_configs_games_folder(tmp_path: Path) -> None:
    config = host(tmp_path)
    env = {"WTG_CONFIG": str(config), "WTG_GAMES_DIR": ""}
    assert complete("wtg status ka", env) == ["plain,kaomaris"]
    assert complete("wtg run-turn k", env) == ["plain,kaomaris", "plain,kestrel"]
    assert complete("wtg rollback --to 1 ke", env) == ["plain,kestrel"]
    assert complete("wtg hold ", env) == ["plain,kaomaris", "plain,kestrel"]
    assert complete("wtg --config " + str(config) + " report kao", {"WTG_CONFIG": ""}) == [
        "plain,kaomaris"
    ]


def test_games_dir_given_on_the_line_is_the_folder_completed_from(tmp_path: Path) -> None:
    host(tmp_path)
    games = str(tmp_path / "games")
    empty = {"WTG_CONFIG": "", "WTG_GAMES_DIR": ""}
    assert complete(f"wtg --games-dir {games} state kes", empty) == ["plain,kestrel"]
    assert complete("wtg state kes", {"WTG_CONFIG": "", "WTG_GAMES_DIR": games}) == [
        "plain,kestrel"
    ]


def test_a_path_or_no_games_folder_is_left_to_the_shells_folders(tmp_path: Path) -> None:
    config = host(tmp_path)
    env = {"WTG_CONFIG": str(config), "WTG_GAMES_DIR": ""}
    assert complete("wtg status games/ka", env) == ["dir,games/ka"]
    assert complete("wtg status ./ka", env) == ["dir,./ka"]
    assert complete("wtg status ka", {"WTG_CONFIG": "", "WTG_GAMES_DIR": ""}) == ["dir,ka"]


def test_a_config_that_cannot_be_read_completes_nothing_quietly(tmp_path: Path) -> None:
    host(tmp_path)
    missing = {"WTG_CONFIG": str(tmp_path / "wtg.yml"), "WTG_GAMES_DIR": ""}
    assert complete("wtg status ka", missing) == ["dir,ka"]
    (tmp_path / "broken.yaml").write_text("games_dir: [\n", encoding="utf-8")
    broken = {"WTG_CONFIG": str(tmp_path / "broken.yaml"), "WTG_GAMES_DIR": ""}
    assert complete("wtg status ka", broken) == ["dir,ka"]


def test_the_docs_bash_line_completes_a_games_name(tmp_path: Path) -> None:
    """docs/gm.md's line for ~/.bashrc, in a real bash, as the Tab key calls it."""
    config = host(tmp_path)
    line = 'eval "$(_WTG_COMPLETE=bash_source wtg)"'
    assert line in (CHECKOUT / "docs" / "gm.md").read_text(encoding="utf-8")
    tab = 'COMP_WORDS=(wtg status ke); COMP_CWORD=2; _wtg_completion wtg; echo "${COMPREPLY[@]}"'
    script = f"{line}\n{tab}\n"
    env = {**os.environ, "WTG_CONFIG": str(config), "PATH": f"{BIN}:{os.environ['PATH']}"}
    env.pop("WTG_GAMES_DIR", None)
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "kestrel\n", "")


def test_a_rulesets_name_and_its_maps_are_completed() -> None:
    """`wtg new-game g1 --ruleset <Tab>` and `--map <Tab>` (the maps of the ruleset given
    before it), as `wtg open-list RULESET --map <Tab>`; a path is a file of the GM's."""
    none = {"WTG_CONFIG": "", "WTG_GAMES_DIR": ""}
    assert complete("wtg new-game g1 --ruleset w", none) == ["plain,wisk", "plain,wok4"]
    assert complete("wtg open-list in", none) == ["plain,intermediate"]
    maps = complete("wtg new-game g1 --ruleset standard --map ", none)
    assert maps == ["plain,classic60", "plain,star-islands", "plain,trial"]
    assert complete("wtg open-list wisk --map c", none) == ["plain,classic"]
    assert complete("wtg open-list wok4 --players 3 --map s", none) == ["plain,small"]
    assert complete("wtg new-game g1 --ruleset wok4 --map ./my", none) == ["file,./my"]
    assert complete("wtg new-game g1 --map ", none) == []  # no ruleset yet: none to offer
    assert complete("wtg new-game g1 --ruleset wokk --map ", none) == []


def test_a_folder_named_with_shell_signs_or_controls_is_not_offered(tmp_path: Path) -> None:
    """Bash puts what click offers into COMPREPLY unquoted (``COMPREPLY+=($value)``, the
    lines split at line breaks) and onto the GM's command line as it is: a game folder
    copied in (an archive unpacked, a folder of another host) named ``ka$(touch owned)``
    put a command on the line, which Enter ran; one with a line break offered a name that
    is no folder's, and one with an escape sequence wrote to the terminal. Only names of
    letters, digits and ``._+-`` are offered; the GM types any other himself."""
    config = host(tmp_path)
    games = tmp_path / "games"
    game_yaml = (games / "kaomaris" / "game.yaml").read_bytes()
    for name in ("ka$(touch owned)", "ka;ls", "ka\nrm", "ka\x1b]0;t\x07", "ka b", "kä.v2+x"):
        (games / name).mkdir()
        (games / name / "game.yaml").write_bytes(game_yaml)
    env = {"WTG_CONFIG": str(config), "WTG_GAMES_DIR": ""}
    assert complete("wtg status ka", env) == ["plain,kaomaris"]
    assert complete("wtg status k", env) == ["plain,kaomaris", "plain,kestrel", "plain,kä.v2+x"]
