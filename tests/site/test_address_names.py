"""A player's name that reads as a web address (``paypal-login.com``, ``www.evil.example``:
a GM's ``--player``, a game older than the lobby's refusal of such names) was repeated as
written in every other player's report, the Top Ten, the press mail's headings and the
site, where a mail client or a feed reader made it a link, as if the host gave it. Each is
shown there as press shows its addresses, ``paypal-login[.]com`` (docs/mail.md, "Player
names as the others read them"); a name that reads as no address is as written."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.site.games import play_game
from wtg.game.engine import Game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.namelinks import names_unlinked, shown_name
from wtg.game.press import Press
from wtg.game.report import press_text
from wtg.host.results import Entry, Finished
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.people import as_people, confirm_address, record_play
from wtg.site.build import build_site
from wtg.site.facts import gather, shown_result
from wtg.site.hiscore import hiscore
from wtg.site.pages import render

LOGIN = "paypal-login.com"
WWW = "www.evil.example"
LONG = "secure-paypal-account-login.com"
NAMES = ("Ann", LOGIN, WWW, LONG)
SHOWN = {LOGIN: "paypal-login[.]com", WWW: "www[.]evil[.]example"}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    """A WoK IV game of Ann and three names that read as web addresses, two turns played;
    the game and its site."""
    root = tmp_path_factory.mktemp("links")
    players = [
        PlayerEntry(id=i, name=name, email=f"p{i}@players.example", code=f"LINKCODE{i:02d}")
        for i, name in enumerate(NAMES, start=1)
    ]
    game = play_game(root / "games", "links", "wok4", "small", 4, 2, players=players)
    assert build_site(root / "games", root / "site").skipped == ()
    return game, root / "site"


def _bare(text: str) -> list[str]:
    """The names of ``NAMES`` that ``text`` holds as written, and any piece of the long one
    cut at a dot's far side (``secure-paypal-account-login.co``)."""
    found = [name for name in (LOGIN, WWW, LONG) if name in text]
    return found + (["cut"] if "login.co" in text else [])


def test_the_reports_and_the_top_ten_show_the_names_defanged(
    played: tuple[Game, Path],
) -> None:
    game, _site = played
    turn = game.store.root / "turns" / "0002"
    ann = (turn / "reports" / "p01.txt").read_text(encoding="utf-8")
    topten = (turn / "topten.txt").read_text(encoding="utf-8")
    for text in (ann, topten):
        assert _bare(text) == [], text
    assert SHOWN[LOGIN] in ann and SHOWN[WWW] in ann
    assert SHOWN[LOGIN] in topten and SHOWN[WWW] in topten
    assert "secure-paypal-account-login[.]com (#4)" in ann  # the others' list, whole
    assert "Ann" in topten


def test_the_press_mail_shows_a_writer_s_name_defanged() -> None:
    pieces = [
        Press(side=2, name=LOGIN, at="turn 1", text="Peace, Ann?"),
        Press(side=1, name="Ann", at="turn 1", text="Never."),
    ]
    text = press_text("links", 1, pieces)
    assert f"From {SHOWN[LOGIN]} (#2), turn 1:" in text
    assert "From Ann (#1), turn 1:" in text
    assert _bare(text) == []


def test_the_press_mail_says_why_a_writer_s_name_alone_has_brackets() -> None:
    """The press mail said why its web addresses had brackets only of a text defanged: a
    writer's name alone shown ``paypal-login[.]com`` came without the note. It has it; a
    press of plain names still has none."""
    note = "Web addresses in this press are written with [.] and [:] (wtg-login[.]example)"
    pieces = [Press(side=2, name=LOGIN, at="turn 1", text="Peace, Ann?")]
    text = " ".join(press_text("links", 1, pieces).split())
    assert note in text and f"From {SHOWN[LOGIN]} (#2), turn 1:" in text
    plain = [Press(side=1, name="Ann", at="turn 1", text="Never.")]
    assert "Web addresses" not in press_text("links", 1, plain)


def test_the_site_shows_the_names_defanged(played: tuple[Game, Path]) -> None:
    game, site = played
    pages = [
        p.read_text(encoding="utf-8") for p in site.rglob("*") if p.suffix in {".html", ".atom"}
    ]
    page = (site / "games" / "links" / "index.html").read_text(encoding="utf-8")
    feed = (site / "feed.atom").read_text(encoding="utf-8")
    assert f"<td><bdi>{SHOWN[LOGIN]}</bdi></td>" in page
    assert f"<td><bdi>{SHOWN[WWW]}</bdi></td>" in page
    assert SHOWN[LOGIN] in feed
    assert [(_bare(text)) for text in pages if _bare(text)] == []
    facts = gather(open_game(game.store.root))
    assert [side.name for side in facts.sides] == [
        "Ann",
        SHOWN[LOGIN],
        SHOWN[WWW],
        "secure-paypal-account-login[.]com",
    ]


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann", "Ann"),
        ("J.R.R.Tolkien", "J.R.R.Tolkien"),
        ("Ann Kim", "Ann Kim"),
        ("paypal-login.com", "paypal-login[.]com"),
        ("www.evil.example", "www[.]evil[.]example"),
        ("https://evil.example/x", "https[:]//evil[.]example/x"),
        ("PAYPAL.ME", "PAYPAL[.]ME"),
        ("phish.Me", "phish[.]Me"),
        ("Zed paypal-login.com", "Zed paypal-login[.]com"),
    ],
)
def test_a_name_is_shown_as_press_shows_its_addresses(name: str, shown: str) -> None:
    assert shown_name(name) == shown
    assert names_unlinked(f"1  {name}  12\n", [name]) == f"1  {shown}  12\n"


def test_a_name_is_defanged_only_where_it_stands_as_a_word() -> None:
    """The name is looked for as a word of its own: a host that merely ends in it is the
    text's, not the name's, and is left to whoever wrote it."""
    text = "evil.com; mail ann@paypal-login.com; paypal-login.com. https://evil.com/x"
    assert names_unlinked(text, ["paypal-login.com", "evil.com"]) == (
        "evil[.]com; mail ann@paypal-login.com; paypal-login[.]com. https://evil.com/x"
    )


def test_a_name_cut_to_a_column_is_defanged_where_the_cut_still_reads_as_one() -> None:
    """A table cuts a long name to its column: a piece that still ends in a top-level
    domain (``.co``, Colombia's) is a link all the same, to another host."""
    row = "   3 #4   secure-paypal-account-login.co     493     2 ACTIVE\n"
    assert names_unlinked(row, [LONG]) == (
        "   3 #4   secure-paypal-account-login[.]co     493     2 ACTIVE\n"
    )
    cut = "   3 #4   secure-paypal-accoun     493     2 ACTIVE\n"  # no dot left: as it is
    assert names_unlinked(cut, [LONG]) == cut


def test_the_hiscore_shows_the_book_s_names_defanged(tmp_path: Path) -> None:
    """The HiScore and the ratings count a human as the person the lobby's book names (an
    older book may hold a name the lobby now refuses): the build reads each result again
    with ``shown_result`` after ``as_people``."""
    when = datetime(2026, 11, 1, tzinfo=timezone.utc)
    with LobbyDatabase(tmp_path) as book, book.write() as db:
        phisher = confirm_address(db, "p@x.example", LOGIN, when)
        record_play(db, phisher, "g1", 1, when)
    finished = Finished(
        game="g1",
        finished="2026-11-10",
        entries=(
            Entry(key="p@x.example", name="Lord1", bot=False, place=1, seat=1),
            Entry(key="a@x.example", name=WWW, bot=False, place=2, seat=2),
        ),
        ruleset="wok4",
    )
    (result,) = [shown_result(r) for r in as_people(tmp_path, [finished])]
    assert [e.name for e in result.entries] == [SHOWN[LOGIN], SHOWN[WWW]]
    fame = render("hiscore.html.j2", h=hiscore([result]), root="", site_title="t")
    assert SHOWN[LOGIN] in fame and _bare(fame) == []


@pytest.mark.parametrize(
    ("name", "address", "shown"),
    [
        ("Ann of www.evil.example", WWW, SHOWN[WWW]),
        ("Bob paypal-login.com", LOGIN, SHOWN[LOGIN]),
        ("see https://evil.example/x now", "https://evil.example/x", "https[:]//evil[.]example/x"),
    ],
)
def test_a_name_of_words_broken_at_the_end_of_a_line_is_defanged_on_the_next(
    name: str, address: str, shown: str
) -> None:
    """A report's sentence longer than a line is broken at its words before the names in it
    are defanged (``report_text``): a name of several words broken between two lines was
    found in neither, and its address went on whole on the next line."""
    from wtg.text.prose import sentences_wrapped

    for lead in range(40, 76):
        sentence = f"- {'x' * lead} {name} took your province Harbour with 12 armies."
        text = names_unlinked(sentences_wrapped(sentence), [name])
        assert address not in text.replace(shown, ""), text
        assert shown in text, text
