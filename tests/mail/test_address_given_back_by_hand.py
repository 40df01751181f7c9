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


def test_an_address_given_back_with_nothing_queued_to_it_says_none_was_set_aside(
    tmp_path: Path,
) -> None:
    """restore45 (newgm45): the address given back by hand between two turns, the send
    after it with nothing queued to the seat said `its mail is set aside ... wtg outbox
    --retry NAME` when nothing was: no NAME to give, none in `wtg outbox`. It says so, and
    the mail set aside later is named, its retry taking the address as his."""
    games = tmp_path / "games"
    games.mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    wtg(tmp_path, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    wtg(tmp_path, "send", "-q")
    set_address(tmp_path, "bob@example.org")
    wtg(tmp_path, "send", "-q")
    set_address(tmp_path, TYPO)  # given back by hand; no turn run, nothing queued to him
    said = " ".join(wtg(tmp_path, "send").output.split())
    head = f"wtg --config {tmp_path / 'wtg.yaml'}"
    assert (
        f"game g1 player 2 (Bob): game.yaml gives the seat the address {TYPO}, one replaced "
        "since: its folder was put back from an older copy, or it was given back by hand; no "
        "mail to him is set aside yet (none was queued): each from now on is set aside, not "
        f"sent there, until `email:` is corrected in g1/game.yaml: then `{head} outbox "
        f"--retry-all` mails it to him; given back by hand, `{head} outbox --retry NAME` of "
        "the first one set aside (the send that sets it aside names it) sends it to that "
        "address, and his mail from then on"
    ) in said  # before: "its mail is set aside, not sent there, ..."
    failed = games / ".mail" / "outbox" / "failed"
    assert list(failed.glob("*.eml")) == []
    wtg(tmp_path, "run-turn", "g1", "--now", "--just-mailed")
    said = " ".join(wtg(tmp_path, "send", "-q", status=1).output.split())
    assert "mail report-g1-t0001-p02 set aside for good: game g1 player 2's address" in said
    wtg(tmp_path, "outbox", "--retry", "report-g1-t0001-p02")
    wtg(tmp_path, "send", "-q")
    assert ("report-g1-t0001-p02", TYPO) in sent_to(tmp_path)
