"""A web address in press reached every other player in a mail from the host's own address,
where his mail client made it a link: ``http://wtg-login.example/reset``, dressed as the
GM's, led to a page that asked for his secret code. Each web address in press is mailed
defanged (``http[:]//wtg-login[.]example/reset``: no client makes it a link, a reader still
reads it), and the mail says so; the rest of the text, and an e-mail address, go as
written (docs/mail.md, "Press")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from publicsuffixlist import PublicSuffixList

from tests.lobby.hall import Hall
from tests.lobby.test_press_secrets import PROSE
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game import presslinks
from wtg.game.presslinks import unlinked
from wtg.game.report import defanged, press_lines

NOTE = (
    "Web addresses in this press are written with [.] and [:] (wtg-login[.]example) so that "
    "no mail client makes them links: a player wrote them, not the host, which asks for your "
    "secret code on no web page."
)
PHISHING = "The GM moved: log in at http://wtg-login.example/reset or www.wtg-help.com today."
DEFANGED = (
    "The GM moved: log in at http[:]//wtg-login[.]example/reset or www[.]wtg-help[.]com today."
)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (PHISHING, DEFANGED),
        ("HTTPS://Evil.Example:8080/x?a=b.c", "HTTPS[:]//Evil[.]Example:8080/x?a=b.c"),
        ("(see evil-login.com/reset).", "(see evil-login[.]com/reset)."),
        ("ftp://files.example/map.png", "ftp[:]//files[.]example/map.png"),
        ("paypal\u3002com", "paypal[.]com"),
        ("mail me: ann.kim@mail.example.com", "mail me: ann.kim@mail.example.com"),
        ("e.g. 3.14, v1.2.3, J.R.R.Tolkien, Dr.Who, St. John", None),
    ],
)
def test_a_web_address_is_defanged_and_nothing_else(text: str, shown: str | None) -> None:
    assert unlinked(text) == (text if shown is None else shown)


def test_ordinary_prose_goes_as_written() -> None:
    assert unlinked(PROSE) == PROSE


def test_a_web_address_in_press_reaches_no_player_as_a_link(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader, plain = (game.config.player(seat) for seat in (1, 2, 3))
    hall.mail(writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\n{PHISHING}\n")
    hall.mail(plain.email, f"PRESS wok4-1\nCODE {plain.code}\n\nNothing to see.\n")
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\n{PHISHING}\n")
    hall.poll(hours=1)
    mails = hall.new_mails()
    (private,) = [m for m in mails if m.to == reader.email and "private press" in m.subject]
    copies = [m for m in mails if m.to == writer.email and "your press" in m.subject]
    assert len(copies) == 2
    for mail in (private, *copies):
        assert DEFANGED in re.sub(r"(?<= )\d+\| ", "", mail.words), mail.body
        assert "http://" not in mail.body and "wtg-login.example" not in mail.body
        assert NOTE in mail.words, mail.body
    game.run_turn(now=hall.now)
    hall.send()
    press = [m for m in hall.new_mails() if m.subject == "[wok4-1] press of turn 2"]
    assert len(press) == 4
    for mail in press:
        assert "http://" not in mail.body and "wtg-help.com" not in mail.body, mail.body
        assert "http[:]//wtg-login[.]example/reset" in mail.body
        assert NOTE in mail.words, mail.body
        assert "Nothing to see." in mail.body


def test_a_writer_s_name_alone_defanged_is_said_under_the_head(tmp_path: Path) -> None:
    """The private press of a player whose name reads as a web address (a GM's
    ``--player paypal-login.com``) showed it as ``paypal-login[.]com``, where no note said
    why a name had brackets: the note came of a text defanged alone. It comes of the name
    too; the press mail of the turn says it as well (``press_text``)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = (game.config.player(seat) for seat in (1, 2))
    config = game.store.root / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert text.count(f"name: {writer.name},") == 1
    config.write_text(text.replace(f"name: {writer.name},", "name: paypal-login.com,"))
    hall.game("wok4-1").run_turn(now=hall.now)  # the name in the game from this turn on
    hall.new_mails()
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nNothing to see.\n")
    hall.poll(hours=1)
    mails = hall.new_mails()
    (private,) = [m for m in mails if m.to == reader.email and "private press" in m.subject]
    assert "paypal-login[.]com (#1)" in private.words, private.body
    assert NOTE in private.words, private.body


def test_a_reader_s_name_alone_defanged_is_said_in_the_writer_s_copy(tmp_path: Path) -> None:
    """The writer's copy of his private press (``your press went to player 2``) named a
    reader whose name reads as a web address as ``paypal-login[.]com (#2)``, with no note of
    why it had brackets (the reader's copy says it of the writer's name: above). It says
    it now."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = (game.config.player(seat) for seat in (1, 2))
    config = game.store.root / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert text.count(f"name: {reader.name},") == 1
    config.write_text(text.replace(f"name: {reader.name},", "name: paypal-login.com,"))
    hall.game("wok4-1").run_turn(now=hall.now)  # the name in the game from this turn on
    hall.new_mails()
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nNothing to see.\n")
    hall.poll(hours=1)
    mails = hall.new_mails()
    (copy,) = [m for m in mails if m.to == writer.email and "your press went" in m.subject]
    assert "went to paypal-login[.]com (#2) alone" in copy.words, copy.body
    assert NOTE in copy.words, copy.body
    (private,) = [m for m in mails if m.to == reader.email and "private press" in m.subject]
    assert NOTE not in private.words, private.body  # the writer's name and text: no address


def test_press_without_a_web_address_says_nothing_of_them(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    hall.mail(writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\n{PROSE}\n")
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nPeace? e.g. now.\n")
    hall.poll(hours=1)
    for mail in hall.new_mails():
        assert "Web addresses" not in mail.body, mail.body
    game.run_turn(now=hall.now)
    hall.send()
    press = [m for m in hall.new_mails() if m.subject == "[wok4-1] press of turn 2"]
    assert press and all("Web addresses" not in m.body for m in press)


@pytest.mark.parametrize(
    "text",
    [
        "We hold the pass to the end.Next turn we strike.",
        "We attack.Next turn",
        "No.Now, never.",
        "We hold.Now.Today we rest, turn 3.Next is done.",
        "They are evil.Now we strike.",
        "They are evil.Now we strike",
        "Bob lied to us again.Now it is war.",
        "the north is ours.Today the south, tomorrow the rest.",
        "I lost two armies.How could you?",
        "we take province 12.Next we take 13.",
        "OK, fine.Here is my offer: peace until turn 9.",
        "my ally betrayed me.You are next, Carol.",
        "we won.Wow, what a turn.",
        "stop.Now.",
        "Thanks for the help.Now let us crush Dave.",
    ],
)
def test_a_sentence_run_on_after_its_full_stop_is_prose(text: str) -> None:
    """``end.Next`` (``next`` is a top-level domain) was mailed as ``end[.]Next``: sentences
    run together without the blank, each a word that begins one written as it does, are no
    web address when the last is no country's domain (docs/mail.md, "Press")."""
    assert unlinked(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "claim your prize at paypal-login.So today",
            "claim your prize at paypal-login[.]So today",
        ),
        (
            "log in at secure-bank.It to keep your seat",
            "log in at secure-bank[.]It to keep your seat",
        ),
        ("the GM says: see phish.Me", "the GM says: see phish[.]Me"),
        ("phish.Me", "phish[.]Me"),
        (
            "your code expired, renew it at wtg-gm.Us.",
            "your code expired, renew it at wtg-gm[.]Us.",
        ),
        ("vote at gmvote.To now", "vote at gmvote[.]To now"),
        ("new turn page: turns.Is", "new turn page: turns[.]Is"),
        ("see paypal.Me/bob", "see paypal[.]Me/bob"),
        ("free gold at goldfarm.In or reset.At", "free gold at goldfarm[.]In or reset[.]At"),
        ("verify.Me, then verify-code.My", "verify[.]Me, then verify-code[.]My"),
        ("the host moved to login.Be and login.By", "the host moved to login[.]Be and login[.]By"),
        ("mail the GM at orders.Do", "mail the GM at orders[.]Do"),
        ("grab it at x.Now.So", "grab it at x[.]Now[.]So"),
        ("reset your code: 365.Me", "reset your code: 365[.]Me"),
        (
            "secure-login.Today or account-verify.How",
            "secure-login[.]Today or account-verify[.]How",
        ),
        ("wtg-help.Here", "wtg-help[.]Here"),
    ],
)
def test_a_host_of_a_country_word_or_a_hyphen_is_an_address(text: str, shown: str) -> None:
    """``paypal-login.So``, ``secure-bank.It``, ``phish.Me`` (small letters, a stop, then a
    country's top-level domain that is also a word sentences begin with) went out as
    written, read as sentences run together, and a client that makes links of host names
    made them links to a page of the phisher's. A host that ends in a country's domain is
    an address however written; a word joined by a hyphen before the stop is a host's
    before any top-level domain (docs/mail.md, "Press")."""
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("We attack.So be it.", "We attack[.]So be it."),
        ("I win.It is over, Bob. Me, I stay.", "I win[.]It is over, Bob. Me, I stay."),
        ("We re-attack.Next turn, they fall.", "We re-attack[.]Next turn, they fall."),
        ("No.No.No, never.", "No[.]No[.]No, never."),
        ("turn 3.It is done.", "turn 3[.]It is done."),
    ],
)
def test_the_false_alarms_the_country_words_cost(text: str, shown: str) -> None:
    """What the rule costs: a sentence run on into a country's word (``So``, ``It``,
    ``No``), or after a hyphenated word, goes with its brackets, as ``phish.Me`` must (the
    ruling of round 38: before, these went as written)."""
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("log in at Evil-Login.Com today", "log in at Evil-Login[.]Com today"),
        ("EVIL-LOGIN.NET", "EVIL-LOGIN[.]NET"),
        ("see end.next", "see end[.]next"),
        ("go to evil.shop now", "go to evil[.]shop now"),
        ("end.Next/login", "end[.]Next/login"),
        ("evil.Bank:8080 or x.Next?id=1", "evil[.]Bank:8080 or x[.]Next?id=1"),
        ("www.Evil.Next", "www[.]Evil[.]Next"),
        ("paypal\u3002Com", "paypal[.]Com"),
        ("PAYPAL-VERIFY.SUPPORT", "PAYPAL-VERIFY[.]SUPPORT"),
        ("mail the-gm.LINK first", "mail the-gm[.]LINK first"),
        ("Secure.Login.Bank", "Secure[.]Login[.]Bank"),
        ("see PAYPAL.XN--P1AI now", "see PAYPAL[.]XN--P1AI now"),
        ("paypal.com", "paypal[.]com"),
        ("evil.co.uk", "evil[.]co[.]uk"),
        ("log in at Evil.Bank", "log in at Evil[.]Bank"),
        ("PAYPAL.ME or paypal.Com.No", "PAYPAL[.]ME or paypal[.]Com[.]No"),
        ("WE WAIT.NOW WE MOVE.", "WE WAIT[.]NOW WE MOVE."),
        ("I won.Game over", "I won[.]Game over"),
    ],
)
def test_an_address_written_in_capitals_is_still_defanged(text: str, shown: str) -> None:
    """A host is a web address whatever its case, unless it reads as sentences run
    together: a phisher who typed his host in capitals went out undefanged. ``WE
    WAIT.NOW`` and ``won.Game`` (a sentence run on into a word that is a top-level domain
    but begins few sentences) go with their brackets, as a client that makes links of
    host names reads them."""
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("EVIL.РФ", "EVIL[.]РФ"),
        ("evil.рф and Evil.Рф", "evil[.]рф and Evil[.]Рф"),
        ("ПАЙПАЛ.РФ", "ПАЙПАЛ[.]РФ"),
        ("evil.中国 or paypal.中国", "evil[.]中国 or paypal[.]中国"),
        ("EVIL.ΕΛ and evil.ελ", "EVIL[.]ΕΛ and evil[.]ελ"),
        ("evil.भारत now", "evil[.]भारत now"),
        ("evil.ไทย", "evil[.]ไทย"),
        ("p\u0430ypal.com", "p\u0430ypal[.]com"),
        ("\u03a1\u0391\u03a5\u03a1\u0391L.Com", "\u03a1\u0391\u03a5\u03a1\u0391L[.]Com"),
        ("PAYPAL.\uff23\uff2f\uff2d", "PAYPAL[.]\uff23\uff2f\uff2d"),
        (
            " \u093eevil.com and \u092d\u093eevil.com",
            " \u093eevil[.]com and \u092d\u093eevil[.]com",
        ),
    ],
)
def test_a_host_of_any_script_is_defanged_in_any_case(text: str, shown: str) -> None:
    """A top-level domain written in its own script went out as written in capitals
    (``EVIL.РФ``: not "small letters"), or in a script without cases (``evil.中国``), or cut
    before the vowel signs of its letters (``भारत``); a host of mixed scripts and one in
    full-width letters are addresses as a browser reads them."""
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Paypal.Me", "Paypal[.]Me"),
        ("log in at Evil.Now today", "log in at Evil[.]Now today"),
        ("see Zoom.Us or Notion.So now", "see Zoom[.]Us or Notion[.]So now"),
        ("PayPal.Me", "PayPal[.]Me"),
        ("Evil-Login.It", "Evil-Login[.]It"),
        ("\u041f\u0430\u0439\u043f\u0430\u043b.Me", "\u041f\u0430\u0439\u043f\u0430\u043b[.]Me"),
        ("\u90aa\u6076.Now", "\u90aa\u6076[.]Now"),
        ("x1.Me", "x1[.]Me"),
        ("I win.Now it is over, Bob.Me, I stay.", "I win.Now it is over, Bob[.]Me, I stay."),
        ("Really.Next?! No.", "Really[.]Next?! No."),
        ("Hold.Now.Today we rest.", "Hold[.]Now[.]Today we rest."),
        ("we joined NATO.Next turn", "we joined NATO[.]Next turn"),
    ],
)
def test_a_name_before_the_stop_makes_it_a_host(text: str, shown: str) -> None:
    """``Paypal.Me`` and ``Evil.Now`` (a brand, then a top-level domain that is also a word
    sentences begin with, written as one) went out as written, read as sentences run
    together, and a client that makes links of host names made them links. A run-on
    sentence ends in a word in small letters, a number, or a sentence of one of those
    words (``the end.Next``, ``turn 3.It``, ``No.No``); a word before the stop begun with
    a capital, or in a script without capitals, is a host's: ``Bob.Me`` and ``Really.Next``
    (a name, a one-word sentence) go with their brackets, a false alarm (docs/mail.md,
    "Web addresses in press are mailed defanged")."""
    assert unlinked(text) == shown


def test_each_sentence_word_is_a_top_level_domain() -> None:
    """The words the rule knows are top-level domains of the Public Suffix List, each in
    small letters: none is there for nothing."""
    suffixes = PublicSuffixList()
    for word in presslinks.SENTENCE_WORDS:
        assert word == word.lower()
        assert suffixes.publicsuffix(word, accept_unknown=False) == word, word


def test_the_country_words_are_the_two_letter_ones() -> None:
    """A country's top-level domain is its two letters (ISO 3166): the words the rule takes
    for countries' are those, and the others are not."""
    countries = {"am", "as", "at", "be", "by", "do", "in", "is", "it", "me", "my", "no", "so"}
    assert countries | {"to", "us"} == presslinks.COUNTRY_WORDS
    assert {
        "here",
        "how",
        "next",
        "now",
        "today",
        "you",
        "wow",
    } == presslinks.SENTENCE_WORDS - presslinks.COUNTRY_WORDS


@pytest.mark.parametrize("local", [59, 119, *range(40, 70, 7)])
def test_an_address_cut_at_the_line_s_end_leaves_no_host_bare(local: int) -> None:
    """An e-mail address is mailed as written, its host undefanged; a word wider than the
    press's lines is cut between its characters. An address whose local part filled a line
    to its ``@`` (59 letters) left its host alone at the start of the next line,
    ``1| paypal-login.com``, which a client makes a link of, in every player's press
    mail. The pieces of a word cut are defanged as a word of their own."""
    lines = press_lines("x" * local + "@paypal-login.com/reset", 2)
    text = "\n".join(lines)
    assert all(len(line) <= 63 for line in lines), lines
    joined = re.sub(r"\n2\| ", "", text)  # the word as the reader reads it, whole again
    assert joined in (f"2| {'x' * local}@paypal-login{dot}com/reset" for dot in (".", "[.]"))
    bare = [line for line in lines if re.search(r"(?<![@\w.-])[\w-]+\.com", line)]
    assert bare == [], lines


def test_a_host_defanged_after_its_cut_is_said_under_the_head() -> None:
    """The note under the press mail's head (and the writer's copy's) says why a host is
    written with ``[.]``: one defanged only as a piece of a cut address too."""
    assert defanged("x" * 59 + "@paypal-login.com")
    assert not defanged("write to ann@players.example, Bob")


def test_an_ascii_press_never_scans_the_plane_for_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The marks a host's letters may carry were gathered by a scan of the whole Basic
    Multilingual Plane on a process's first press, whatever it held: an ASCII press holds
    no mark, and is read without them; the first press that is not ASCII gathers them."""
    scans: list[str] = []

    def marks() -> str:
        scans.append("scanned")
        return "\u0300-\u036f\u093e-\u094c"

    monkeypatch.setattr(presslinks, "_marks", marks)
    presslinks._links.cache_clear()
    try:
        assert unlinked(PHISHING) == DEFANGED
        assert unlinked("We attack.Next turn, see evil.Now") == "We attack.Next turn, see evil.Now"
        assert scans == []
        assert unlinked("\u093eevil.com, EVIL.РФ") == "\u093eevil[.]com, EVIL[.]РФ"
        assert scans == ["scanned"]
    finally:
        presslinks._links.cache_clear()


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=80))
def test_an_ascii_text_is_read_alike_with_or_without_the_marks(text: str) -> None:
    """The pattern without the marks finds in an ASCII text what the one with them does."""
    assert presslinks._links(False).sub(presslinks._defanged, text) == presslinks._links(True).sub(
        presslinks._defanged, text
    )


def test_a_refusal_quotes_a_strangers_web_address_defanged(tmp_path: Path) -> None:
    """A refusal quotes the command to its mail's From, which anyone may forge: a stranger
    who typed ``STATUS http://wtg-login.example/reset`` under another's address had the host
    mail that person a link, from its own address, as press did before it was defanged."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    for typed, shown in (
        ("STATUS http://wtg-login.example/reset", "http[:]//wtg-login[.]example/reset"),
        ("JOIN wok4 AS Reset at www.wtg-help.com", "www[.]wtg-help[.]com"),
        ("FOO evil-login.com/reset", "evil-login[.]com/reset"),
    ):
        answer = hall.answer("victim@else.example", typed)
        assert shown in answer.body, answer.body
        assert "http://" not in answer.body + answer.subject, answer.body
        assert ".example/" not in answer.body + answer.subject, answer.body
        assert ".com" not in answer.body + answer.subject, answer.body


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # a scheme after any character: Thunderbird links from the scheme's first letter
        # after any but a letter, digit, + . or -, Gmail after any but a letter, digit or _,
        # and urlview (mutt's) finds one inside a word
        ("x_http://evil.example/r", "x_http[:]//evil[.]example/r"),
        ("\u00e9http://evil.example/r", "\u00e9http[:]//evil[.]example/r"),
        ("+http://evil.example/r", "+http[:]//evil[.]example/r"),
        ("1http://evil.example/r", "1http[:]//evil[.]example/r"),
        ("x/http://evil.example/r", "x/http[:]//evil[.]example/r"),
        # www. after a mark that is no letter: Gmail links it after / @ - . and urlview
        # after _ too
        ("x/www.evil.example/r", "x/www[.]evil[.]example/r"),
        ("see @www.evil.example", "see @www[.]evil[.]example"),
        ("-www.evil.example", "-www[.]evil[.]example"),
        ("_www.evil.example", "_www[.]evil[.]example"),
        (".www.evil.example", ".www[.]evil[.]example"),
        ("a-www.evil.example", "a-www[.]evil[.]example"),
        ("a_www.evil.example", "a_www[.]evil[.]example"),
    ],
)
def test_a_web_address_after_a_mark_is_defanged_as_clients_link_it(text: str, shown: str) -> None:
    """``quoted_back`` left a web address after ``/``, ``@``, ``-`` or ``_`` as written
    (``x/http://evil.example`` was defanged, ``x_http://evil.example`` and
    ``x/www.evil.example`` were not), where Thunderbird, Gmail or mutt's urlview link it.
    A host with no ``www.`` and no scheme after such a mark is linked by none of them, and
    goes as written: ``docs/mail.md`` in a reason of the host's own stays so."""
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    "text",
    [
        'docs/mail.md, "Commands"',
        "ann.kim@www.players.example",
        "bob@mail.example.com",
        "x/evil.com and a-b_c.d",
        "awwwards",
        "awww.evil.example",
    ],
)
def test_an_e_mail_address_and_a_path_after_a_mark_go_as_written(text: str) -> None:
    assert unlinked(text) == text


def test_a_line_without_a_dot_is_passed_without_a_search_for_a_lone_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A confirmation quotes every order line of its form back (``quoted_back``), three times
    a line: the search for a dot alone (``_DOT``, whose look behind is tried at every place
    of a line) was a poll's largest cost in quoting them. A line of ASCII without a colon
    or a dot is passed as it is, none searched; one with a dot is searched, and its address
    defanged."""
    searched: list[str] = []
    dot = presslinks._DOT

    class Watched:
        def search(self, text: str) -> re.Match[str] | None:
            searched.append(text)
            return dot.search(text)

        def sub(self, new: str, text: str) -> str:
            return dot.sub(new, text)

        def split(self, text: str) -> list[str]:
            return dot.split(text)

    monkeypatch.setattr(presslinks, "_DOT", Watched())
    line = "attack 1 of 3; note 12 ARM in province 29 Tamberlin, at most 12, not 61"
    assert unlinked(line) == line
    assert searched == []
    assert unlinked("see evil-login.com now") == "see evil-login[.]com now"
    assert searched == ["see evil-login.com now"]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("go to https:evil-login.com now", "go to https[:]evil-login[.]com now"),
        ("HTTP:/evil-login.com", "HTTP[:]/evil-login[.]com"),
        ("ws://x", "ws[:]//x"),
        ("see ftp:x", "see ftp[:]x"),
    ],
)
def test_an_order_line_s_colons_are_no_address_and_its_line_is_not_searched_for_one(
    monkeypatch: pytest.MonkeyPatch, text: str, shown: str
) -> None:
    """Every order line a confirmation quotes back holds colons (``line 5: ok A1: 29 19
    061``), and each was searched for every kind of address (``_links``), three times a
    line: a poll's CPU a mail went up by half. A line of ASCII is searched only when it
    holds a dot alone, a colon with two slashes, or a web scheme's name: an address of
    each kind is defanged as before."""
    searched: list[bool] = []
    links = presslinks._links

    def watched(marked: bool) -> re.Pattern[str]:
        searched.append(marked)
        return links(marked)

    monkeypatch.setattr(presslinks, "_links", watched)
    line = "line 23: ok A1: 29   19 061: attack 1 of 3; note: 12 ARM in province 29"
    assert unlinked(line) == line
    assert searched == []
    assert unlinked(text) == shown
    assert searched == [False]
