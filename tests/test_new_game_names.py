"""Issue 12: `wtg new-game` refuses names and addresses that would break a folder, a report or
a mail header, and codes too short to keep secret; made codes carry 50 bits."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.shipped import WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game, open_game
from wtg.game.gameconfig import (
    CODE_ALPHABET,
    GAME_NAME_RULE,
    ConfigError,
    PlayerEntry,
    new_code,
)
from wtg.gm.gamestatus import game_status

BOB = "--player=Bob:bob@example.org:CODE0002"


def new_game(game_dir: Path, *players: str) -> Result:
    args = ["new-game", str(game_dir), "--ruleset", "wok4", "--map", "small", *players]
    return CliRunner().invoke(main, args, catch_exceptions=False)


@pytest.mark.parametrize(
    ("char", "shown"),
    [
        ("\r", "CR"),
        ("\n", "LF"),
        ("\t", "TAB"),
        ("\x00", "NUL"),
        ("\x7f", "DEL"),
        ("\x85", "U+0085"),
        ("\u2028", "U+2028"),
        ("\u2029", "U+2029"),
        ("\u200b", "U+200B"),
        ("\u202e", "U+202E"),
    ],
)
def test_a_control_character_in_a_player_name_is_refused(
    tmp_path: Path, char: str, shown: str
) -> None:
    spec = f"--player=Al{char}ice:alice@example.org:CODE0001"
    result = new_game(tmp_path / "g", spec, BOB)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: --player {spec[9:]!r}: the name holds a control character ({shown})\n"
    )
    assert not (tmp_path / "g").exists()


def test_a_control_character_in_the_game_name_is_refused(tmp_path: Path) -> None:
    game_dir = tmp_path / "kao\rmaris"
    result = new_game(game_dir, "--player=Ann:ann@example.org", BOB)
    assert result.exit_code == 1
    assert result.stderr == (
        f"wtg: 'kao\\rmaris' cannot be a game's name: {GAME_NAME_RULE} (did you mean kao-maris?)\n"
    )
    assert not game_dir.exists()


def test_names_have_sensible_lengths(tmp_path: Path) -> None:
    longest = "A" * 40
    assert new_game(tmp_path / "g", f"--player={longest}:a@example.org", BOB).exit_code == 0
    too_long = new_game(tmp_path / "h", f"--player={longest}B:a@example.org", BOB)
    assert "the name is 41 characters long; at most 40 are allowed" in too_long.stderr
    game = new_game(tmp_path / ("g" * 65), "--player=Ann:a@example.org", BOB)
    assert f"{'g' * 65!r} cannot be a game's name: {GAME_NAME_RULE}" in game.stderr
    assert new_game(tmp_path / ("g" * 64), "--player=Ann:a@example.org", BOB).exit_code == 0


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("alice@", "There must be something after the @-sign."),
        ("alice", "An email address must have an @-sign."),
        ("al ice@example.org", "invalid characters before the @-sign: SPACE."),
        ("alice@example", "The part after the @-sign is not valid. It should have a period."),
        ("alice@foo.test", "special-use or reserved name"),
    ],
)
def test_addresses_are_checked_by_email_validator(tmp_path: Path, address: str, why: str) -> None:
    spec = f"--player=Alice:{address}"
    result = new_game(tmp_path / "g", spec, BOB)
    assert result.exit_code == 1
    prefix = f"wtg: --player {spec[9:]!r}: {address!r} is not an e-mail address: "
    assert result.stderr.startswith(prefix) and why in result.stderr


def test_an_address_is_kept_as_email_validator_normalises_it(tmp_path: Path) -> None:
    assert new_game(tmp_path / "g", "--player=Ann:Ann@Example.ORG", BOB).exit_code == 0
    assert open_game(tmp_path / "g").config.player(1).email == "Ann@example.org"


def test_a_code_given_by_the_gm_needs_eight_characters(tmp_path: Path) -> None:
    short = new_game(tmp_path / "g", "--player=Ann:ann@example.org:abc1234", BOB)
    assert short.exit_code == 1
    assert short.stderr == (
        "wtg: --player 'Ann:ann@example.org:abc1234': the code is 7 characters long; a code "
        "needs 8 to 64 (leave it out and one of 10 is made)\n"
    )
    assert new_game(tmp_path / "g", "--player=Ann:ann@example.org:abcd1234", BOB).exit_code == 0
    assert open_game(tmp_path / "g").config.player(1).code == "ABCD1234"
    odd = new_game(tmp_path / "h", "--player=Ann:ann@example.org:ABCD123²", BOB)
    assert "a code is letters and digits only" in odd.stderr


def test_a_made_code_carries_at_least_48_bits(tmp_path: Path) -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert {len(code) for code in codes} == {10}
    assert set("".join(codes)) <= set(CODE_ALPHABET) and len(set(CODE_ALPHABET)) == 32
    assert 10 * math.log2(len(CODE_ALPHABET)) >= 48
    assert new_game(tmp_path / "g", "--player=Ann:ann@example.org", BOB).exit_code == 0
    made = open_game(tmp_path / "g").config.player(1).code
    assert len(made) == 10 and set(made) <= set(CODE_ALPHABET)


def test_a_game_made_before_keeps_its_short_code(tmp_path: Path) -> None:
    """Existing games keep their codes: only new-game's --player asks for 8 characters."""
    old = [PlayerEntry(1, "Ann", "ann@example.org", "AB12"), PlayerEntry(2, "Bob", "b@x.org", "C3")]
    game = create_game(tmp_path / "old", "wok4", "small", old, seed=1).typed(WOK4)
    orders = tmp_path / "orders.txt"
    orders.write_text(filled_aof(game, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["orders", str(game.store.root), str(orders)])
    assert result.exit_code == 0, result.output
    assert game_status(open_game(game.store.root))["players"][0]["orders"]


def test_create_game_checks_names_and_addresses_given_to_it(tmp_path: Path) -> None:
    bad = [PlayerEntry(1, "Ann\nBcc: x", "ann@example.org", "CODE0001")]
    with pytest.raises(ConfigError, match=r"player 1 \('Ann\\nBcc: x'\): the name holds a control"):
        create_game(tmp_path / "g", "wok4", "small", bad, seed=1).typed(WOK4)
    worse = [PlayerEntry(1, "Ann", "ann@example.org\r\nBcc: x@example.org", "CODE0001")]
    with pytest.raises(ConfigError, match="is not an e-mail address"):
        create_game(tmp_path / "g", "wok4", "small", worse, seed=1).typed(WOK4)
    assert not (tmp_path / "g").exists()


def test_a_colon_left_at_the_end_of_a_player_is_said_so(tmp_path: Path) -> None:
    """`--player Ann:ann@example.org:` (a colon pasted along): it said `a code is letters and
    digits only`, of a code the GM never meant to give."""
    ended = new_game(tmp_path / "g", "--player=Ann:ann@example.org:", BOB)
    assert ended.exit_code == 1
    assert ended.stderr == (
        "wtg: --player 'Ann:ann@example.org:': the code after the second ':' is empty: leave "
        "out that ':' and a code is made, or give one\n"
    )
    assert not (tmp_path / "g").exists()


def test_a_name_by_the_rule_that_is_a_game_already_is_not_offered(tmp_path: Path) -> None:
    """`new-game G1` beside a game g1: it said `did you mean g1?`, and `new-game g1`, as
    told, was refused (`a game g1 is there already`): a GM at 2 a.m. went round. The name
    the rule makes is said to be that game's, with what to do."""
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n")
    games.mkdir(mode=0o700)
    made = ["--ruleset", "wok4", "--map", "small", "--player=Ann:ann@example.org", BOB]
    first = CliRunner().invoke(main, ["--config", str(config), "new-game", "g1", *made])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(main, ["--config", str(config), "new-game", "G1", *made])
    assert again.exit_code == 1
    assert again.stderr == (
        f"wtg: 'G1' cannot be a game's name: {GAME_NAME_RULE}; g1, by the rule, is a game "
        f"there already ({games / 'g1'}, orders for turn 1): give the new game another name\n"
    )
    assert sorted(p.name for p in games.iterdir() if not p.name.startswith(".")) == ["g1"]
    other = CliRunner().invoke(main, ["--config", str(config), "new-game", "G2", *made])
    assert other.stderr.endswith("(did you mean g2?)\n")
