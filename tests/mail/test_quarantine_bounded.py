"""A stranger who found a way to have his mails quarantined (any that breaks the handling)
made the GM's list of them as long as his flood: `wtg status`, `wtg quarantine` and the
digest listed every one, and the mails of everyone else were lost among them. Of one
address's, the newest 20 are listed and the rest counted by address
(`quarantine_not_listed`, the digest's "Mail quarantined and not listed"); the other
addresses' are all listed, every record stays (`quarantined` counts them all), and every
key the JSON had is as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall
from wtg.cli import main
from wtg.files.gamesfolder import SPOOL
from wtg.mail.poll import poller
from wtg.mail.spool.journal import QUARANTINE_AN_ADDRESS, Journal
from wtg.mail.spool.journallists import quarantine_listed, quarantined

FLOOD = "flood@else.example"
QUIET = "quiet@other.example"


def wtg(config: Path, *args: str) -> str:
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    result = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(
        main, [*args], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def broken(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("a parser broke")


def flooded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flood: int = 30, quiet: int = 3
) -> Path:
    """A host whose handling of every mail breaks: ``flood`` mails from one stranger, then
    ``quiet`` from another, all quarantined by one poll; its config."""
    hall = Hall(tmp_path)
    for number in range(flood):
        hall.mail(FLOOD, f"hello {number}")
    for number in range(quiet):
        hall.mail(QUIET, f"where is the form? {number}")
    with monkeypatch.context() as patched:
        patched.setattr(poller.Poller, "_decide", broken)
        summary = hall.poll()
    assert summary.quarantined == flood + quiet
    assert len(quarantined(hall.gm.spool)) == flood + quiet  # every record kept
    return hall.config_file()


def test_status_lists_the_newest_20_of_an_address_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert QUARANTINE_AN_ADDRESS == 20
    config = flooded(tmp_path, monkeypatch)
    listing = json.loads(wtg(config, "status", "--json"))
    assert listing["quarantined"] == 33
    assert len(listing["quarantine"]) == 23
    assert sorted(listing["quarantine"][0]) == ["archive", "at", "game", "key", "player", "reason"]
    assert listing["quarantine_not_listed"] == {FLOOD: 10}
    assert {"held_not_listed", "not_answered_not_listed", "games"} <= set(listing)
    lines = wtg(config, "status").splitlines()
    assert "33 mails quarantined (the poll could not handle them):" in lines
    assert "  ... and 13 more (`wtg quarantine` lists them)" in lines  # 10 shown of 23 listed
    assert (
        f"10 more mails quarantined are not listed: the list keeps the newest 20 of an "
        f"address ({FLOOD} 10; --json: quarantine_not_listed); each is in the archive"
    ) in lines


def test_one_mail_not_listed_is_counted_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count beside its noun and its verb: "1 more mail(s) quarantined are not listed"
    before."""
    config = flooded(tmp_path, monkeypatch, flood=QUARANTINE_AN_ADDRESS + 1, quiet=0)
    lines = wtg(config, "status").splitlines()
    assert "21 mails quarantined (the poll could not handle them):" in lines
    assert (
        "1 more mail quarantined is not listed: the list keeps the newest 20 of an address "
        f"({FLOOD} 1; --json: quarantine_not_listed); each is in the archive"
    ) in lines
    assert (
        f"1 more mail quarantined from {FLOOD} not listed (the newest 20 are): each is in "
        "the archive, the poll's log (`wtg poll -v`) names its key, and --forget-all drops "
        "every record"
    ) in wtg(config, "quarantine").splitlines()


def test_wtg_quarantine_lists_the_quiet_address_and_counts_the_flood(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = flooded(tmp_path, monkeypatch)
    lines = wtg(config, "quarantine").splitlines()
    assert len([line for line in lines if "RuntimeError: a parser broke" in line]) == 23
    every = quarantined(config.parent / "games" / SPOOL)
    newest = [item.key for item in every if item.sender == FLOOD][-20:]
    quiet = [item.key for item in every if item.sender == QUIET]
    assert len(quiet) == 3
    # a mail's first line is its key and game, its path and reason indented under it
    heads = [n for n, line in enumerate(lines) if "  game " in line and line[:1] != " "]
    assert all("a parser broke" in lines[n + 2] for n in heads)
    listed = [lines[n].split()[0] for n in heads]
    assert listed == [item.key for item in every if item.key in {*newest, *quiet}]
    assert (
        f"10 more mails quarantined from {FLOOD} not listed (the newest 20 are): each is "
        "in the archive, the poll's log (`wtg poll -v`) names its key, and --forget-all "
        "drops every record"
    ) in lines


def test_the_digest_counts_those_not_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = flooded(tmp_path, monkeypatch)
    digest = wtg(config, "digest").splitlines()
    assert any(line.startswith("Mail quarantined (33; ") for line in digest)
    assert (
        "Mail quarantined and not listed (10): the list keeps the newest 20 of an address "
        "(a stranger's mails would fill it), the others are counted here by address; each "
        "is in the archive (`wtg --config F status --json`: quarantine_not_listed):"
    ) in " ".join(" ".join(digest).split())  # the heading is wrapped at 78 columns
    assert f"  {FLOOD}: 10 not listed" in digest
    assert len([line for line in digest if line.endswith("RuntimeError: a parser broke")]) == 20
    assert "  ... and 3 more (`wtg quarantine` lists them)" in digest


def test_mails_with_no_address_read_are_bounded_as_one(tmp_path: Path) -> None:
    """A mail that killed the processes handling it is never read again: no address. A
    flood of those is bounded too, as the address ''."""
    spool = tmp_path / ".wtg"
    journal = Journal(spool)
    for number in range(25):
        journal.quarantined(f"k{number:02}", None, f"a{number}", "died", float(number))
    journal.quarantined("other", None, "b", "broke", 30.0, "Someone@Example.org")
    journal.commit()
    journal.close()
    listed, over = quarantine_listed(quarantined(spool))
    assert [item.key for item in listed] == [f"k{n:02}" for n in range(5, 25)] + ["other"]
    assert listed[-1].sender == "someone@example.org"
    assert over == {"": 5}


def test_the_longest_reasons_keep_wtg_quarantine_to_78_columns(tmp_path: Path) -> None:
    """A mail's key, game, archive path and reason (300 characters, a traceback's words or
    one word) were one line of `wtg quarantine`, some 450 columns the terminal wrapped
    anywhere, the path among them. The key and game go first, the path whole on a line of
    its own, the reason broken under it to 78 columns."""
    games = tmp_path / "games"
    games.mkdir()
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n", "utf-8")
    archive = f"{games}/.mail/archive/2026-12/maildir-1796453191.M1258P{'9' * 60}.eml"
    long_word = "ValueError: " + "z" * 288
    words = ("RuntimeError: " + "a parser broke on line 7 of the mail " * 9)[:300]
    game = "g" * 60 + "\u200b\x1b[2J"  # shown escaped: some 80 columns
    journal = Journal(games / SPOOL)
    journal.quarantined("maildir:q1", "g1", archive, long_word, 1.0)
    journal.quarantined("maildir:q2", "g1", archive, words, 2.0)
    journal.held("maildir:h1", game, archive, words, 3.0, sender="eve@else.example")
    journal.commit()
    journal.close()
    lines = wtg(tmp_path / "wtg.yaml", "quarantine").splitlines()
    heads = [line for line in lines if line[:1] != " "]
    assert heads[:2] == ["maildir:q1  game g1", "maildir:q2  game g1"]
    assert heads[2] == f"maildir:h1  HELD  game '{'g' * 60}\\u200b\\x1b[2J'"
    starts = [lines.index(head) for head in heads]
    assert [lines[n + 1] for n in starts] == [f"    {archive}"] * 3  # whole, under its key
    body = [line for line in lines if line not in heads and line != f"    {archive}"]
    assert [line for line in body if len(line) > 78 or not line.startswith("      ")] == []
    said = "".join(lines[starts[0] + 2 : starts[1]]).replace(" ", "")
    assert said == long_word.replace(" ", "")  # every character of the reason, in order
    assert len(lines[starts[0] + 2 : starts[1]]) == 5
