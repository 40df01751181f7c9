"""A stranger who floods the host with mail made `wtg status`'s list of the mails not
answered, and the digest's, as long as the flood: every mail a line (`--json`: an entry).
Of one address's, the newest 20 are listed and the rest counted by address
(`not_answered_not_listed`, the digest's "Mail not answered and not listed"); the other
addresses' mails are all listed, and every key the JSON had is as it was."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.lobby.hall import Hall
from tests.mail.test_quarantine_bounded import FLOOD, QUIET, wtg
from wtg.mail.spool.journal import UNANSWERED_AN_ADDRESS


def flooded(tmp_path: Path) -> Path:
    """A host whose limits answer nothing: 30 mails from one stranger, 3 from another, none
    answered; its config."""
    hall = Hall(tmp_path, replies_per_hour=0, confirmations_per_hour=0)
    # the poll's moment the clock's: `wtg status` lists the last 24 hours by the clock, and
    # the journal stamps a mail with the poll's moment; a second back, as a digest tells
    # what happened before the second it is made in (gmlines43)
    hall.now = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(seconds=1)
    for number in range(30):
        hall.mail(FLOOD, f"hello {number}")
    for number in range(3):
        hall.mail(QUIET, f"where is the form? {number}")
    summary = hall.poll()
    assert summary.unanswered + summary.ignored == 33
    return hall.config_file(replies_per_hour=0, confirmations_per_hour=0)


def test_status_lists_the_newest_20_of_an_address_and_counts_the_rest(tmp_path: Path) -> None:
    assert UNANSWERED_AN_ADDRESS == 20
    config = flooded(tmp_path)
    listing = json.loads(wtg(config, "status", "--json"))
    assert len(listing["not_answered"]) == 23
    assert sorted(listing["not_answered"][0]) == ["at", "key", "outcome"]
    assert listing["not_answered_not_listed"] == {FLOOD: 10}
    assert {"held_not_listed", "flood_not_kept", "quarantine", "games"} <= set(listing)
    lines = wtg(config, "status").splitlines()
    assert (
        "23 mails not answered in the last 24 hours (a limit held the answer "
        "back, or the From failed DMARC; `wtg digest` lists them too):" in lines
    )
    assert (
        f"10 more mails not answered are not listed: the list keeps the newest 20 of an "
        f"address ({FLOOD} 10; --json: not_answered_not_listed)"
    ) in lines


def test_the_digest_counts_those_not_listed(tmp_path: Path) -> None:
    config = flooded(tmp_path)
    digest = wtg(config, "digest").splitlines()
    assert any(line.startswith("Mail not answered (23): ") for line in digest)
    assert (
        "Mail not answered and not listed (10): the list keeps the newest 20 of an address "
        "(a stranger's flood would fill it), the others are counted here by address "
        "(`wtg --config F status --json`: not_answered_not_listed):"
    ) in " ".join(" ".join(digest).split())  # the heading is wrapped at 78 columns
    assert f"  {FLOOD}: 10 not listed" in digest


def test_the_20_listed_are_the_newest_arrived(tmp_path: Path) -> None:
    """A poll handles its mails the newest first; the list ranked them by the moment each
    was handled, so it kept the flood's first 20 and left out its newest 10."""
    config = flooded(tmp_path)
    listing = json.loads(wtg(config, "status", "--json"))
    bodies = {}
    for path in (tmp_path / "games" / ".mail").rglob("*"):
        if path.is_file() and path.parent.name == "cur":
            bodies["maildir:" + path.name.split(":")[0]] = path.read_text(encoding="utf-8")
    listed = [bodies[entry["key"]] for entry in listing["not_answered"]]
    flood = [int(body.split("hello ")[1].split()[0]) for body in listed if "hello " in body]
    assert flood == list(range(10, 30))
