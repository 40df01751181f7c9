"""`new-game --player NAME:EMAIL[:CODE]`: a name with a ':' in it ("Dr: Who") was refused as
"'Who' is not an e-mail address", which sent the GM looking at the address."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main
from wtg.core.errors import ConfigError
from wtg.game.gameconfig import parse_player_spec


@pytest.mark.parametrize(
    "spec", ["Dr: Who:who@example.org", "Dr: Who:who@example.org:ABCDEFGH", "A:B:C:x@example.org"]
)
def test_a_colon_in_the_name_is_named(spec: str) -> None:
    with pytest.raises(ConfigError) as refused:
        parse_player_spec(spec, 1)
    assert str(refused.value) == (
        f"--player {spec!r}: a name cannot hold ':' (a ':' ends the name, the next the "
        "address): give the name without it"
    )


def test_a_wrong_address_is_still_named_as_one() -> None:
    with pytest.raises(ConfigError) as refused:
        parse_player_spec("Ann:ann.example.org", 1)
    assert "'ann.example.org' is not an e-mail address" in str(refused.value)


def test_a_name_address_and_code_are_read() -> None:
    entry = parse_player_spec("Dr Who:who@example.org:abcdefgh", 3)
    assert (entry.id, entry.name, entry.email, entry.code) == (
        3,
        "Dr Who",
        "who@example.org",
        "ABCDEFGH",
    )


def test_a_spec_pasted_whole_is_not_echoed_whole() -> None:
    spec = "A" * 100_000 + ":ann@example.org"
    with pytest.raises(ConfigError) as refused:
        parse_player_spec(spec, 1)
    assert str(refused.value) == (
        f"--player {'A' * 80!r}... (100016 characters): the name is over 1,000 characters long; "
        "at most 40 are allowed"
    )


def test_a_long_wrong_address_is_cut_too() -> None:
    address = "x" * 300
    with pytest.raises(ConfigError) as refused:
        parse_player_spec(f"Ann:{address}", 1)
    message = str(refused.value)
    assert message.startswith(f"--player {'Ann:' + 'x' * 76!r}... (304 characters): ")
    assert f"{'x' * 80!r}... (300 characters) is not an e-mail address" in message
    assert len(message) < 400


def test_a_byte_that_is_no_utf8_is_named() -> None:
    """A name typed in a terminal that is not UTF-8 (the byte 0xFF, which Python's command
    line keeps as U+DCFF) is named as such, not as the codec's error on writing game.yaml."""
    with pytest.raises(ConfigError) as refused:
        parse_player_spec("Ann\udcff:ann@example.org", 1)
    assert str(refused.value) == (
        "--player 'Ann\\udcff:ann@example.org': the name holds U+DCFF, a byte that is no "
        "UTF-8 text: write it in UTF-8"
    )


@pytest.mark.parametrize(
    ("spec", "meant"),
    [
        ("Ann <ann@example.org>", "Ann:ann@example.org"),
        ('"Ann Lee" <ann@example.org>', "Ann Lee:ann@example.org"),
        ("Ann ann@example.org", "Ann:ann@example.org"),
    ],
)
def test_an_address_pasted_from_a_mail_client_is_given_as_meant(spec: str, meant: str) -> None:
    """`--player "Ann <ann@example.org>"` (copied from a mail's From) said only
    'expected NAME:EMAIL'; it says the spec meant, quoted for the shell."""
    with pytest.raises(ConfigError) as refused:
        parse_player_spec(spec, 1)
    assert str(refused.value) == (
        f"--player {spec!r}: expected NAME:EMAIL (or NAME:EMAIL:CODE) (did you mean "
        f"--player {shlex.quote(meant)}?)"
    )


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("<me@example.org>", "angle brackets around the email address are not permitted"),
        ("Me <me@example.org>", "angle brackets around the email address are not permitted"),
        ("me@example.org.", "cannot end with a period"),
        ("me@example.org,", "contains invalid characters: ','"),
        ('"me@example.org"', "must have an @-sign"),
    ],
)
def test_an_address_pasted_with_what_stood_around_it_names_the_address(
    address: str, why: str
) -> None:
    """A From copied (`<me@example.org>`), a sentence's end (`me@example.org.`): refused with
    email-validator's reason alone, the GM was not told what to type."""
    with pytest.raises(ConfigError) as refused:
        parse_player_spec(f"Me:{address}", 1)
    message = str(refused.value)
    assert why in message
    assert message.endswith(" (did you mean me@example.org?)")


def test_a_mailto_link_pasted_names_the_player_spec_meant() -> None:
    """`Me:mailto:me@example.org` was told `a name cannot hold ':'`, of the name `Me`."""
    with pytest.raises(ConfigError) as refused:
        parse_player_spec("Me:mailto:me@example.org:abcdefgh", 1)
    assert str(refused.value) == (
        "--player 'Me:mailto:me@example.org:abcdefgh': 'mailto:' is a link's, no part of the "
        "address (did you mean --player Me:me@example.org:abcdefgh?)"
    )


def test_an_address_of_no_such_wrapping_names_none() -> None:
    with pytest.raises(ConfigError) as refused:
        parse_player_spec("Me:me@example,org", 1)
    assert "did you mean" not in str(refused.value)


@pytest.mark.parametrize(
    ("spec", "hint"),
    [
        ("Ann;ann@example.org", "did you mean --player Ann:ann@example.org?"),
        ("Ann,ann@example.org", "did you mean --player Ann:ann@example.org?"),
        ("Ann = ann@example.org", "did you mean --player Ann:ann@example.org?"),
        ("ann@example.org", "the player's name goes first: --player NAME:ann@example.org"),
    ],
)
def test_a_spec_with_its_colon_mistyped_or_its_name_left_out_says_what_to_type(
    spec: str, hint: str
) -> None:
    """`--player 'Ann;ann@example.org'` (the key beside ':') and `--player ann@example.org`
    (the name left out) were told `expected NAME:EMAIL` and no more, where `Ann
    <ann@example.org>` named the --player meant."""
    with pytest.raises(ConfigError) as refused:
        parse_player_spec(spec, 1)
    assert str(refused.value) == (
        f"--player {spec!r}: expected NAME:EMAIL (or NAME:EMAIL:CODE) ({hint})"
    )


@pytest.mark.parametrize(
    ("spec", "players"),
    [
        ("Ann:a@x.example,Bob:b@y.example", "--player Ann:a@x.example --player Bob:b@y.example"),
        (
            "Ann Lee:a@x.example; Bob:b@y.example:ABCDEFGH",
            "--player 'Ann Lee:a@x.example' --player Bob:b@y.example:ABCDEFGH",
        ),
        ("Ann:a@x.example Bob:b@y.example", "--player Ann:a@x.example --player Bob:b@y.example"),
    ],
)
def test_two_players_in_one_player_are_told_to_give_it_twice(spec: str, players: str) -> None:
    """`--player 'Ann:a@x,Bob:b@y'` was read as Ann at the address `a@x,Bob` and refused as
    no e-mail address, which sent the GM looking at Ann's address."""
    with pytest.raises(ConfigError) as refused:
        parse_player_spec(spec, 1)
    assert str(refused.value) == (
        f"--player {spec!r}: one player a --player; give --player twice ({players})"
    )


def test_three_players_in_one_are_told_so_by_new_game(tmp_path: Path) -> None:
    spec = "Ann:a@x.example,Bob:b@y.example,Cy:c@z.example"
    result = CliRunner().invoke(
        main,
        ["new-game", str(tmp_path / "g1"), "--ruleset", "wok4", "--map", "small", "--player", spec],
    )
    assert result.exit_code != 0
    assert (
        f"--player {spec!r}: one player a --player; give --player once for each (--player "
        "Ann:a@x.example --player Bob:b@y.example --player Cy:c@z.example)"
    ) in result.stderr
    assert not (tmp_path / "g1").exists()
