"""`wtg status`, `wtg status GAME` and `wtg status --host` on a terminal of 80 columns: their
headings ran on to 100-160 columns, folded by the terminal at column 80 in the middle of a
word, a command to copy cut in two. On a terminal, every line wider than it is now broken
at its blanks with a hanging indent (``wtg.text.hanging``), a command between backquotes
and a moment kept whole (a pipe reads them whole, as before); a player's name wider than
its column has its row to itself; and a game kept in another zone than UTC says its
deadline there beside UTC, as its players read it."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.test_gm_controls import run
from wtg.cli import main
from wtg.core.textwidth import tabs_expanded, text_width, wrapped_to_columns
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.schedule import make_schedule, zoned_text
from wtg.mail.spool.journal import Journal
from wtg.text.hanging import hanging

HELD = (
    "HELD by the GM since 2026-11-23 09:12 UTC (the map is being mended): no turn runs until "
    "`wtg release league-07`"
)


def test_a_heading_is_broken_at_79_columns_with_a_hanging_indent() -> None:
    assert hanging(HELD).splitlines() == [
        "HELD by the GM since 2026-11-23 09:12 UTC (the map is being mended): no turn",
        "    runs until `wtg release league-07`",
    ]
    assert hanging("OVERDUE: short") == "OVERDUE: short"


def test_a_command_and_a_moment_are_never_broken() -> None:
    line = (
        "NOTICES OWED: 3 players of g1 were not told; "
        "`wtg --config /srv/wtg/config.yaml release g1 --announce` tells them, since "
        "2026-11-23 09:12 UTC"
    )
    assert hanging(line).splitlines() == [
        "NOTICES OWED: 3 players of g1 were not told;",
        "    `wtg --config /srv/wtg/config.yaml release g1 --announce` tells them, since",
        "    2026-11-23 09:12 UTC",
    ]
    wide = "NOTE: " + "x" * 20 + " `wtg --config /srv/" + "y" * 80 + "/wtg.yaml status` said"
    assert hanging(wide, paths=["/srv/" + "y" * 80]).splitlines() == [
        "NOTE: " + "x" * 20,
        "    `wtg --config /srv/" + "y" * 80 + "/wtg.yaml status`",  # whole, to be copied
        "    said",
    ]


def test_a_word_from_outside_is_cut_and_a_row_goes_on_at_its_column() -> None:
    assert hanging("HELD MAIL: " + "a" * 100).splitlines() == [
        "HELD MAIL: " + "a" * 68,
        "    " + "a" * 32,
    ]
    row = "  player  3 Ann" + " " * 18 + "orders received 2026-11-23 09:12 UTC, READY, ADDRESS "
    row += "FAILING (mail bounced: `wtg bounces`)"
    assert hanging(row, indent=" " * 33).splitlines() == [
        "  player  3 Ann                  orders received 2026-11-23 09:12 UTC, READY,",
        "                                 ADDRESS FAILING (mail bounced: `wtg bounces`)",
    ]


def test_a_word_from_outside_after_a_full_line_begins_the_next() -> None:
    """A word no line holds (a stranger's game name, an address of 254 characters) fills
    the rest of its line; after a line with no column left (79 written, or 78 and the
    blank before it), its first piece was put on that line all the same, which the
    terminal of 80 then folded in the middle of the word: 81 columns (review44)."""
    full = "HELD MAIL: " + "x" * 64 + " abc " + "y" * 200
    assert hanging(full).splitlines() == [
        "HELD MAIL: " + "x" * 64 + " abc",
        "    " + "y" * 75,
        "    " + "y" * 75,
        "    " + "y" * 50,
    ]
    almost = "HELD MAIL: " + "x" * 67 + " " + "y" * 100  # 78: the blank fills the 79th
    assert [len(line) for line in hanging(almost).splitlines()] == [78, 79, 29]
    wide = "NOTE: " + "x" * 71 + " " + "名" * 80  # a letter of two columns after 78
    assert [text_width(line) for line in hanging(wide).splitlines()] == [77, 78, 78, 16]


def test_a_long_name_has_its_row_to_itself(tmp_path: Path) -> None:
    seats = players(2)
    seats[0] = PlayerEntry(1, "Annabel of the Northern Marches", seats[0].email, seats[0].code)
    create_game(tmp_path / "g1", "wok4", "small", seats, 7)
    shown = CliRunner().invoke(main, ["status", str(tmp_path / "g1")])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines()[1:] == [
        "  player  1 Annabel of the Northern Marches",
        "                                 NO ORDERS YET",
        "  player  2 Bob                  NO ORDERS YET",
    ]


def test_a_deadline_is_said_in_the_games_zone_beside_utc(tmp_path: Path) -> None:
    made = datetime(2099, 1, 2, 9, 12, tzinfo=timezone.utc)
    schedule = make_schedule(2, "18:00", "Europe/Vienna", now=made)
    games = tmp_path / "games"
    create_game(games / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    shown = run(tmp_path, "status", "g1").stdout
    assert shown.splitlines()[0] == (
        "game g1, orders for turn 1, deadline 2099-01-04 17:00 UTC (18:00 Europe/Vienna)"
    )
    moved = run(tmp_path, "extend", "g1", "6").stdout
    assert moved.startswith(
        "game g1: turn 1 is due 2099-01-04 23:00 UTC (2099-01-05 00:00 Europe/Vienna) (was "
        "2099-01-04 17:00 UTC); "
    ), moved


def test_a_game_in_utc_and_a_text_that_is_no_moment_say_utc_alone() -> None:
    assert zoned_text("2026-11-25T17:00:00Z", "UTC") == "2026-11-25 17:00 UTC"
    assert zoned_text("2026-11-25T17:00:00Z", None) == "2026-11-25 17:00 UTC"
    assert zoned_text("2026-11-25T23:00:00Z", "Asia/Tokyo") == (
        "2026-11-25 23:00 UTC (2026-11-26 08:00 Asia/Tokyo)"
    )
    assert zoned_text("tomorrow", "Europe/Vienna") == "tomorrow"


def test_on_a_terminal_of_80_columns_status_breaks_its_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = datetime(2099, 1, 2, 9, 12, tzinfo=timezone.utc)
    schedule = make_schedule(2, "18:00", "UTC", now=made)
    games = tmp_path / "games"
    create_game(games / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=made)
    run(tmp_path, "hold", "g1", "--reason", "the map is being mended")
    piped = CliRunner().invoke(main, ["status", str(games / "g1")]).stdout.splitlines()
    since = piped[1][len("HELD by the GM since ") :][: len("2026-12-07 05:43 UTC")]
    assert piped[1] == (  # a pipe: whole, as before
        f"HELD by the GM since {since} (the map is being mended): no turn runs until "
        "`wtg release g1`"
    )
    monkeypatch.setattr("wtg.cli.givenhead.terminal_columns", lambda err=False: 80)
    shown = CliRunner().invoke(main, ["status", str(games / "g1")]).stdout.splitlines()
    assert shown[1:3] == [
        f"HELD by the GM since {since} (the map is being mended): no turn",
        "    runs until `wtg release g1`",
    ]
    assert max(len(line) for line in shown) <= 79
    assert run(tmp_path, "status").stdout.splitlines()[0] == (
        "g1 wok4 turn 1: 0 of 2 orders in, 0 READY, HELD, deadline 2099-01-04 18:00 UTC"
    )


def test_a_seat_of_100_or_more_keeps_every_row_on_one_line(tmp_path: Path) -> None:
    """A game of a hundred and more seats (a Tactics world, a game.yaml that numbers its
    seats so): a seat's three digits pushed its row one column past the notes', and every
    row of that game went on to two lines."""
    seats = players(2)
    seats[1] = PlayerEntry(100, "Bob", seats[1].email, seats[1].code)
    create_game(tmp_path / "g1", "wok4", "small", seats, 7)
    shown = CliRunner().invoke(main, ["status", str(tmp_path / "g1")])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines()[1:] == [  # before: each row on two lines
        "  player   1 Ann                  NO ORDERS YET",
        "  player 100 Bob                  NO ORDERS YET",
    ]


def test_a_span_is_never_broken() -> None:
    line = "next deadline: demo turn 3, 2026-12-13 17:00 UTC (in 6 d 9 h), and then 3 h 5 min ago"
    assert hanging(line, width=59).splitlines() == [
        "next deadline: demo turn 3, 2026-12-13 17:00 UTC",
        "    (in 6 d 9 h), and then 3 h 5 min ago",
    ]
    assert hanging("last poll: 2026-12-07 07:12 UTC (just now), ok: filed", width=41) == (
        "last poll: 2026-12-07 07:12 UTC\n    (just now), ok: filed"
    )


def test_on_a_terminal_the_digest_and_quarantine_keep_to_its_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg digest` and `wtg quarantine` on a terminal of 60 columns (lines of 60 at most:
    ``MIN_WIDTH``): their lines of up to 78 (and more, a quarantined mail's) were folded by
    the terminal in mid-word."""
    games = tmp_path / "games"
    create_game(games / "g1", "wok4", "classic60", players(10), 7)
    piped = run(tmp_path, "digest").stdout
    assert max(len(line) for line in piped.splitlines()) > 59  # a pipe: the mail's lines
    monkeypatch.setattr("wtg.cli.givenhead.terminal_columns", lambda err=False: 60)
    shown = run(tmp_path, "digest").stdout
    assert max(len(line) for line in shown.splitlines()) <= 60  # before: 78
    missing = [" ".join(text.split("Orders missing:")[1].split()) for text in (shown, piped)]
    assert missing[0] == missing[1]  # the same words
    journal = Journal(games / ".mail")
    reason = "the form's game line names no game of this host, " * 3
    journal.quarantined("imap:1:2", "g1", "archive/x.eml", reason, 1.0, "a@example.org")
    journal.commit()
    journal.close()
    listed = run(tmp_path, "quarantine").stdout
    assert reason.strip() in " ".join(listed.split())
    assert max(len(line) for line in listed.splitlines()) <= 60  # before: 200 and more


def shown_width(line: str) -> int:
    """The columns ``line`` fills on a terminal, each tab moving on to the next multiple of
    8 (as the terminal does, counted here apart from ``wtg.core.textwidth``)."""
    column = 0
    for char in line:
        column = column + 8 - column % 8 if char == "\t" else column + text_width(char)
    return column


def test_a_tab_fills_the_columns_it_moves_on_by() -> None:
    """A line for the GM quoting a stranger's words with tabs in them (a quarantined mail's
    reason, were it not made one line of single blanks first): each tab was counted as one
    column, and the line ran to 86 columns on a terminal of 80, folded by it in mid-word.
    A tab is now the blanks it moves on by, and a line broken there."""
    reason = "RuntimeError: no game named in\t" + "\t".join(["orders"] * 12)
    lines = hanging(f"  {reason}").splitlines()
    assert max(shown_width(line) for line in lines) <= 79, lines  # before: 86
    assert lines == [
        "  RuntimeError: no game named in" + " " * 8 + "  ".join(["orders"] * 5),
        "      " + "  ".join(["orders"] * 7),
    ]
    assert " ".join(" ".join(lines).split()) == " ".join(reason.split())
    assert wrapped_to_columns("ab\t" * 12, 40) == [
        "ab      ab      ab      ab      ab",
        "ab      ab      ab      ab      ab",
        "ab      ab",
    ]
    assert tabs_expanded("\u5c71\tx\nab\tc") == "\u5c71      x\nab      c"  # 山 fills two
