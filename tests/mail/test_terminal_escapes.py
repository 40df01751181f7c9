"""Issue 25, item 8: "Strip every control sequence from text that came by mail, wherever it
is printed." OSC 52 (a clipboard write) and OSC 0 (a window title) come in PRESS text and in
a stranger's commands; the GM's `wtg poll -v`, `wtg report`, `wtg status`, `wtg quarantine`,
the journal and the site show the text without them, and the other players' press mails
too."""

from __future__ import annotations

import sqlite3
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import GM, Hall, ann_and_bob
from wtg.cli import main
from wtg.core.printable import printable
from wtg.game.engine import Game
from wtg.mail.spool.journal import Journal

CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4K\x07"
"""OSC 52: the terminal's clipboard becomes "rm -rf ~"."""
TITLE = "\x1b]0;you have been owned\x1b\\"
"""OSC 0, ended by ST: the window's title."""
CSI = "\x1b[2J\x1b[31m"
"""Clear the screen, then red."""
C1_OSC = "\x9d0;c1 title\x9c"
"""The same OSC, as C1 control characters."""
HOSTILE = (CLIPBOARD, TITLE, CSI, C1_OSC, "\r", "\x07", "\x00")


def clean(text: str) -> bool:
    return not any(c in text for c in "\x1b\x07\x9b\x9c\x9d\x00\r")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (f"Peace{CLIPBOARD} to all{TITLE}!", "Peace to all!"),
        (f"red{CSI}alert\x1b[0m", "redalert"),
        (f"c1{C1_OSC} osc", "c1 osc"),
        ("over\rwritten\x00 \x08x", "overwritten x"),
        ("a\x1b]0;no end\nnext line\tand a tab", "a\nnext line\tand a tab"),
        ("a\x1bcb\x1b(Bc", "abc"),
        ("Ünïcode 日本 stays", "Ünïcode 日本 stays"),
        ("raw\udcc2\udc9d0;t\udcc2\udc9c bytes", "raw0;t bytes"),  # C1 as undecoded bytes
        # bidi overrides, embeddings and isolates: what follows on the line would show
        # reversed, wtg's own words after the quote among it
        ("STATUS \u202ex.exe (refused)", "STATUS x.exe (refused)"),
        ("a\u202ab\u202bc\u202cd\u202de\u2066f\u2067g\u2068h\u2069i", "abcdefghi"),
        # the bidi marks (left-to-right, right-to-left, Arabic letter): a right-to-left
        # mark after a name turned the punctuation and numbers wtg writes after it round
        ("Mal\u200f: 12 (#3)\u200e, Eve\u061c: 4", "Mal: 12 (#3), Eve: 4"),
        # a left-to-right mark right after a Hebrew or Arabic letter only ends its run
        # (wtg closes such a name so in `wtg status`): kept there, and only there
        ("\u05e9\u05dc\u05d5\u05dd\u200e 12", "\u05e9\u05dc\u05d5\u05dd\u200e 12"),
        ("\u0645\u062d\u0645\u062f\u200e: 4", "\u0645\u062d\u0645\u062f\u200e: 4"),
        ("\u05e9 \u200e12 \u05e9\u200f\u200e", "\u05e9 12 \u05e9"),
        ("\u200eabc\u200f\u200e", "abc"),
        # tag characters: words that show nowhere, hidden in visible text; a flag's stay
        ("ok\U000e0001\U000e0069\U000e0067\U000e006e\U000e007f then", "ok then"),
        (
            "Scotland \U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f stays",
            "Scotland \U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f stays",
        ),
        ("\U0001f3f4 a black flag, no tags \U000e0041", "\U0001f3f4 a black flag, no tags "),
        (
            "\u05e9\u05dc\u05d5\u05dd and a zero-width joiner: \U0001f469\u200d\U0001f467 stay",
            "\u05e9\u05dc\u05d5\u05dd and a zero-width joiner: \U0001f469\u200d\U0001f467 stay",
        ),
    ],
)
def test_printable_takes_out_every_control_sequence(text: str, shown: str) -> None:
    """Issue 25, item 8: CSI, OSC (ended by BEL, by ST, or not at all), C1, other escapes
    and bare control characters go, and so do lone surrogates (a header's bytes that were no
    UTF-8, which a terminal would get as those bytes: a C1 OSC, say); line feeds, tabs and
    any printable character stay."""
    assert printable(text) == shown


def started(root: Path) -> tuple[Hall, Game, Path]:
    """Ann and Bob play wok4-1; the GM's config file for the command line."""
    hall = Hall(root)
    config = root / "wtg.yaml"
    config.write_text(f'games_dir: games\nfrom: "{GM}"\n', encoding="utf-8")
    return hall, ann_and_bob(hall), config


def gm(config: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--config", str(config), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_gms_terminal_gets_no_control_sequence_from_mail(tmp_path: Path) -> None:
    """Issue 25, item 8: Bob's PRESS and a stranger's commands carry OSC 52, titles, CSI and
    C1 sequences; `poll -v`, `report`, `status`, `quarantine`, the journal and the site show
    their text without any of them, and Ann's press mail carries none."""
    hall, game, config = started(tmp_path)
    bob = next(p for p in game.config.players if p.name == "Bob")
    ann = next(p for p in game.config.players if p.name == "Ann")
    press = "".join(f"word{i}{seq} " for i, seq in enumerate(HOSTILE))
    hall.mail(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\n{press}\n")
    hall.mail("stranger@else.example", f"STATUS wok4-1{CLIPBOARD}\nREPORT wok4-1 1{TITLE}\n")
    hall.mail("other@else.example", f"GAME: no{CSI}such TURN: 1 PLAYER: 1 CODE: X{C1_OSC}\n")
    before = time.time()
    polled = gm(config, "poll", "-v")
    assert "commands refused: STATUS wok4-1" in polled and "answered: commands: PRESS" in polled
    assert clean(polled), repr(polled)
    with sqlite3.connect(tmp_path / "games" / ".mail" / "journal.sqlite") as db:
        outcomes = [row[0] for row in db.execute("SELECT outcome FROM messages")]
        # the command line polls by the real clock, the hall's polls of the game's making
        # by the hall's: their records may be older than the journal keeps (14 days)
        this_poll = db.execute("SELECT count(*) FROM messages WHERE handled_at >= ?", (before,))
        assert this_poll.fetchone() == (3,)
    assert all(map(clean, outcomes)), outcomes

    game.run_turn(now=hall.now)
    shown = gm(config, "report", "wok4-1", "--player", str(ann.id))
    assert "1 piece of press this turn" in shown and clean(shown)
    hall.send()
    (mailed,) = [m for m in hall.new_mails(ann.email) if "press of turn 1" in m.subject]
    # the carriage return after word4 is a line break of the mail: the press has two lines
    assert "| word0 word1 word2 word3 word4\n" in mailed.body and "|  word5 word6\n" in mailed.body
    assert clean(mailed.body)

    journal = Journal(tmp_path / "games" / ".mail")
    journal.quarantined("k1", f"wok4-1{TITLE}", "archive/k1.eml", f"boom{CLIPBOARD}!", 1.0)
    journal.commit()
    journal.close()
    listed = gm(config, "quarantine")  # the name as sent, escaped: no game of this host
    shown = "k1  game 'wok4-1\\x1b]0;you have been owned\\x1b\\\\'\n    archive/k1.eml\n      boom!"
    assert shown in listed
    assert clean(listed)
    status = gm(config, "status")
    assert "  archive/k1.eml\n    boom!\n" in status and clean(status)

    site = tmp_path / "site"
    gm(config, "site", str(site), "--games-dir", str(tmp_path / "games"))
    pages = {path: path.read_text(encoding="utf-8") for path in site.rglob("*.*ml")}
    assert any("word0 word1" in text for text in pages.values())
    assert [str(path) for path, text in pages.items() if not clean(text)] == []
    for path in site.rglob("*.xml"):
        ElementTree.parse(path)  # well-formed: no control character in it


def test_a_forged_bounces_words_reach_no_terminal(tmp_path: Path) -> None:
    """Issue 25, item 8: anyone may send the host a delivery report naming a player's
    address; its Status and Diagnostic-Code carried OSC 52 and a title into `wtg bounces`
    and `wtg digest` (which the GM may have mailed to himself). Both show the bounce's
    words without a control sequence, and so do marks an older wtg kept."""
    hall, game, config = started(tmp_path)
    bob = next(p for p in game.config.players if p.name == "Bob")
    postfix = (Path(__file__).parent / "bounces" / "postfix.eml").read_bytes()
    report = hall.sent_id("[wok4-1] turn 0 report for Bob")  # it counts: of a mail sent to Bob
    forged = (
        postfix.replace(b"p2@players.example", bob.email.encode())
        .replace(b"<report-g1-t0001-p02.67ad1e234084ca0e@wtg.example>", report.encode())
        .replace(b"Status: 5.1.1", f"Status: 5.1.1{CSI}".encode())
        .replace(b"smtp; 550 5.1.1", f"smtp; 550 {CLIPBOARD}5.1.1{TITLE}".encode())
    )
    hall.deliver(forged)
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome == f"rejected: a bounce: mail to {bob.email} (wok4-1) failed, marked failing"
    for command in (["bounces"], ["digest"]):
        shown = gm(config, *command)
        assert f"<{bob.email}> since" in shown and "550 5.1.1 <" in shown, shown
        assert clean(shown), repr(shown)

    marks = game.store.root / "bounces.json"  # as an older wtg kept them
    marks.write_text(marks.read_text(encoding="utf-8").replace("550 5.1.1", "550\\u001b[2J"))
    shown = gm(config, "bounces")
    assert f": 5.1.1 550 <{bob.email}>: Recipient" in shown and clean(shown), repr(shown)


def test_a_players_mail_filed_by_hand_prints_no_control_sequence(tmp_path: Path) -> None:
    """Issue 25, item 8: the GM files a quarantined player's mail with `wtg orders GAME
    FILE` (docs/mail.md says to); every line of it that `orders` lists (accepted or
    REJECTED, with its text) reached his terminal with the mail's OSC 52 and title, and a
    right-to-left override, which showed the rest of its line (wtg's reason) reversed."""
    from tests.mail.loop import World

    world = World(tmp_path)
    form = world.aof(1, X1="100", B1="5 7 10").replace(
        "X1: 100", f"X1: 100\nN2: 5{CLIPBOARD}\nB7:{TITLE} 1\nN3: 4\u202e (refused)"
    )
    mail = tmp_path / "mail.txt"
    mail.write_text(form, encoding="utf-8")
    result = CliRunner().invoke(main, ["orders", str(world.game.store.root), str(mail)])
    assert result.exit_code == 0, result.output
    assert "REJECTED N2: 5: the form has no N lines" in result.output
    assert "REJECTED N3: 4 (refused): the form has no N lines" in result.output
    assert clean(result.output) and "\u202e" not in result.output, repr(result.output)


def test_a_bounces_status_folded_over_lines_is_one_line(tmp_path: Path) -> None:
    """A delivery report's Status folded over two lines kept its line break (``printable``
    keeps line breaks): `wtg bounces` and the poll's line to the GM showed a line of the
    report's own words as if it were one of wtg's. The Status is one line."""
    hall, game, config = started(tmp_path)
    bob = next(p for p in game.config.players if p.name == "Bob")
    postfix = (Path(__file__).parent / "bounces" / "postfix.eml").read_bytes()
    report = hall.sent_id("[wok4-1] turn 0 report for Bob")
    forged = (
        postfix.replace(b"p2@players.example", bob.email.encode())
        .replace(b"<report-g1-t0001-p02.67ad1e234084ca0e@wtg.example>", report.encode())
        .replace(b"Status: 5.1.1", b"Status: 5.1.1\n\tall is well")
    )
    hall.deliver(forged)
    hall.poll(hours=1)
    shown = gm(config, "bounces")
    assert "5.1.1 all is well 550 5.1.1" in shown, shown
    assert not any(line.strip().startswith("all is well") for line in shown.splitlines())

    marks = game.store.root / "bounces.json"  # as an older wtg kept them
    marks.write_text(marks.read_text(encoding="utf-8").replace(" all is well", "\\n\\tall is well"))
    assert "\\n" in marks.read_text(encoding="utf-8")
    assert gm(config, "bounces") == shown


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["quarantine", "--release", "k1\x1b]52;c;x\x07"],
            "no mail k1\\x1b]52;c;x\\x07 was handled",
        ),
        (["quarantine", "--forget", "k1\x07"], "no mail k1\\x07 is quarantined or held"),
        (["close-list", "wok4\x1b[2J"], "no waiting list wok4\\x1b[2J (`"),
        (["close-list", "wok4\u200b"], "no waiting list wok4\\u200b (`"),
    ],
)
def test_a_name_the_gm_mistyped_is_shown_with_what_it_holds(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """A key or a list's name typed (or pasted) with a control character was refused as
    ``no mail k1`` or ``no waiting list wok4``, its escape sequence taken out: the name of a
    list that is open. Refused, it is shown with each such character as its escape."""
    config = started(tmp_path)[2]
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert result.exit_code == 1, result.output
    assert said in result.stderr and clean(result.stderr), result.stderr
