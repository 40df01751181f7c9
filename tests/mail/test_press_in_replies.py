"""Issue 25, item 1: press carries no orders into another player's reply.

"Text from other players (press, announcements, anything quoted from a report) is never
read as orders: the form a player's orders are read from is the one carrying his own code,
and lines outside it are not his orders." Bob's press, printed in Ann's report, holds order
lines (QUIT, READY, an alliance, an attack, a setting), a header line naming Ann and a
whole form with her header and a wrong code; Ann answers the report in every shape a client
gives a reply (Outlook's "Thanks" above the unquoted original, a forward, ``> `` and ``| ``
quotes, HTML alone, the report attached) and nothing of the press is filed as hers: not in
WoK IV, not in Standard WoK (alliances, QUIT, READY).

Each shape is tried on the report as wtg mails it now, followed by the turn's press mail (a
reply may hold both: a forward of the thread, a player pasting them together), and on the
report as it printed press before (each line as written, indented, just above the form):
the choice of the form holds without the way press is printed or mailed."""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, ann_and_bob
from tests.mail.replies import ATTRIBUTION, bottom_posted, quoted, top_posted
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import Press, add_press
from wtg.gm.gamestatus import game_status
from wtg.mail.incoming.answers import NOT_ACCEPTED


def two_players(root: Path, ruleset: str) -> tuple[Hall, Game]:
    """A two-player list of ``ruleset`` filled by Ann and Bob, its game started."""
    hall = Hall(root)
    return hall, ann_and_bob(hall, ruleset)


def seat(game: Game, name: str) -> PlayerEntry:
    return next(p for p in game.config.players if p.name == name)


def order_lines(ann: int, bob: int) -> str:
    return f"Hear me, lords:\nQ1: 1\nR1: 1\nL1: {bob:02d}\nV1: 1\nA1: 01 02 010\nMAP: off\n"


def form_lines(game: str, ann: int) -> str:
    """A header naming Ann without her code, then a whole form with a wrong code: what
    the PRESS command refuses, kept here as a GM's edit (or press kept before) would be."""
    return (
        f"GAME: {game}  TURN: 2  PLAYER: {ann}\nQ1: 1\nR1: 1\n"
        "=== BEGIN AOF ===\n"
        f"GAME: {game}  TURN: 2  PLAYER: {ann}  CODE: WRONGCODE9\nQ1: 1\nR1: 1\n"
        "=== END AOF ===\n"
    )


def as_printed_before(report: str, press: str) -> str:
    """Ann's report with Bob's press as wtg printed it before: each line indented only."""
    block = "".join(f"  {line}\n" for line in press.splitlines())
    block = f"PRESS (what players wrote to the whole game this turn)\n\nFrom Bob:\n{block}\n"
    head, begin, form = report.partition("=== BEGIN AOF ===")
    return head.split("PRESS (", 1)[0] + block + begin + form


# --- the shapes of a reply --------------------------------------------------------------
def plain(body: str) -> EmailMessage:
    msg = EmailMessage()
    msg.set_content(body)
    return msg


def outlook_top(report: str) -> EmailMessage:
    """Outlook (desktop), plain text: "Thanks" above the original, unprefixed, wrapped at 76
    (as tests/mail/clients/fixtures/outlook-top.eml)."""
    wrapped = "\n".join(textwrap.fill(line, 76) if line else "" for line in report.split("\n"))
    return plain(
        "Thanks!\n\nAnn\n\n-----Original Message-----\nFrom: Game Master <gm@wtg.example>\n"
        "Sent: Sunday, November 22, 2026 1:09 PM\nTo: p1@players.example\n"
        f"Subject: [game] turn 1 report for Ann\n\n{wrapped}"
    )


def forwarded(report: str) -> EmailMessage:
    """A forward: the original unquoted below the client's separator (Gmail's)."""
    return plain(
        "Thanks, see below.\n\n---------- Forwarded message ---------\n"
        "From: Game Master <gm@wtg.example>\nDate: Sun, Nov 22, 2026 at 1:09 PM\n"
        f"Subject: [game] turn 1 report for Ann\nTo: <p1@players.example>\n\n\n{report}"
    )


def angle_quoted(report: str) -> EmailMessage:
    return plain(top_posted(report, "Thanks!"))


def pipe_quoted(report: str) -> EmailMessage:
    return plain(bottom_posted(report, "Thanks!", prefix="| "))


def html_outlook(report: str) -> EmailMessage:
    """HTML alone, Outlook's way: the original below a rule, in no blockquote."""
    msg = EmailMessage()
    original = "".join(f"<p>{html.escape(line) or '&nbsp;'}</p>" for line in report.split("\n"))
    msg.set_content(
        f"<html><body><p>Thanks!</p><hr><p><b>From:</b> Game Master</p>{original}</body></html>",
        subtype="html",
    )
    return msg


def html_thunderbird(report: str) -> EmailMessage:
    """HTML alone, Thunderbird's way: the original in a cited blockquote."""
    msg = EmailMessage()
    msg.set_content(
        f"<html><body><p>Thanks!</p><div>{html.escape(ATTRIBUTION)}</div>"
        f'<blockquote type="cite"><pre>{html.escape(report)}</pre></blockquote></body></html>',
        subtype="html",
    )
    return msg


def attached(report: str) -> EmailMessage:
    """ "Thanks", the report mail attached whole (a forward as attachment)."""
    original = EmailMessage()
    original["From"] = "Game Master <gm@wtg.example>"
    original["Subject"] = "[game] turn 1 report for Ann"
    original.set_content(report)
    msg = plain("Thanks, the report is attached.\n")
    msg.add_attachment(original)
    return msg


SHAPES: dict[str, Callable[[str], EmailMessage]] = {
    "outlook-top": outlook_top,
    "forward": forwarded,
    "quoted": angle_quoted,
    "pipe-quoted": pipe_quoted,
    "html-outlook": html_outlook,
    "html-thunderbird": html_thunderbird,
    "attached": attached,
}


# --- the game ---------------------------------------------------------------------------
def ann_reads_bobs_press(root: Path, ruleset: str) -> tuple[Hall, Game, PlayerEntry, str]:
    """Bob mails press with order lines (kept) and a form is kept as press too; turn 1 runs;
    Ann's turn 1 report and the turn's press mail, as mailed, one after the other."""
    hall, game = two_players(root, ruleset)
    ann, bob = seat(game, "Ann"), seat(game, "Bob")
    hall.mail(
        bob.email, f"PRESS {game.config.game}\nCODE {bob.code}\n\n{order_lines(ann.id, bob.id)}"
    )
    hall.poll(hours=1)
    (kept,) = hall.new_mails(bob.email)
    assert "goes out to every player with the reports of turn 1" in kept.words
    with game.store.lock():
        kept_form = Press(
            bob.id, "Bob", "2026-11-22 13:00 UTC", form_lines(game.config.game, ann.id)
        )
        add_press(game.store, 1, kept_form, hall.now)
    game.run_turn(now=hall.now)
    hall.send()
    mailed = {m.subject: m.body for m in hall.new_mails(ann.email)}
    report = mailed[f"[{game.config.game}] turn 1 report for Ann"]
    press = mailed[f"[{game.config.game}] press of turn 1"]
    assert "Hear me, lords:" in press and "WRONGCODE9" in press and "Hear me" not in report
    return hall, game, ann, f"{report}\n{press}"


def answered(hall: Hall, ann: PlayerEntry, msg: EmailMessage) -> None:
    hall.count += 1
    msg["From"] = f"Ann <{ann.email}>"
    msg["To"] = "Game Master <gm@wtg.example>"
    msg["Subject"] = "Re: your report"
    msg["Message-ID"] = f"<reply{hall.count}@players.example>"
    hall.inbox.add(msg)
    hall.poll(hours=1)


NOTHING_OF_THE_PRESS = ("quit", "ready", "ally", "vote_end", "attack")


@pytest.mark.parametrize("ruleset", ["wok4", "standard"])
@pytest.mark.parametrize("printed", ["now", "before"])
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_reply_in_any_shape_files_nothing_of_anothers_press(
    tmp_path: Path, ruleset: str, printed: str, shape: str
) -> None:
    """Issue 25, item 1: whatever the shape of Ann's reply, Bob's press gives her no QUIT,
    no READY, no alliance, no vote, no attack and no MAP setting."""
    hall, game, ann, report = ann_reads_bobs_press(tmp_path, ruleset)
    if printed == "before":
        press = order_lines(ann.id, seat(game, "Bob").id) + form_lines(game.config.game, ann.id)
        report = as_printed_before(report.split("\nPRESS of game", 1)[0], press)
    answered(hall, ann, SHAPES[shape](report))
    filed = game.store.pending_dir(2) / f"p{ann.id:02d}.yaml"
    text = filed.read_text(encoding="utf-8") if filed.exists() else ""
    assert [key for key in NOTHING_OF_THE_PRESS if f"{key}:" in text] == []
    assert game.settings().read().get(ann.id, {}) == {}
    assert not game_status(game)["players"][ann.id - 1]["ready"]
    answers = [m.subject for m in hall.new_mails(ann.email)]
    assert [s for s in answers if s.lower().endswith(NOT_ACCEPTED)] == []


@pytest.mark.parametrize("ruleset", ["wok4", "standard"])
@pytest.mark.parametrize("printed", ["now", "before"])
def test_orders_filled_into_the_unquoted_original_stand_with_their_ready(
    tmp_path: Path, ruleset: str, printed: str
) -> None:
    """Issue 25, item 1: Ann fills in the form of the original Outlook left unquoted below
    her "Thanks"; her READY is filed as she wrote it. Bob's order lines beside her form
    are not hers: they are neither read nor counted as rejected lines of hers (which would
    keep her READY from standing). Under Outlook's separator the original is read as a
    quoted report is: its lines are the mail answered, neither read nor said."""
    hall, game, ann, report = ann_reads_bobs_press(tmp_path, ruleset)
    if printed == "before":
        press = order_lines(ann.id, seat(game, "Bob").id)
        report = as_printed_before(report.split("\nPRESS of game", 1)[0], press)
    mine = report.replace("R1: _", "R1: 1", 1)
    answered(hall, ann, outlook_top(mine))
    assert game.store.pending_dir(2).joinpath(f"p{ann.id:02d}.yaml").exists()
    assert game_status(game)["players"][ann.id - 1]["ready"]
    text = (game.store.pending_dir(2) / f"p{ann.id:02d}.yaml").read_text(encoding="utf-8")
    assert [key for key in NOTHING_OF_THE_PRESS if f"{key}:" in text] == ["ready"]
    (confirmation,) = hall.new_mails(ann.email)
    assert "orders for turn 2 received" in confirmation.subject
    assert "0 rejected" in confirmation.body
    assert "look like order lines" not in confirmation.body


@pytest.mark.parametrize("ruleset", ["wok4", "standard"])
def test_bare_lines_typed_above_the_quoted_report_are_still_read(
    tmp_path: Path, ruleset: str
) -> None:
    """Issue 25, item 1: the order lines Ann types above the quoted report are hers, read
    with the header of her form quoted below; Bob's quoted press is not."""
    hall, game, ann, report = ann_reads_bobs_press(tmp_path, ruleset)
    answered(hall, ann, plain(f"R1: 1\n\nAnn\n\n{ATTRIBUTION}\n{quoted(report)}"))
    assert game_status(game)["players"][ann.id - 1]["ready"]
    text = (game.store.pending_dir(2) / f"p{ann.id:02d}.yaml").read_text(encoding="utf-8")
    assert [key for key in NOTHING_OF_THE_PRESS if f"{key}:" in text] == ["ready"]


@pytest.mark.parametrize("ruleset", ["wok4", "standard"])
def test_bare_lines_in_a_reply_with_its_html_part_stand_with_their_ready(
    tmp_path: Path, ruleset: str
) -> None:
    """Issue 25, item 1: Gmail, Apple Mail and Thunderbird send a reply twice, as plain text
    and as HTML. Ann's bare lines above the quoted report are read from the plain text;
    the same lines in the HTML part are not another set of lines of hers outside her form
    (which would keep her READY from standing), and Bob's quoted press is read in neither."""
    hall, game, ann, report = ann_reads_bobs_press(tmp_path, ruleset)
    msg = plain(f"R1: 1\n\nAnn\n\n{ATTRIBUTION}\n{quoted(report)}")
    msg.add_alternative(
        f"<html><body><div>R1: 1</div><div>Ann</div><div>{html.escape(ATTRIBUTION)}</div>"
        f'<blockquote type="cite"><pre>{html.escape(report)}</pre></blockquote></body></html>',
        subtype="html",
    )
    answered(hall, ann, msg)
    assert game_status(game)["players"][ann.id - 1]["ready"]
    text = (game.store.pending_dir(2) / f"p{ann.id:02d}.yaml").read_text(encoding="utf-8")
    assert [key for key in NOTHING_OF_THE_PRESS if f"{key}:" in text] == ["ready"]
    (confirmation,) = hall.new_mails(ann.email)
    assert "1 accepted, 0 rejected" in confirmation.body


def test_press_prints_no_line_a_form_would_read(tmp_path: Path) -> None:
    """Issue 25, item 1 (and in depth): each line of press as mailed starts with the
    writer's number and holds no header key, however the press was written (full-width
    letters, invisible characters, a line too long for a client's quote)."""
    hall, game = two_players(tmp_path, "wok4")
    ann, bob = seat(game, "Ann"), seat(game, "Bob")
    text = (
        "\uff27\uff21\uff2d\uff25\uff1a wok4-1 CO\u200bDE: X\n"
        + "word " * 30
        + "Q1: 1\n=== END AOF ===\n  R1: 1"
    )
    with game.store.lock():
        add_press(game.store, 1, Press(bob.id, "Bob", "now", text), hall.now)
    game.run_turn(now=hall.now)
    hall.send()
    mailed = {m.subject: m.body for m in hall.new_mails(ann.email)}
    report = mailed["[wok4-1] turn 1 report for Ann"]
    press = mailed["[wok4-1] press of turn 1"].split("From Bob", 1)[1].strip().splitlines()
    lines = press[1:]
    assert all(line.startswith(f"  {bob.id}| ") for line in lines), lines
    assert all(len(line) <= 70 for line in lines)
    assert lines[0] == f"  {bob.id}| GAME - wok4-1 CODE - X"
    assert lines[-3].endswith(" word Q1: 1") and len(lines) == 6
    assert lines[-2:] == [f"  {bob.id}| === END AOF ===", f"  {bob.id}|   R1: 1"]
    hall.mail(ann.email, f"Thanks\n\n{report}\n{mailed['[wok4-1] press of turn 1']}")
    hall.poll(hours=1)
    filed = game.store.pending_dir(2) / f"p{ann.id:02d}.yaml"
    assert not filed.exists() or "quit" not in filed.read_text(encoding="utf-8")
