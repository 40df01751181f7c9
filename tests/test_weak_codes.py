"""A secret code a GM edited into game.yaml by hand (`code: 1`), shorter than `new-game`
gives or takes (``CODE_MIN_LENGTH``, 8), was taken without a word, and so were two players
with one code (the intake takes a form whose code is that of the player it names: either
could send orders for the other's seat). The game still opens (a game under way stays
playable after an upgrade); `wtg status` warns, naming the game, the player and the rule,
and never prints the code."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game

SHARED = "SHAREDQ7"


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def weak_game(root: Path) -> Path:
    """g1: player 3's code edited to player 1's (in another case; `new-game` refuses two
    players one code), player 2's code edited to 1."""
    players = ["A:a@example.org:" + SHARED, "B:b@example.org", "C:c@example.org"]
    made = wtg(
        "new-game", root / "g1", "--ruleset", "wok4", "--map", "small",
        *(arg for player in players for arg in ("--player", player)),
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    config = root / "g1" / "game.yaml"
    lines = config.read_text(encoding="utf-8").splitlines(keepends=True)
    (at,) = [n for n, line in enumerate(lines) if "name: B," in line]
    lines[at] = lines[at].split("code: ")[0] + "code: 1}\n"
    (at,) = [n for n, line in enumerate(lines) if "name: C," in line]
    lines[at] = lines[at].split("code: ")[0] + f"code: {SHARED.lower()}}}\n"
    config.write_text("".join(lines), encoding="utf-8")
    return root / "g1"


WARNINGS = [
    "warning: game g1, player 2: a code of 1 character: a stranger can guess it; new codes "
    "have 8 or more",
    "warning: game g1, players 1 and 3: the same code: each can send orders for the other's "
    "seat; give each a code of his own",
]


def test_status_of_the_game_warns_of_a_short_code_and_a_shared_one(tmp_path: Path) -> None:
    folder = weak_game(tmp_path)
    assert open_game(folder).config.player(2).code == "1"  # read as before: never refused
    shown = wtg("status", folder)
    assert shown.exit_code == 0, shown.output
    assert shown.stderr.splitlines() == WARNINGS
    assert shown.stdout.startswith("game g1, orders for turn 1, deadline none\n")
    assert SHARED not in shown.output.upper()


def test_status_of_every_game_warns_the_same(tmp_path: Path) -> None:
    weak_game(tmp_path)
    shown = wtg("--games-dir", tmp_path, "status")
    assert shown.exit_code == 0, shown.output
    assert shown.stderr.splitlines() == WARNINGS
    assert shown.stdout.split()[:3] == ["g1", "wok4", "turn"]
    assert SHARED not in shown.output.upper()


def test_good_codes_say_nothing(tmp_path: Path) -> None:
    made = wtg(
        "new-game", tmp_path / "g1", "--ruleset", "wok4", "--map", "small",
        "--player", "A:a@example.org", "--player", "B:b@example.org:LONGENOUGH",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    shown = wtg("status", tmp_path / "g1")
    assert (shown.exit_code, shown.stderr) == (0, "")
