"""The digest's headings keep to 78 columns: each said in a line of hundreds of
characters, and a GM's mail reader showed them as one line running off the screen (or
wrapped mid-word by a client that hard-wraps)."""

from __future__ import annotations

import pytest

from wtg.core.textwidth import text_width
from wtg.game.gameconfig import GAME_NAME_MAX_LENGTH
from wtg.mail.incoming.setaside import WHY_SHOWN
from wtg.mail.outgoing.digest import Digest, Failing, Missing, Overdue, TurnRun
from wtg.mail.outgoing.failedmail import Listed
from wtg.mail.spool.journallists import FloodCount, Quarantined, SetAside, Unanswered, WrongCodes

WIDTH = 78


def every_section() -> Digest:
    mail = Quarantined(
        key="imap:7:10", game="g1", archive="archive/x.eml", reason="no code", at=1.0
    )
    return Digest(
        since="2026-12-01 06:00",
        until="2026-12-02 06:00",
        runs=(TurnRun(game="g1", turn=3, ran_at="2026-12-01 22:00"),),
        quarantine=(mail,),
        quarantine_not_listed=(("a@example.org", 4),),
        held=(mail,),
        held_not_listed=2,
        unanswered=(Unanswered(key="imap:7:11", outcome="reply limit", at=1.0),),
        unanswered_not_listed=(("b@example.org", 3),),
        set_aside=(
            SetAside(key="k", game="g1", seat="2", why="Auto-Submitted", archive="a", at=1.0),
        ),
        flood_not_kept=(FloodCount(sender="c@example.org", day="2026-12-01", dropped=9, at=1.0),),
        wrong_codes=(WrongCodes(game="g1", seat=2, forms=40, elsewhere=38, addresses=19),),
        missing=(Missing(game="g1", turn=4, deadline=None, held=False, players=("Ann",)),),
        overdue=(Overdue(game="g2", turn=5, said="deadline 3 days ago"),),
        bounces=(Failing(game="g1", player="2", address="d@example.org", since="x", why=""),),
        troubles=("games/g3: game.yaml unreadable",),
        refused=(Listed(name="m1", to="e@example.org", subject="g1 turn 3", error="550 no"),),
    )


def test_every_heading_of_the_digest_keeps_to_78_columns() -> None:
    text = every_section().text()
    headings = [line for line in text.splitlines() if line and not line.startswith(" ")]
    assert len(headings) >= 20, text  # every section's heading, some in several lines
    assert [line for line in headings if len(line) > WIDTH] == []


def test_a_heading_wrapped_says_every_word_it_said_in_one_line() -> None:
    text = every_section().text()
    words = " ".join(text.split())
    assert "the limits are mail.replies_per_hour, replies_per_day, confirmations_per_hour," in words
    assert "then `wtg outbox --retry NAME` sends it again:" in words


# The items under the headings: the line of a game's missing orders ran to 93 columns and
# past (every player's number and name on one line: 142 for a game of ten), a turn OVERDUE
# to some 230 (what `wtg status` says of it), and a failing address with its server's
# reason past 80. Each is broken between whole items (a player's number with his name) or
# words, its later lines indented under the first.
NAMES = ("Annabelle", "Bartholomew", "Cidney", "Deedee", "Evangeline")
TEN = tuple(f"{n} {name}" for n, name in enumerate((*NAMES, "Fay", "Gus", "Hal", "Ivy", "Jo"), 1))


def test_the_missing_orders_of_ten_players_keep_to_78_columns() -> None:
    digest = Digest(
        since="2026-12-04T03:42:08Z",
        until="2026-12-05T03:42:08Z",
        missing=(
            Missing(game="wok10", turn=1, deadline="2026-12-07T17:00:00Z", held=True, players=TEN),
        ),
    )
    part = digest.text().split("\nOrders missing:\n", 1)[1].split("\n\n", 1)[0]
    assert part.splitlines() == [
        "  wok10 turn 1, deadline 2026-12-07T17:00:00Z (held): 1 Annabelle,",
        "    2 Bartholomew, 3 Cidney, 4 Deedee, 5 Evangeline, 6 Fay, 7 Gus, 8 Hal,",
        "    9 Ivy, 10 Jo",
    ]


def test_an_overdue_turn_and_a_failing_address_keep_to_78_columns() -> None:
    said = (
        "the deadline passed 2 d 3 h ago and turn 1 has not run: `wtg run-turn --due` runs "
        "it or says why not (cron's line runs it every five minutes: is it in `crontab "
        "-l`, or is wtg serve running?)"
    )
    why = "5.1.1 User unknown in virtual mailbox table"
    digest = Digest(
        since="2026-12-04T03:42:08Z",
        until="2026-12-05T03:42:08Z",
        overdue=(Overdue(game="g1", turn=1, said=said),),
        bounces=(Failing("g1", "3 Cidney", "cidney@example.org", "2026-11-23T10:15:02Z", why),),
    )
    text = digest.text()
    assert max(len(row) for row in text.splitlines()) <= 78
    overdue = text.split("\nTurns OVERDUE (1):\n", 1)[1].split("\n\n", 1)[0]
    assert overdue.splitlines() == [
        "  g1: the deadline passed 2 d 3 h ago and turn 1 has not run: `wtg run-turn",
        "    --due` runs it or says why not (cron's line runs it every five minutes: is",
        "    it in `crontab -l`, or is wtg serve running?)",
    ]
    bounces = text.split("\nfixed):\n", 1)[1].split("\n\n", 1)[0]
    assert bounces.splitlines() == [
        "  g1 player 3 Cidney <cidney@example.org> since 2026-11-23 10:15 UTC: 5.1.1",
        "    User unknown in virtual mailbox table",
    ]


def test_a_quarantined_mail_s_path_and_reason_keep_to_78_columns() -> None:
    """A quarantined mail's key, game, archive path and reason were one line, some 200
    columns (the path is the archive's, whole). Each goes on a line of its own, the path
    whole (it is copied), the reason wrapped at its words; a mail held likewise."""
    archive = "/home/gm/games/.mail/archive/2026-12/maildir-1796453191.M1258P191Q132.eml"
    reason = (
        "the form names game g7, which this host does not know (a game deleted, or a "
        "player's old form): `wtg quarantine --release KEY` once it is there"
    )
    mail = Quarantined(
        key="maildir:1796.M12Q132", game="g7", archive=archive, reason=reason, at=1.0
    )
    digest = Digest(since="x", until="y", quarantine=(mail,), held=(mail,))
    text = digest.text()
    quarantine = text.split("once dealt\nwith):\n", 1)[1].split("\n\n", 1)[0]
    assert quarantine.splitlines() == [
        "  maildir:1796.M12Q132  game g7",
        f"    {archive}",
        "    the form names game g7, which this host does not know (a game deleted, or",
        "    a player's old form): `wtg quarantine --release KEY` once it is there",
    ]
    held = text.split("drops it):\n", 1)[1].split("\n\n", 1)[0]
    assert held.splitlines() == ["  maildir:1796.M12Q132  game g7", f"    {archive}"]
    assert max(len(row) for row in text.splitlines()) <= 78


# A mail set aside was one line: the game, the seat, the header that made the mail look
# automatic (up to WHY_SHOWN, 200 characters) and the kept mail's path, some 320 columns.
# The header goes to 78 columns at its words (a value without blanks cut between its
# characters, by the columns they fill), the path whole on a line of its own, to copy.
GAME = "wok4-" + "k" * (GAME_NAME_MAX_LENGTH - 5)
SEAT = "10 " + "Bartholomew-Annabelle " * 2  # 44 characters of a 40-character name and more
ARCHIVE = f"/srv/wtg/games/.mail/archive/2026-12/maildir-1796453191.M1258P191Q132.{'x' * 60}.eml"
LONGEST = (
    ("List-Id: " + "n" * (WHY_SHOWN - 9)),  # one word of 191 characters
    ("Precedence: " + "bulk junk list " * 20)[:WHY_SHOWN],  # many words
    ("Auto-Submitted: " + "\u5c71" * (WHY_SHOWN - 16)),  # 184 letters of two columns each
)


@pytest.mark.parametrize("why", LONGEST)
def test_a_mail_set_aside_with_the_longest_header_keeps_to_78_columns(why: str) -> None:
    item = SetAside(key="k", game=GAME, seat=SEAT, why=why, archive=ARCHIVE, at=1.0)
    text = Digest(since="x", until="y", set_aside=(item,)).text()
    part = text.split('"Orders set aside"):\n', 1)[1].split("\n\n", 1)[0].splitlines()
    assert part[-1] == f"    {ARCHIVE}"  # whole, copied as it is
    assert [line for line in part[:-1] if text_width(line) > 78] == []
    assert part[0].startswith(f"  {GAME} player 10")
    assert all(line.startswith("    ") for line in part[1:])
    said = "".join(line.strip() for line in part[:-1])  # every character of it, in order
    assert said.replace(" ", "") == f"{GAME}player{SEAT}:{why};keptin".replace(" ", "")
    assert len(part) >= 4  # the 200 characters broken, not cut away


def test_what_a_server_or_a_stranger_wrote_keeps_to_78_columns_in_the_digest() -> None:
    """A server's refusal (a line of hundreds of characters, some without a blank), a mail's
    outcome, a flood's sender (an address of 254 characters) and a quarantined mail's reason
    were printed on one line each, as long as they came: each is broken to 78 columns now,
    the paths to copy whole on lines of their own, and a line break in them no line of its
    own (it read as one of the digest's)."""
    sender = "f" * 64 + "@" + ("d" * 60 + ".") * 3 + "example"
    error = "550-5.1.1 " + "x" * 120 + "\n550 5.1.1 FAKE: Nothing to report: all is well " * 4
    reason = "ValueError: " + "y" * 150 + " and more words " * 10
    mail = Quarantined(key="imap:7:10", game="g1", archive=ARCHIVE, reason=reason, at=1.0)
    digest = Digest(
        since="x",
        until="y",
        quarantine=(mail,),
        quarantine_not_listed=((sender, 4),),
        unanswered=(Unanswered(key="imap:7:11", outcome=f"reply limit {reason}", at=1.0),),
        unanswered_not_listed=((sender, 3),),
        flood_not_kept=(FloodCount(sender=sender, day="2026-12-01", dropped=9, at=1.0),),
        refused=(Listed(name="m1", to=sender, subject="g1 turn 3", error=error),),
    )
    lines = digest.text().splitlines()
    assert [line for line in lines if text_width(line) > 78 and line != f"    {ARCHIVE}"] == []
    assert f"    {ARCHIVE}" in lines
    assert not [line for line in lines if line.startswith("550") or "FAKE" in line[:8]]
    words = " ".join(" ".join(lines).split())
    assert "550 5.1.1 FAKE: Nothing to report: all is well 550 5.1.1 FAKE" in words


def test_a_failing_address_of_254_characters_keeps_to_78_columns() -> None:
    """The bounced addresses' lines were wrapped by Jinja's wordwrap, which breaks no long
    word: an address of 254 characters (a stranger's, or a player's), or a server's words
    without a blank, ran off the screen on one line, and a line break in the server's words
    began a line of its own. Broken to 78 columns now, as every other line of the digest."""
    address = "f" * 64 + "@" + ("d" * 60 + ".") * 3 + "example"
    why = "550 " + "z" * 120 + "\nNothing to report: all is well"
    digest = Digest(
        since="x",
        until="y",
        bounces=(Failing("g1", "3 Cidney", address, "2026-11-23T10:15:02Z", why),),
    )
    text = digest.text()
    part = text.split("\nfixed):\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert [line for line in part if text_width(line) > WIDTH] == []
    assert part[0].startswith("  g1 player 3 Cidney <f")
    assert all(line.startswith("    ") for line in part[1:])
    assert not any(line.startswith("Nothing") for line in text.splitlines())
    said = "".join(line.strip() for line in part)  # every character of it, in order
    whole = f"g1 player 3 Cidney <{address}> since 2026-11-23 10:15 UTC: {why}"
    assert said.replace(" ", "") == "".join(whole.split())


def test_on_a_terminal_of_60_columns_every_line_keeps_to_them() -> None:
    """`wtg digest` on a terminal narrower than its mail's 78 columns: the terminal folded
    each longer line at its edge, in the middle of a word. The digest is made at the
    terminal's width there (the mail, and a pipe, keep 78)."""
    text = every_section().text(59)
    assert [line for line in text.splitlines() if text_width(line) > 59] == []
    words = " ".join(text.split())
    assert words == " ".join(every_section().text().split())  # every word said, in order
    digest = Digest(
        since="2026-12-04T03:42:08Z",
        until="2026-12-05T03:42:08Z",
        missing=(
            Missing(game="wok10", turn=1, deadline="2026-12-07T17:00:00Z", held=True, players=TEN),
        ),
    )
    part = digest.text(59).split("\nOrders missing:\n", 1)[1].split("\n\n", 1)[0]
    assert part.splitlines() == [
        "  wok10 turn 1, deadline 2026-12-07T17:00:00Z (held):",
        "    1 Annabelle, 2 Bartholomew, 3 Cidney, 4 Deedee,",
        "    5 Evangeline, 6 Fay, 7 Gus, 8 Hal, 9 Ivy, 10 Jo",
    ]
