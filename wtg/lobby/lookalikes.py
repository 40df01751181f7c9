"""Names that would pass for someone else in the mail other players read: one with a
character that shows as nothing (``Ann`` and a Hangul filler reads as Ann), or a small
capital letter that reads as the plain one (``Bᴏb`` as Bob), the host's own (its From's
name, ``Game Master``, ``GM``) or one that holds it (``GM Bob``), a player's number as the
host writes it after a name (``Ann (player 2)`` writing as player 1 reads, in ``From Ann
(player 2) (player 1):``, as player 2), a key of an order form's header (``GAME:``,
``CODE:``: ``From GAME: g PLAYER: 1 CODE: X (player 3)`` in a press mail reads as a form's
header, and a reply quoting it as an order mail), an order or a setting line from one of its
words on (``Zed T1: 01 1 50``, ``Map: off``: a line wrapped there, or pasted, gives the
order), or an address (the host never shows a player's
address: a name that looks like one passes for another's, or for his own given away), or a
robot's as the rules name them (``Robot 3`` in WISK beside the robot of seat 3), or
one with a code point Unicode does not define (category Cn: an unassigned one of the ranges
kept for characters that show as nothing, U+E0080 or U+2065, reads ``Ann`` and it as Ann; a
noncharacter, U+FFFF, shows as nothing or as a box). So is a name that reads as a line of
the host's, or a mail client's, where a mail wraps a line before one of its words: one that
begins with a rule's or a quote's mark (``--- end of press ---``, ``> Ann``), names a seat
(``Player 2``, ``Player2``, ``Seat 3``), holds a command the host reads from a reply
(``RESIGN g1``), a mail's header (``From: Ann``), a label of the host's reports
(``Deadline:``), or a comma (LIST's ``Bob, Ann, Lord1`` read as three players), or a web
address (``paypal-login.com``, ``www.x``: a mail client shows it as a link the host gave); and the
host's name in letters of another alphabet (Cyrillic ``ԌМ``). Two names that read as one
(``alike``: ``ВОВ`` all Cyrillic, ``B O B``, ``BÓB`` beside BOB) are one name. Such a name is
refused to a newcomer with the reason; one a person holds already stays his (docs/mail.md,
"What a name may be"). So is a name with a character drawn as wide as several letters
(``wtg.core.textwidth.DRAWN_WIDE``: the Basmala ligature U+FDFD), which passes for no one
but breaks the columns of every table that holds it."""

from __future__ import annotations

import email.utils
import re
import unicodedata
from functools import cache

from wtg.aof.copies import reads_as_order, setting_line
from wtg.aof.mailtext import header_key_in, mail_lines
from wtg.core.textwidth import DRAWN_WIDE, MARKS_ON_A_LETTER, marks_on_a_letter
from wtg.game.textcolumn import figures_problem
from wtg.lobby.commands import VERBS, read_commands
from wtg.lobby.database import same
from wtg.lobby.domains import top_level_domain
from wtg.text import homoglyphs
from wtg.text.homoglyphs import as_ascii

HOST_NAMES = ("GM", "the GM", "Game Master", "the Game Master", "host", "the host", "wtg")
"""What the host's own mail is signed or called, besides its From's name."""
HOST_WORDS = ("GM", "Game Master", "wtg")
"""The host's names that no name may hold among its words (besides its From's name), in any
case and spelling of their words: ``Game Master (official)``, ``GM Bob``, ``G.M. Bob``, ``the
gamemaster``. A subject reads ``[g] private press from Game Master (official)``, and the
mail comes from the host's own address."""
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0"
    "\U000e0100-\U000e01ef]"
)
"""Characters a reader sees as nothing, or as a blank (the Unicode default-ignorable ones
that are no control character, which ``check_text`` refuses already: the combining grapheme
joiner, the variation selectors, the Hangul fillers, ...; and the blank Braille pattern):
``Ann`` with one of them after it is another name than Ann's, and reads as hers."""
_NUMBERED = re.compile(r"\(\s*(?:player[ \t]*)?#?\s*\d+\s*\)|#\s*\d", re.IGNORECASE)
_SEAT_NAMED = re.compile(
    r"(?<![^\W_])(?:player|seat|side)[\s_.:-]*(?:no\b\.?|number|nr\b\.?|#)?[\s_.:-]*"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?![^\W_])",
    re.IGNORECASE,
)
"""A seat as the host names one (``player 2``, ``seat 3``) or as a reader takes it
(``Player2``, ``Player Two``, ``Seat #3``): ``Player 2`` writing as player 1 reads, in a
takeover notice or in press (``From Player 2 (player 1):``), as player 2."""
_HEADER_FIELD = re.compile(
    r"(?<![^\W_])(?:from|to|cc|bcc|subject|date|sent|reply-to|re|fwd?|aw|wg)\s*:", re.IGNORECASE
)
"""A mail's header field as a client shows it (``From:``, ``Subject:``, ``Re:``): a name
holding one, where a mail wraps a line before it, reads as a header of a mail quoted or
forwarded, and a reply's reader takes what follows for that mail, not for its sender's."""
_HOST_LABEL = re.compile(
    r"(?<![^\W_])(?:deadline|status|press|ready|forecast|expected|noted|orders missing"
    r"|victory points|end of the game|orders received|rejected)\s*:",
    re.IGNORECASE,
)
"""The labels that begin lines of the host's own reports and answers (``Deadline:``,
``Status:``, ``PRESS:``, ``Orders missing:``): a name holding one, where a mail wraps a
line before it, reads as a line of the host's (``Deadline: moved to Friday``)."""
_OPENING = "¡¿\"'\u2018\u201c\u201e\u00ab\u2039"
"""What a name may begin with besides a letter or a digit: Spanish's opening marks
(``¡Hola!``) and an opening quote mark (``"Ace"``), which no line of the host's begins with."""
_LISTING = ",;\u3001\u060c"
"""The marks that separate names in a list (a comma, a semicolon, the ideographic and the
Arabic comma): ``Ann, Lord1`` in LIST's ``2 of 4 players waiting: Bob, Ann, Lord1`` is
two players, one of them Lord1."""
_RULE = re.compile(r"([-=*_~>#+|<])\1\1")
"""Three of one mark in a row (``---``, ``===``, ``***``, ``>>>``): the rules of the host's
own mails and of a quote."""
_FOLDED = str.maketrans(
    "ІΙꓲ"  # Cyrillic, Greek and Lisu capital I: as the capital, not Unicode's small l
    "Ԛ"  # Cyrillic qa
    "ᑕᔕᗯᘔᑎ"  # Canadian syllabics a reader takes for C, S, W, Z, N
    "ᗩᕮᗴᑫ"  # and a "fancy text" maker's (ᗩᑎᑎ for ANN)
    "ȷ",  # Latin dotless j
    "IIIQCSWZNAEEqj",
)
"""Letters of other alphabets that a reader takes for Latin ones and Unicode's confusables
do not list as such (``wtg.text.homoglyphs.as_ascii`` reads those it lists: Cyrillic ``В``
as B, Tifinagh ``ⵔ`` as O, Runic ``ᛖ`` as M): the Canadian syllabics ``ᑎ`` and ``ᗩ`` as N and A
(``ᗩᑎᑎ`` is ANN), and a capital I of Cyrillic, Greek or Lisu as the Latin capital I."""
_BRACKETED = re.compile(r"[(\[{<]\s*(?:red|green|yellow|blue|bot|robot)\s*[)\]}>]", re.IGNORECASE)
"""What the host writes in brackets after a side's name: Tactics' colour (``Ann (red)``: "Turn
2 is the turn of Ann (red)") and a robot's mark in the tables of WISK and Tactics (``(robot)``,
``(bot)``): a newcomer named ``Ann (red)`` who plays blue read ``Ann (red) (blue)``, red
to a reader, beside Ann who is."""
_ADDRESS_LIKE = re.compile(r"[^\s@]@[^\s@]+\.[^\s@]")
_WEB_LIKE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|(?<![^\W_])www\.", re.IGNORECASE)
"""A web address's scheme (``https://``) or its ``www.``."""
_DOTTED = re.compile(r"[^\W_](?:[\w-]*[^\W_])?(?:\.[^\W_](?:[\w-]*[^\W_])?)+")
"""Words joined by dots, no space between (``paypal-login.com``, ``J.R.R.Tolkien``)."""
_IDEOGRAPHIC_DOTS = str.maketrans("\u3002\uff61", "..")
"""The full stops IDNA reads as a domain name's dots besides ``.`` (NFKC folds ``．``)."""
_ROBOT_LIKE = re.compile(r"robot ?\d+|robo ?\d+|bot (?:red|green|yellow|blue)")
"""The names the rules give their robots, as ``same`` writes a name: WISK's ``Robot 3``
(its seat), a Duel's or Trinity's ``Robo1``, Tactics' ``Bot Red`` (its colour)."""


def in_list(name: str) -> str:
    """``name`` as a list of names joined with commas shows it (LIST's players waiting, `wtg
    lists`): between double quotes when it holds a mark that separates names (``_LISTING``),
    which no new name may hold but one taken before the rule may (``Smith, John`` read as
    two players waiting); a double quote of its own shown as ``'`` inside them."""
    if not any(char in _LISTING for char in name):
        return name
    return '"' + name.replace('"', "'") + '"'


def shows_nothing(text: str) -> bool:
    """Whether ``text`` shows nothing to a reader: blanks, format characters (a zero-width
    space, a tag character, U+E0041) and the characters of ``_INVISIBLE`` (a Hangul filler,
    the blank Braille pattern) alone."""
    return all(
        char.isspace() or unicodedata.category(char) in ("Cf", "Cn") or _INVISIBLE.match(char)
        for char in text
    )


def posing(name: str, host: str = "") -> str | None:
    """Why ``name`` would pass for someone else (``host``: the host's From, whose name
    counts as the host's), or None."""
    shown = unicodedata.normalize("NFKC", name)  # as it reads: ﬁ as fi, full-width as plain
    plain = folded(shown)
    hidden = _INVISIBLE.search(name)
    if hidden is not None:
        return (
            f"the name {name} holds a character that shows as nothing or as a blank "
            f"(U+{ord(hidden.group()):04X}), and would read as another name: choose another "
            "with AS <name>"
        )
    undefined = next((char for char in name if unicodedata.category(char) == "Cn"), None)
    if undefined is not None:
        return (
            f"the name {name} holds U+{ord(undefined):04X}, a character Unicode does not "
            "define, which shows as nothing or as a box: choose another with AS <name>"
        )
    capital = next((char for char in name if _small_capital(char)), None)
    if capital is not None:
        return (
            f"the name {name} holds a small capital letter (U+{ord(capital):04X}), which "
            "reads as the plain letter (Bᴏb as Bob): choose another with AS <name>"
        )
    if _NUMBERED.search(name):
        return (
            f"the name {name} holds a player's number as the host writes it after a name "
            "((player 2), #2), and would pass for that player: choose another with AS <name>"
        )
    marks = marks_on_a_letter(name)
    if marks > MARKS_ON_A_LETTER:
        return (
            f"the name {name} puts {marks} marks on one letter (the accents written after "
            f"it): at most {MARKS_ON_A_LETTER}, or they pile up over the lines around it "
            "where the host prints it: choose another with AS <name>"
        )
    stray = _stray_mark(name)
    if stray is not None:
        return f"the name {name} {stray}: choose another with AS <name>"
    wide = DRAWN_WIDE.search(name)
    if wide is not None:
        return (
            f"the name {name} holds U+{ord(wide.group()):04X}, a character drawn as wide as "
            "several letters, and as wide as one font or another makes it: where the host "
            "prints it, the rest of its line is pushed out of its columns: choose another with AS "
            "<name>"
        )
    key = header_key_in(name)
    if key is not None:
        return (
            f"the name {name} holds a key of an order form's header ({key}), and would read "
            "as a form's header where the host prints it: choose another with AS <name>"
        )
    start = shown.lstrip()[:1]
    if start and not (start.isalnum() or start in _OPENING):
        return (
            f"the name {name} begins with {start!r}: a name begins with a letter or a digit, "
            "or where the host prints it at a line's start it reads as a line of the host's "
            "own (a rule, a quote, a list's item): choose another with AS <name>"
        )
    rule = _RULE.search(shown)
    if rule is not None:
        return (
            f"the name {name} holds {rule.group()}, which reads as a rule of the host's own "
            "mails or a quote: choose another with AS <name>"
        )
    comma = next((char for char in shown if char in _LISTING), None)
    if comma is not None:
        return (
            f"the name {name} holds {comma!r}: the host lists players' names with commas "
            "(the players waiting on a list, the seats of a takeover), where it would read "
            "as two players' names: write it without (John Smith, not Smith, John); choose "
            "another with AS <name>"
        )
    seat = _SEAT_NAMED.search(plain)
    if seat is not None:
        return (
            f"the name {name} holds {seat.group()}, which reads as a seat as the host names "
            "one (player 2, seat 3), and would pass for that player in a takeover notice or "
            "in press: choose another with AS <name>"
        )
    field = _HEADER_FIELD.search(plain)
    if field is not None:
        return (
            f"the name {name} holds {field.group()}, a mail's header as a client shows it: "
            "where a mail wraps a line before it, it reads as the header of a mail quoted, "
            "and a reply's lines under it are taken for that mail: choose another with AS "
            "<name>"
        )
    label = _HOST_LABEL.search(plain)
    if label is not None:
        return (
            f"the name {name} holds {label.group()}, which begins lines of the host's own "
            "reports and answers: where a mail wraps a line before it, it reads as the "
            "host's: choose another with AS <name>"
        )
    order = _order_like(name)
    if order is not None:
        return (
            f"the name {name} holds {order[0]}, which an order form reads as {order[1]}: "
            "where the host prints the name, a reply that pastes it would give that order: "
            "choose another with AS <name>"
        )
    command = _command_like(name)
    if command is not None:
        return (
            f"the name {name} holds {command}, which the host reads as a command where a "
            "reply gives it on a line of its own (a mail client wraps a line before it, or "
            "a player pastes it): choose another with AS <name>"
        )
    bracketed = _BRACKETED.search(shown)
    if bracketed is not None:
        return (
            f"the name {name} holds {bracketed.group()}, which the host writes after a "
            "player's name for his colour, or after a robot's (Ann (red), Robot 3 (robot)): "
            "beside it, it would pass for that side: choose another with AS <name>"
        )
    figures = figures_problem(name)
    if figures is not None:
        return f"{figures}: choose another with AS <name>"
    if _ADDRESS_LIKE.search(name):
        return (
            f"the name {name} looks like an e-mail address, which the host never shows: "
            "choose another with AS <name>"
        )
    web = _web_address(shown)
    if web is not None:
        return (
            f"the name {name} holds {web}, which reads as a web address: a mail client shows "
            "it as a link in every mail of the host's that names the player, as if the host "
            "gave it (write its words apart, Ann Kim, not Ann.Kim): choose another with AS "
            "<name>"
        )
    if _ROBOT_LIKE.fullmatch(same(name)):
        return (
            f"the name {name} reads as the name the host gives a robot (Robot 3, Robo1, Bot "
            "Red), and would pass for one beside it: choose another with AS <name>"
        )
    display = email.utils.parseaddr(host)[0]
    exact = any(alike(plain, word) for word in (*HOST_NAMES, display) if word)
    if exact or any(_holds_words(plain, words) for words in (*HOST_WORDS, display) if words):
        return f"the name {name} would pass for the host's own: choose another with AS <name>"
    return None


def _stray_mark(name: str) -> str | None:
    """What ``name`` holds of a mark drawn where no letter of its own is, or None: a mark
    that encloses the character before it (U+20DD, a circle: it spills over the letters
    beside it and the lines around, where the host prints the name), or a mark of one
    script on a character of another (a Thai vowel sign over a Latin letter, drawn where
    the Latin font has no place for it, over the line above). A mark every script shares
    (an acute, a cedilla) may sit on any letter."""
    before = ""
    for char in unicodedata.normalize("NFC", name):
        kind = unicodedata.category(char)
        if kind == "Me":
            return (
                f"holds U+{ord(char):04X}, a mark drawn around the character before it, "
                "over the letters beside it and the lines around it where the host prints it"
            )
        if kind.startswith("M"):
            mine, base = homoglyphs.script(char), homoglyphs.script(before)
            if mine and mine != base:
                on = f"the {base} letter {before}" if base else f"{before!r}"
                return (
                    f"puts a {mine} mark (U+{ord(char):04X}) on {on}, where no font has a "
                    "place for it: it is drawn over the letters or the lines around it"
                )
            continue
        before = char
    return None


def _web_address(name: str) -> str | None:
    """The part of ``name`` that reads as a web address, or None: a scheme (``https://``),
    ``www.``, or words joined by dots whose last is a top-level domain of the Public Suffix
    List (``paypal-login.com``; ``J.R.R.Tolkien`` ends in no such domain). The ideographic
    full stops a domain name may be written with (``paypal。com``: IDNA reads them as dots)
    are dots."""
    name = name.translate(_IDEOGRAPHIC_DOTS)
    web = _WEB_LIKE.search(name)
    if web is not None:
        return web.group()
    for dotted in _DOTTED.finditer(name):
        last = dotted.group().rpartition(".")[2].lower()
        if len(last) >= 2 and top_level_domain(last):
            return dotted.group()
    return None


READS_AS = (("rn", "m"), ("vv", "w"), ("I", "l"), ("|", "l"), ("1", "l"), ("0", "O"))
"""Letters of one alphabet that read as others in the sans-serif font a mail client shows:
a capital I as a small l (``AIice`` as Alice), ``rn`` as ``m``, ``vv`` as ``w``, a one as a
small l, a zero as a capital O (``B0B`` as BOB)."""


def reads_as(name: str) -> str:
    """What ``name`` reads as (``READS_AS``, and ``folded``: a Cyrillic ``В`` as a B), in
    compatibility form without its spaces and the marks that join words (``-``, ``_``,
    ``.``), its case kept: two names that read as one are one name to a reader (``B O B``
    and ``BOB``)."""
    text = folded(unicodedata.normalize("NFKC", name))
    text = "".join(char for char in text if not (char.isspace() or char in _JOINERS))
    for written, read in READS_AS:
        text = text.replace(written, read)
    return text


_JOINERS = "-_.'’"


def folded(name: str) -> str:
    """``name`` with each letter of another alphabet that reads as a Latin one written as
    that Latin letter (Unicode's confusables, ``wtg.text.homoglyphs.as_ascii``, and
    ``_FOLDED``)."""
    return name.translate(_folding())


@cache
def _folding() -> dict[int, int | str]:
    """The table ``folded`` writes a name by: Unicode's confusables, and ``_FOLDED`` where
    they say nothing or read otherwise."""
    return {**as_ascii(), **_FOLDED}


def alike(one: str, other: str) -> bool:
    """Whether two names are one to a reader: the same (``database.same``: case, extra
    spaces, full-width letters), the same as read (``reads_as``: ``AIice`` and Alice,
    ``ВОВ`` in Cyrillic and BOB, ``B O B`` and BOB), or so in any case (``b o b`` and Bob)."""
    if same(one) == same(other) or reads_as(one) == reads_as(other):
        return True
    return _caseless(one) == _caseless(other)


def _caseless(name: str) -> str:
    """``name`` as ``same`` writes it, the letters ``folded`` reads as Latin ones, without
    spaces, joining marks and the accents on its letters (``Alıce`` with a dotless i, and
    ``Zoë``, read as Alice and Zoe beside them), a zero as the o it reads as (``_ZERO``)."""
    plain = unicodedata.normalize("NFKD", same(folded(name)))
    return "".join(
        char
        for char in plain
        if not (char.isspace() or char in _JOINERS or unicodedata.combining(char))
    ).translate(_ZERO)


_ZERO = str.maketrans("0", "o")
"""A zero reads as an O (``READS_AS``), and names compare without case: ``B0b`` is Bob's
name to a reader as ``B0B`` is BOB's (attack49: ``B0b`` and ``T0m Kim`` were taken beside
Bob and Tom Kim, ``B0B`` refused beside BOB). Ruling: only the zero reads so in any case; a
capital I reads as a small l alone (``Lan`` beside ``Ian`` is taken), a one as a small l
alone (``A1ICE`` reads as no ALICE)."""


def _holds_words(name: str, words: str) -> bool:
    """Whether ``name`` holds ``words`` among its own words, however they are cased, spaced,
    joined or split (``G.M.``, ``GameMaster``, ``Game-Master's``): some run of the name's
    words, written together, is the words written together."""
    mine = re.findall(r"[^\W_]+", same(name))
    wanted = "".join(re.findall(r"[^\W_]+", same(words)))
    return bool(wanted) and holds_run(mine, wanted)


def holds_run(words: list[str], wanted: str) -> bool:
    """Whether some run of ``words``, written together, is ``wanted``."""
    for start in range(len(words)):
        joined = ""
        for word in words[start:]:
            joined += word
            if joined == wanted:
                return True
            if not wanted.startswith(joined):
                break
    return False


def _order_like(name: str) -> tuple[str, str] | None:
    """The part of ``name`` from one of its words on (a mail client wraps a line between
    words, and the part starts a line of its own), as a mail's reader cleans it and in
    compatibility form (``Ｔ１`` as ``T1``), that a form's reader takes for an order line or
    a setting line, and which of them; None when no part is either."""
    words = unicodedata.normalize("NFKC", name).split()
    for start in range(len(words)):
        part = mail_lines(" ".join(words[start:]))[0].text
        if reads_as_order(part):
            return part, "an order line"
        if setting_line(part) is not None:
            return part, "a setting line"
    return None


def _command_like(name: str) -> str | None:
    """The part of ``name`` from one of its words on that the host reads as a command of a
    mail (``wtg.lobby.commands``: ``RESIGN g1``, ``JOIN wok4``, ``CODE ABCD2345EF`` in
    capitals, or the whole name a command in any case, ``join wok4``), as written; None
    when no part is one."""
    words = unicodedata.normalize("NFKC", name).split()
    for start in range(len(words)):
        part = " ".join(words[start:])
        read = read_commands(part)
        if read is None:
            continue
        capitals = words[start].isupper()
        if read.code is not None and capitals:
            return part
        given = [command for command in read.commands if command.verb in VERBS]
        if given and (capitals or start == 0):  # not a word in capitals alone (ANN Lee)
            return part
    return None


def _small_capital(char: str) -> bool:
    """Whether ``char`` is a small capital letter (``ᴏ``, ``ʙ``, ``ꜱ``): no compatibility
    form folds it into its plain letter, as a full-width one is (``database.same``), and
    beside lower-case letters it reads as one."""
    return not char.isascii() and "SMALL CAPITAL" in unicodedata.name(char, "")
