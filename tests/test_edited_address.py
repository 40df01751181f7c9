"""A player's address edited in game.yaml (docs/gm.md: `email:` is the GM's to correct) is
not refused there, so a slip (`email: bob.example.org`, a comma list of two) was found
only after the next turn, when `wtg send` set the player's report aside. `wtg status`,
which the docs say to run after an edit, now warns of it, naming the game, the player and
what to do; a good address says nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def warned(tmp_path: Path, edited: str, warning: str) -> None:
    """Game g1 of Ann and Bob made, Bob's email edited in its game.yaml to ``edited``:
    `wtg status` of the game's folder and of the games folder each warn ``warning`` alone
    on stderr (its commands with the --games-dir given), and nothing once game.yaml is
    put back."""
    made = wtg(
        "new-game", tmp_path / "g1", "--ruleset", "wok4", "--map", "small",
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    config = tmp_path / "g1" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("email: bob@example.org", f"email: '{edited}'"), "utf-8")
    for args in (("status", tmp_path / "g1"), ("--games-dir", tmp_path, "status")):
        shown = wtg(*args)
        said = (
            warning.replace("`wtg ", f"`wtg --games-dir {tmp_path} ")
            if args[0] != "status"
            else warning
        )
        assert (shown.exit_code, shown.stderr.splitlines()) == (0, [said]), args
    config.write_text(text, "utf-8")
    assert wtg("status", tmp_path / "g1").stderr == ""


@pytest.mark.parametrize(
    ("edited", "hint"),
    [
        ("bob.example.org", ""),
        ("bob@example.org bob@example.net", ""),
        ("Bob <bob@example.org", " (did you mean bob@example.org?)"),
        ("bob@example.org.", " (did you mean bob@example.org?)"),  # a sentence's end
        ("mailto:bob@example.org", " (did you mean bob@example.org?)"),  # a link's
    ],
)
def test_status_warns_of_an_address_edited_into_no_address(
    tmp_path: Path, edited: str, hint: str
) -> None:
    warning = (
        f"warning: game g1, player 2 (Bob): email {edited!r} is not one e-mail address: wtg "
        f"send would set his mail aside; correct it in game.yaml{hint}"
    )
    warned(tmp_path, edited, warning)


@pytest.mark.parametrize("pasted", ["ann@example.org", "Ann <ANN@example.org>"])
def test_status_warns_of_an_address_pasted_over_another_players(
    tmp_path: Path, pasted: str
) -> None:
    """Bob's new address pasted as Ann's (a copy of the line above): new-game refuses one
    address for two players, but game.yaml took it in silence, and Bob's reports, his code
    in their form, went to Ann, who could then send orders for his seat."""
    warning = (
        "warning: game g1, players 1 (Ann) and 2 (Bob) have one address, ann@example.org: "
        "the mail of each, his code in it, goes there, and whoever reads it can send orders "
        "for every one of them; give each his own address in game.yaml"
    )
    warned(tmp_path, pasted, warning)


def test_status_warns_of_an_address_whose_domain_lost_its_dot(tmp_path: Path) -> None:
    """`email: bob@example`, the `.org` lost in the edit: a mail can be made to it, so it
    was taken in silence and sent, and no server delivers it; new-game refuses it."""
    warned(
        tmp_path,
        "bob@example",
        "warning: game g1, player 2 (Bob): email 'bob@example' is not an e-mail address: The "
        "part after the @-sign is not valid. It should have a period; no mail server delivers "
        "it, and wtg send would lose his reports to a refusal or a bounce; correct it in "
        "game.yaml",
    )
