"""attack42: a game folder put back by hand from a copy made before the GM corrected a
player's address brought the old address back, a stranger's (the player's typo), and
`wtg send` mailed the put-back turn's report again to it, the seat's code in its form. The
send keeps a digest of each seat's address (the journal's ``seat_addresses``) and sets
aside every mail to a seat at an address it saw replaced (his new code's too), said once,
until game.yaml gives the player's address again: the GM corrects it and `wtg outbox
--retry-all` mails it there (the report is not lost). A retry with game.yaml unchanged is
the GM's word that the old address is the player's again: mailed to it, and to it from
then on."""

from __future__ import annotations

import email
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.engine import open_game

TYPO = "bob@exmaple.org"
"""Bob's address as the GM first typed it: a stranger's."""
PLAYERS = ("--player", "Ann:ann@example.org", "--player", f"Bob:{TYPO}")
ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


def wtg(host: Path, *args: str, status: int = 0) -> Result:
    result = CliRunner(env=ENV).invoke(main, ["--config", str(host / "wtg.yaml"), *args])
    assert result.exit_code == status, result.output
    return result


def sent_to(host: Path) -> list[tuple[str, str]]:
    """Each mail the outbox sent: (its name, its To), sorted."""
    sent = host / "games" / ".mail" / "outbox" / "sent"
    return sorted(
        (path.stem, str(email.message_from_bytes(path.read_bytes())["To"]))
        for path in sent.glob("*.eml")
    )


def set_address(host: Path, address: str) -> None:
    """Bob's address in g1's game.yaml set by hand, as docs/gm.md says to correct one."""
    config = host / "games" / "g1" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    now = next(a for a in (TYPO, "bob@example.org") if f"email: {a}" in text)
    config.write_text(text.replace(f"email: {now}", f"email: {address}"), encoding="utf-8")


def put_back(host: Path) -> None:
    """Game g1 mailed its turn 0 to Bob's typo, its folder copied, Bob's address corrected
    and a new code given him, turn 1 run and mailed; then the copy put back over it."""
    games = host / "games"
    games.mkdir()
    (host / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    wtg(host, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    wtg(host, "send", "-q")
    copy = host / "copy"
    shutil.copytree(games / "g1", copy)
    set_address(host, "bob@example.org")
    wtg(host, "new-code", "g1", "--player", "2")
    wtg(host, "run-turn", "g1", "--now", "--just-mailed")
    wtg(host, "send", "-q")
    shutil.rmtree(games / "g1")
    shutil.copytree(copy, games / "g1")  # last night's copy untarred over it


def test_a_put_back_address_gets_no_mail_until_the_gm_corrects_it(tmp_path: Path) -> None:
    put_back(tmp_path)
    before = sent_to(tmp_path)
    assert [to for _, to in before].count(TYPO) == 1  # turn 0, before the GM saw the typo
    said = wtg(tmp_path, "send", "-q", status=1).output  # set aside: the GM's to see to
    new = [mail for mail in sent_to(tmp_path) if mail not in before]
    assert [to for _, to in new] == ["ann@example.org"]  # Bob's turn 0 again: set aside
    assert f"game g1 player 2 (Bob): game.yaml gives the seat the address {TYPO}" in said
    failed = tmp_path / "games" / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("resend-*-g1-t0000-p02.eml")
    assert email.message_from_bytes(kept.read_bytes())["To"] == TYPO
    assert "replaced since" in (failed / f"{kept.stem}.json").read_text(encoding="utf-8")
    assert "player 2 (Bob)" not in wtg(tmp_path, "send", "-q").output  # said once
    wtg(tmp_path, "new-code", "g1", "--player", "2")  # as the send says of his code put back
    wtg(tmp_path, "send", "-q", status=1)
    (code,) = failed.glob("code-*-g1-p02.eml")  # his new code: not to the stranger either
    set_address(tmp_path, "bob@example.org")
    wtg(tmp_path, "outbox", "--retry-all")
    wtg(tmp_path, "send", "-q")
    last = [mail for mail in sent_to(tmp_path) if mail not in before]
    # the report not lost: its form carried the code before `new-code`, and the send queued
    # it again with his code (review47: before, the one kept went, with the code refused)
    (report,) = [n for n, to in last if to == "bob@example.org" and n.endswith("-t0000-p02")]
    sent = tmp_path / "games" / ".mail" / "outbox" / "sent" / f"{report}.eml"
    code_now = open_game(tmp_path / "games" / "g1").config.player(2).code
    assert f"CODE: {code_now}" in sent.read_text(encoding="utf-8")
    assert (code.stem, "bob@example.org") in last
    assert [to for _, to in sent_to(tmp_path)].count(TYPO) == 1


def test_a_retry_at_the_put_back_address_takes_it_as_the_players_again(tmp_path: Path) -> None:
    put_back(tmp_path)
    wtg(tmp_path, "send", "-q", status=1)
    failed = tmp_path / "games" / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("resend-*-g1-t0000-p02.eml")
    wtg(tmp_path, "outbox", "--retry", kept.stem)  # game.yaml unchanged: the GM means it
    wtg(tmp_path, "send", "-q")
    assert (kept.stem, TYPO) in sent_to(tmp_path)
    before = sent_to(tmp_path)
    wtg(tmp_path, "run-turn", "g1", "--now", "--just-mailed")
    assert wtg(tmp_path, "send", "-q").output == ""  # nothing set aside, nothing said
    new = [(name.split("-")[-1], to) for name, to in sent_to(tmp_path) if (name, to) not in before]
    assert [to for seat, to in new if seat == "p02"] == [TYPO]  # his turn 1 again
    assert not list(failed.glob("*.eml"))


def test_a_retry_of_every_mail_leaves_the_put_back_address_s_mail_set_aside(
    tmp_path: Path,
) -> None:
    """review42: `wtg outbox --retry-all`, given as after a server's outage with game.yaml
    unchanged, took the stranger's address put back as Bob's again and mailed him his
    report and code there; only a retry naming the mail does that."""
    put_back(tmp_path)
    wtg(tmp_path, "send", "-q", status=1)  # Bob's report set aside: the GM's to see to
    failed = tmp_path / "games" / ".mail" / "outbox" / "failed"
    (kept,) = failed.glob("resend-*-g1-t0000-p02.eml")
    every = CliRunner(env=ENV).invoke(
        main, ["--config", str(tmp_path / "wtg.yaml"), "outbox", "--retry-all"]
    )
    assert every.exit_code == 1
    assert f"mail {kept.stem} stays set aside: game g1 player 2's address" in every.output
    assert f"outbox --retry {kept.stem}` mails it there" in every.output
    assert (failed / f"{kept.stem}.eml").is_file()
    wtg(tmp_path, "send", "-q")
    assert [to for _, to in sent_to(tmp_path)].count(TYPO) == 1  # turn 0's alone, as before
    wtg(tmp_path, "outbox", "--retry", kept.stem)  # named: the GM's word
    wtg(tmp_path, "send", "-q")
    assert (kept.stem, TYPO) in sent_to(tmp_path)


def test_a_mail_queued_to_an_address_the_gm_corrected_since_is_set_aside(
    tmp_path: Path,
) -> None:
    """review42: Bob's new code queued to the typo (a stranger's address), the GM then
    correcting it in game.yaml before the send: the send mailed the new code to the
    stranger. It is set aside, said, and `wtg outbox --retry` sends it to Bob."""
    games = tmp_path / "games"
    games.mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    wtg(tmp_path, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    wtg(tmp_path, "send", "-q")
    wtg(tmp_path, "new-code", "g1", "--player", "2")  # queued to the typo
    set_address(tmp_path, "bob@example.org")
    said = CliRunner(env=ENV).invoke(main, ["--config", str(tmp_path / "wtg.yaml"), "send"])
    assert said.exit_code == 1  # a mail set aside for good (round 42)
    assert [to for _, to in sent_to(tmp_path)].count(TYPO) == 1  # turn 0's alone
    failed = games / ".mail" / "outbox" / "failed"
    (code,) = failed.glob("code-*-g1-p02.eml")
    assert f"mail {code.stem} set aside for good: game g1 player 2's mail was queued" in (
        " ".join(said.output.split())
    )
    wtg(tmp_path, "outbox", "--retry", code.stem)
    wtg(tmp_path, "send", "-q")
    assert (code.stem, "bob@example.org") in sent_to(tmp_path)
    assert [to for _, to in sent_to(tmp_path)].count(TYPO) == 1
