"""attack43: a seat's address changed A -> B -> A by the GM's hand, a send between each:
`wtg send` cannot tell it from a folder put back from a copy made before A was corrected
(the copy's turn may be the same, a tar keeps its files' times and a `cp` does not: nothing
of the folder says which), and a stranger at A would be mailed the seat's code. Ruling:
the one-time question stands (docs/gm.md, "One game put back by hand"): the mail to A is
set aside once, and the line said names both cases, a hand edit's way out too, where it
said only that the folder was put back and that `email:` was to be corrected."""

from __future__ import annotations

from pathlib import Path

from tests.mail.test_put_back_addresses import PLAYERS, TYPO, sent_to, set_address, wtg


def test_an_address_given_back_by_hand_is_asked_once_and_the_line_says_how(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    wtg(tmp_path, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    wtg(tmp_path, "send", "-q")  # Bob at TYPO: his address, as it turns out
    set_address(tmp_path, "bob@example.org")  # the GM's mistaken "correction"
    wtg(tmp_path, "send", "-q")
    set_address(tmp_path, TYPO)  # given back by hand: Bob asked for it
    wtg(tmp_path, "run-turn", "g1", "--now", "--just-mailed")
    said = " ".join(wtg(tmp_path, "send", "-q", status=1).output.split())
    assert f"game g1 player 2 (Bob): game.yaml gives the seat the address {TYPO}" in said
    # before: "... its folder was put back from an older copy; its mail is set aside ..."
    assert "or it was given back by hand" in said
    assert "outbox --retry NAME` sends each mail set aside to it, and his mail from" in said
    failed = games / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("report-g1-t0001-p02.eml")
    wtg(tmp_path, "outbox", "--retry", kept.stem)
    wtg(tmp_path, "send", "-q")
    assert (kept.stem, TYPO) in sent_to(tmp_path)
    wtg(tmp_path, "run-turn", "g1", "--now", "--just-mailed")
    assert wtg(tmp_path, "send", "-q").output == ""  # asked once: his from then on
    assert ("report-g1-t0002-p02", TYPO) in sent_to(tmp_path)
