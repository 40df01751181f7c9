"""Names that claim an authority no player has: the host's staff (``Admin``, ``Moderator``,
``Postmaster``, ``Sysop``), the host itself (``Host``, ``System``, ``GM``, ``wtg``) or every
player (``Everyone``). Another player reads such a name where the host prints it: a private
press comes as ``[g1] private press from Admin``, in a mail from the host's own address.
They are read as a reader reads them: in any case and in full-width letters, with letters of
another alphabet that look like Latin ones as those (``lookalikes.folded``), without the
accents on their letters, spaced or joined (``G M``, ``Post-Master``), and with the digits
and marks that stand for letters as those letters (``Adm1n``, ``M0derator``, ``H0st``,
``Adm!n``, ``5ystem``, ``Adrnin`` with ``rn`` for ``m``), or beside a number (``Admin1``,
``System 2``). A real name that holds such a word inside one of its own (``Adminah``,
``Hostetler``, ``Gemma``, ``Modesto``, ``Systemic``) is taken. So are the staff's words in
the languages most of a host's players may write (``TRANSLATED``: ``Админ``, ``Модератор``,
``Administrador``, ``Modérateur``, ``Spielleiter``, ``管理员``), refused for the word they
translate (docs/mail.md, "What a name may be")."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from wtg.lobby.lookalikes import folded, holds_run

STAFF_WORDS = (
    "Admin",
    "Admins",
    "Administrator",
    "Administrators",
    "Sysadmin",
    "Sysop",
    "Moderator",
    "Moderators",
    "Postmaster",
    "Hostmaster",
    "Webmaster",
    "Mailer-Daemon",
    "Mail Delivery System",
    "Mail Delivery Subsystem",
    "No-Reply",
    "Game Master",
    "Turn Generator",
    "GM",
    "wtg",
)
"""Words that name the host's staff (or the host's software) wherever they stand among a
name's words: ``Admin Bob`` and ``Bob the Moderator`` pass for staff as ``Admin`` does. The
names a bounce comes under (Exim's ``Mail Delivery System``, Gmail's ``Mail Delivery
Subsystem``) and the one the host's own mails give it (``this mail reached the turn
generator``) are among them (attack39: ``[wok4-1] private press from Turn Generator`` read
as the host's own)."""
ROLE_NAMES = (
    "Host",
    "System",
    "Everyone",
    "Everybody",
    "All Players",
    "Every Player",
    "Staff",
    "Support",
    "Mod",
    "Mods",
    "Root",
    "Referee",
    "Umpire",
    "Server",
    "Official",
)
"""Words that are a role, not a person, when they are the whole name (a ``the`` before them
and a number beside them aside: ``The System``, ``Host 2``); among other words they are a
person's (``Ann Host``, ``Bob Staff`` may be surnames)."""

TRANSLATED = {
    # Russian, Ukrainian
    "Админ": "Admin",
    "Администратор": "Administrator",
    "Сисадмин": "Sysadmin",
    "Модератор": "Moderator",
    "Адмін": "Admin",
    "Адміністратор": "Administrator",
    # Spanish, Portuguese
    "Administrador": "Administrator",
    "Administradora": "Administrator",
    "Moderador": "Moderator",
    "Moderadora": "Moderator",
    # French
    "Administrateur": "Administrator",
    "Administratrice": "Administrator",
    "Modérateur": "Moderator",
    "Modératrice": "Moderator",
    "Maître du jeu": "Game Master",
    # German, Dutch, Italian
    "Spielleiter": "Game Master",
    "Beheerder": "Administrator",
    "Amministratore": "Administrator",
    "Moderatore": "Moderator",
    # Chinese, Japanese, Korean
    "管理员": "Administrator",
    "管理員": "Administrator",
    "管理者": "Administrator",
    "版主": "Moderator",
    "관리자": "Administrator",
    "운영자": "Administrator",
}
"""The staff's words (``STAFF_WORDS``) in the languages a host's players most often write
besides English, each with the word it translates: refused wherever they stand among a
name's words, as ``Admin`` is (``Bob Модератор``), in any case, without their accents, and
with Latin letters that look like their own in them (``Aдмин`` with a Latin A). Words of a
script written without blanks (Chinese, Japanese; Korean too) are refused anywhere in a
name (``张管理员``, Zhang the administrator). A longer word that holds one (``Админов``, a
surname; ``Moderato``) is taken. Digits for letters are not read in them (``Aдм1н``), nor
are other languages' words or forms (a plural, a case ending): a short list of the common
ones, not a dictionary (docs/mail.md, "What a name may be")."""

_LEET = str.maketrans(
    {"0": "o", "2": "z", "3": "e", "4": "a", "5": "s", "6": "g", "7": "t", "8": "b", "9": "g"}
    | {"@": "a", "$": "s", "€": "e", "+": "t"}
)
"""Digits and marks written for the letters they look like. A one, a bar and an exclamation
mark read as an i or as a small l, as a capital I does (``Adm1n``, ``AdmIn``, ``Mai1er
Daemon``): each name is read both ways (``_readings``), and so is each word it is compared
with."""
_ONES = "1|!"
_INSIDE = re.compile(r"[0-9@$€+|!]+(?=[^\W\d_])")
"""Digits and marks before a letter, read as the letters they stand for (``Adm1n``,
``5ystem``): those standing apart or ending a word (``Admin1``, ``Admin!``) are no letters
(a number, punctuation), and part words as a blank does."""
_LETTERS = re.compile(r"[^\W\d_]+")


def _plain(name: str) -> str:
    """``name`` as read: compatibility form (full-width letters as plain ones), without the
    characters that show nothing (format characters), the look-alike letters of other
    alphabets as Latin ones, without accents, its words written together parted where a
    capital letter begins one (``AdminBob``, ``TheMODerator``), in small letters, ``rn`` as
    ``m`` and ``vv`` as ``w``."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(char for char in text if unicodedata.category(char) not in ("Cf", "Mn"))
    text = unicodedata.normalize("NFKD", folded(text))
    text = "".join(char for char in text if not unicodedata.combining(char))
    text = _CAPITALISED.sub(" ", text).casefold()
    return text.replace("rn", "m").replace("vv", "w")


_CAPITALISED = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
"""Where a capital letter begins a word written onto the one before: ``Admin|Bob``,
``The|Moderator``, ``GM|Bob``."""


def _readings(name: str) -> list[list[str]]:
    """The ways the words of ``name`` read, each a list of its words in letters alone: the
    digits and marks inside a word as the letters they stand for, a one (and a small l) as
    an i, then (a capital I too) as an l; and every digit and mark as a blank between words
    (``Admin1``: Admin and 1), an l as an i."""
    plain = _plain(name)

    def inside(one: str) -> str:
        read = str.maketrans(dict.fromkeys(_ONES, one))
        return _INSIDE.sub(lambda found: found.group().translate(_LEET).translate(read), plain)

    return [
        _LETTERS.findall(inside("i").replace("l", "i")),
        _LETTERS.findall(inside("l").replace("i", "l")),
        _LETTERS.findall(plain.replace("l", "i")),
    ]


@cache
def _read_words(words: str) -> tuple[str, str]:
    """``words`` written together as each of the first two ``_readings`` reads them (an
    i read as an i, then as an l)."""
    first, second, _ = _readings(words)
    return "".join(first), "".join(second)


def claimed(name: str) -> str | None:
    """The word of ``STAFF_WORDS`` that ``name`` holds among its words, or the name of
    ``ROLE_NAMES`` it is, as a reader reads it; None when it claims none."""
    for reading, words in enumerate(_readings(name)):
        target = reading % 2  # the third reading, digits apart, reads an l as the first does
        joined = "".join(words)
        for role in ROLE_NAMES:
            wanted = _read_words(role)[target]
            if joined in (wanted, "the" + wanted):
                return role
        for staff in STAFF_WORDS:
            if holds_run(words, _read_words(staff)[target]):
                return staff
    return None


def _spelled(text: str) -> list[str]:
    """The words of ``text`` as ``TRANSLATED``'s are compared: in compatibility form,
    without the characters that show nothing and without accents, in small letters, the
    letters of other alphabets that look like Latin ones as those (on both sides: a Latin
    ``A`` in ``Aдмин`` reads as the Cyrillic one), parted where a capital letter begins a
    word written onto the one before (``АдминБоб``)."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(char for char in text if unicodedata.category(char) != "Cf")
    text = "".join(  # a word written onto the one before, a capital beginning it: АдминБоб
        f" {char}" if index and char.isupper() and text[index - 1].islower() else char
        for index, char in enumerate(text)
    )
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return _LETTERS.findall(folded(text.casefold()))


@cache
def _translated(word: str) -> tuple[str, bool]:
    """A word of ``TRANSLATED`` as compared (``_spelled``, its words together), and whether
    its script writes no blanks between words (wide letters: Chinese, Japanese, Korean)."""
    return "".join(_spelled(word)), any(unicodedata.east_asian_width(c) == "W" for c in word)


def _translation_in(name: str) -> str | None:
    """The word of ``TRANSLATED`` that ``name`` holds among its words (or, one of a script
    without blanks, anywhere), or None."""
    words = _spelled(name)
    joined = "".join(words)
    for word in TRANSLATED:
        wanted, unspaced = _translated(word)
        if (wanted in joined) if unspaced else holds_run(words, wanted):
            return word
    return None


def claiming(name: str) -> str | None:
    """Why ``name`` may not be a new player's (it claims an authority: ``claimed``, or holds
    a translation of a staff's word: ``TRANSLATED``), naming what to change; None when it
    claims none."""
    role = claimed(name)
    if role is None:
        translation = _translation_in(name)
        if translation is None:
            return None
        alone = "".join(_spelled(name)) == _translated(translation)[0]
        shown = "reads as" if alone else "holds"
        return (
            f"the name {name} {shown} {translation} ({TRANSLATED[translation]}), a name of the "
            "host or of its staff: a private press or a notice under it would pass for the "
            "host's own: choose another with AS <name>"
            + ("" if alone else f", without {translation}")
        )
    if role in ROLE_NAMES:
        return (
            f"the name {name} reads as {role}, which names the host, its staff or every "
            "player, not a person: a private press or a notice under it would pass for the "
            "host's own: choose a name of your own with AS <name>"
        )
    alone = any(  # nothing but the word (Adm1n), or more (Admin Bob)
        "".join(words) == _read_words(role)[reading % 2]
        for reading, words in enumerate(_readings(name))
    )
    shown = f"reads as {role}" if alone else f"holds {role} among its words"
    return (
        f"the name {name} {shown}, a name of the host or of its staff: a private press or a "
        "notice under it would pass for the host's own: choose another with AS <name>"
        + ("" if alone else f", without {role}")
    )
