"""A hostile player's JOIN under a name that reads as another's: ``Ａｎｎ`` in full-width
letters, or ``Аnn`` with a Cyrillic А, took a seat beside Ann and wrote press as "Аnn
(player 2)", which nobody could tell from hers. Names compare in Unicode's compatibility
form (``wtg.lobby.database.same``), and a name that mixes the Latin, Greek and Cyrillic
alphabets, whose letters look alike, is refused (``wtg.lobby.people.look_alike_alphabets``);
a name in one alphabet, whichever, is taken, and so is one of a Latin word beside a word of
a script whose letters pass for no Latin ones."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.joinnames import FROM_NAME_REFUSED, refused_for_from_name
from tests.lobby.test_refusals import joined, refusal, waiting_names
from wtg.lobby.database import same
from wtg.lobby.lookalikes import alike
from wtg.lobby.newcomername import default_name
from wtg.lobby.people import look_alike_alphabets

CYRILLIC_A = "\u0410"
GREEK_ALPHA = "\u0391"


def with_ann(tmp_path: Path) -> Hall:
    """A wok4 list with Ann on it, confirmed."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    code = joined(hall, 1, "Ann")
    hall.mail(address(1), f"CONFIRM {code}")
    hall.poll(hours=2)
    hall.new_mails()
    return hall


def on_the_list(hall: Hall, *names: str) -> None:
    """Each of ``names`` joined to the list and confirmed, from addresses 1, 2, ..."""
    for number, name in enumerate(names, start=1):
        code = joined(hall, number, name)
        hall.mail(address(number), f"CONFIRM {code}")
        hall.poll(hours=2)
        hall.new_mails()


def test_ann_in_full_width_letters_is_anns_name(tmp_path: Path) -> None:
    """The text of a mail is read in compatibility form already (``wtg.aof.mailtext``);
    a display name taken for a JOIN without AS is not, and is compared so."""
    hall = with_ann(tmp_path)
    hall.mail(address(2), "JOIN wok4", name="\uff21\uff4e\uff4e")  # From: Ａｎｎ <...>
    hall.poll(hours=2)
    body = refusal(hall, 2)
    assert FROM_NAME_REFUSED in " ".join(body.split()), body  # a name he did not type
    assert "(the name \uff21\uff4e\uff4e is another player's)" in " ".join(body.split()), body
    assert waiting_names(hall) == ["Ann"]


def test_a_name_that_mixes_look_alike_alphabets_is_refused(tmp_path: Path) -> None:
    """In a word or in two: a Greek or Cyrillic word beside a Latin one too, their letters
    drawn as Latin ones wholesale (``Game Маѕтег`` reads as Game Master: Unicode's
    confusables read no Cyrillic ``т`` as a T), ``Αλέξης Alex`` with them, its reason said;
    and a word mixing Latin with any script but CJK (``Lⵔrd Smith``, a Tifinagh O)."""
    hall = with_ann(tmp_path)
    for number, name, alphabets in (
        (2, f"{CYRILLIC_A}nn", "Latin and Cyrillic"),
        (3, f"{GREEK_ALPHA}nn", "Latin and Greek"),
        (4, f"Dev {CYRILLIC_A}nn", "Latin and Cyrillic"),
        (5, "L\u2d54rd Smith", "Latin and Tifinagh"),
        (6, "\u0391\u03bb\u03ad\u03be\u03b7\u03c2 Alex", "Latin and Greek"),
        (7, "Game \u041c\u0430\u0455\u0442\u0435\u0433", "Latin and Cyrillic"),
    ):
        hall.mail(address(number), f"JOIN wok4 AS {name}")
        hall.poll(hours=2)
        body = refusal(hall, number)
        assert f"the name {name} mixes {alphabets} letters, which look alike" in body
    assert waiting_names(hall) == ["Ann"]


def test_a_name_in_one_alphabet_is_taken_whichever_it_is(tmp_path: Path) -> None:
    hall = with_ann(tmp_path)
    for number, name in ((2, "\u0410\u043d\u043d\u0430"), (3, "J\u00fcrgen 2")):  # Анна
        code = joined(hall, number, name)
        hall.mail(address(number), f"CONFIRM {code}")
    hall.poll(hours=2)
    assert sorted(waiting_names(hall)) == sorted(
        ["Ann", "\u0410\u043d\u043d\u0430", "J\u00fcrgen 2"]
    )


def test_the_check_reads_letters_alone() -> None:
    assert look_alike_alphabets("Ann-2 (the 3rd)") == []
    assert (
        look_alike_alphabets("\u0391\u03bb\u03ad\u03be\u03b1\u03bd\u03b4\u03c1\u03bf\u03c2") == []
    )
    assert look_alike_alphabets("\u5c71\u7530 Taro") == []  # Han beside Latin: no look-alikes
    assert look_alike_alphabets(f"B{CYRILLIC_A}B") == ["Latin", "Cyrillic"]
    assert same("  \uff21NN  ") == same("ann") == "ann"


def test_a_mixed_display_name_is_checked_as_any_name(tmp_path: Path) -> None:
    """JOIN without AS takes the From's display name, checked as a name after AS is: one
    that mixes alphabets refuses the JOIN, asking for a name (before round 50 his address's
    local part was taken, which LIST showed to anyone)."""
    assert default_name(f"{CYRILLIC_A}nn", "ann.k@players.example") == f"{CYRILLIC_A}nn"
    assert default_name("J\u00fcrgen", "jk@players.example") == "J\u00fcrgen"
    assert default_name("", "ann.k@players.example") == "ann.k"  # a From without a name
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer("ann.k@players.example", "JOIN wok4", name=f"{CYRILLIC_A}nn")
    refused_for_from_name(answer, "ann.k")
    assert "mixes Latin and Cyrillic letters" in answer.words, answer.body


def test_a_name_that_reads_as_anothers_in_ascii_letters_is_refused(tmp_path: Path) -> None:
    """``AIice`` with a capital I beside Alice, ``AIi`` beside Ali: in the sans-serif font a
    mail client shows, a capital I is a small l, and ``rn`` reads as ``m``, ``vv`` as ``w``,
    a zero as a capital O. Such a name wrote press as "AIice (player 3)", which nobody could
    tell from Alice's; it is refused, naming the player it reads as. A name that only
    shares letters with another (``Lan`` beside ``Ian``, ``Ann`` beside ``Anna``) is taken."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=9)
    on_the_list(hall, "Alice", "Ian", "Kim", "Dwight", "BOB")
    for number, name, holder in (
        (6, "AIice", "Alice"),
        (6, "lan", "Ian"),
        (6, "Kirn", "Kim"),
        (6, "Dvvight", "Dwight"),
        (6, "B0B", "BOB"),
    ):
        hall.mail(address(number), f"JOIN wok4 AS {name}")
        hall.poll(hours=2)
        body = refusal(hall, number)
        assert (
            f"the name {name} reads as {holder}, another player's name, in the letters a mail "
            "shows: choose another with AS <name>"
        ) in body, body
    for number, name in ((6, "Lan"), (7, "Kirn Jr"), (8, "Anna")):
        code = joined(hall, number, name)
        hall.mail(address(number), f"CONFIRM {code}")
        hall.poll(hours=2)
    assert sorted(waiting_names(hall)) == sorted(
        ["Alice", "Ian", "Kim", "Dwight", "BOB", "Lan", "Kirn Jr", "Anna"]
    )


def test_names_that_only_share_letters_are_taken(tmp_path: Path) -> None:
    """Honest pairs a reader tells apart: ``Ell`` beside ``Eli``, ``Bil`` beside ``Bill``
    (a small l is no capital I), and ``Ogmund``, whose word holds the host's ``GM`` but is
    no ``GM``."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=6)
    names = ("Eli", "Bill", "Ell", "Bil", "Ogmund")
    for number, name in enumerate(names, start=1):
        code = joined(hall, number, name)
        hall.mail(address(number), f"CONFIRM {code}")
        hall.poll(hours=2)
    assert sorted(waiting_names(hall)) == sorted(names)


CANADIAN = {"A": "\u15c5", "B": "\u15f7", "C": "\u1455", "D": "\u15de", "P": "\u146d"}
"""Canadian syllabics that read as Latin capitals (Unicode's confusables): ``ᗅ``, ``ᗷ``,
``ᑕ``, ``ᗞ``, ``ᑭ``."""


def test_canadian_syllabics_read_as_the_latin_letters_they_look_like(tmp_path: Path) -> None:
    """``ᗅnn`` with a Canadian syllabic GHO, which any font draws as a capital A, took a
    seat beside Ann, as a Cherokee ``Ꭺ`` or a Lisu ``ꓮ`` could not; and ``ᗷᗅᗞ``, all
    syllabics, one beside BAD. Each is refused, naming why."""
    hall = with_ann(tmp_path)
    code = joined(hall, 2, "BAD")
    hall.mail(address(2), f"CONFIRM {code}")
    hall.poll(hours=2)
    hall.new_mails()
    mixed = f"{CANADIAN['A']}nn"
    hall.mail(address(3), f"JOIN wok4 AS {mixed}")
    hall.poll(hours=2)
    assert f"the name {mixed} mixes Latin and Canadian letters, which look alike" in refusal(
        hall, 3
    )
    alone = CANADIAN["B"] + CANADIAN["A"] + CANADIAN["D"]
    hall.mail(address(4), f"JOIN wok4 AS {alone}")
    hall.poll(hours=2)
    assert f"the name {alone} reads as BAD, another player's name" in refusal(hall, 4)
    assert sorted(waiting_names(hall)) == ["Ann", "BAD"]
    assert look_alike_alphabets(f"{CANADIAN['C']}{CANADIAN['P']}u") == ["Latin", "Canadian"]


def test_the_fancy_text_syllabics_read_as_latin_letters_too(tmp_path: Path) -> None:
    """The syllabics a "fancy text" maker writes Latin capitals with (``ᗩᑎᑎ`` for ANN:
    CARRIER PO, TI; ``ᗪ``, ``ᕮ``, ``ᗴ``, ``ᑫ``) are others than Unicode's confusables: ``ᗩᑎᑎ``,
    all syllabics, took a seat beside Ann."""
    hall = with_ann(tmp_path)
    fancy = "\u15e9\u144e\u144e"
    hall.mail(address(2), f"JOIN wok4 AS {fancy}")
    hall.poll(hours=2)
    assert f"the name {fancy} reads as" in refusal(hall, 2)
    assert waiting_names(hall) == ["Ann"]  # before: Ann and ᗩᑎᑎ


def test_letters_of_any_script_read_as_the_latin_ones_unicode_says(tmp_path: Path) -> None:
    """The look-alikes were a table made by hand: ``ᏴⵔᏴ``, a Cherokee B and a Tifinagh O
    (Unicode's confusables list it as O), took a seat beside BOB, and so did ``ᛖᎪᚷ`` (Runic
    M and X) beside MAX. Letters read as Unicode's confusables say
    (``wtg.text.homoglyphs.as_ascii``), whatever their script."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=6)
    on_the_list(hall, "BOB", "MAX")
    for number, name, holder in (
        (3, "\u13f4\u2d54\u13f4", "BOB"),
        (4, "\u16d6\u13aa\u16b7", "MAX"),
    ):
        hall.mail(address(number), f"JOIN wok4 AS {name}")
        hall.poll(hours=2)
        assert f"the name {name} reads as {holder}, another player's name" in refusal(hall, number)
    assert sorted(waiting_names(hall)) == ["BOB", "MAX"]


def test_latin_letters_mix_with_chinese_japanese_and_korean_alone() -> None:
    """Beside Latin letters a script whose letters read as no Latin one is no look-alike
    (``山田 Taro``, ``김 Kim``); any other is in a word, Tai Le or Devanagari as much as
    Cyrillic (``Devदेव``; ``Dev देव``, a word each, is taken)."""
    assert look_alike_alphabets("\u5c71\u7530 Taro \u3084\u307e\u30c0") == []
    assert look_alike_alphabets("\uae40 Kim") == []
    assert look_alike_alphabets("A\u1951n") == ["Latin", "Tai Le"]
    assert look_alike_alphabets("Dev\u0926\u0947\u0935") == ["Latin", "Devanagari"]
    assert look_alike_alphabets("\u2d5c\u2d30\u2d4e\u2d30\u2d63\u2d49\u2d56\u2d5c") == []


REAL_NAMES = (
    "Dev \u0926\u0947\u0935",  # Dev देव
    "M. \u0639\u0628\u062f\u0627\u0644\u0644\u0647",  # M. عبدالله
    "Yosef \u05d9\u05d5\u05e1\u05e3",  # Yosef יוסף
    "Sam \u0e2a\u0e21\u0e28\u0e31\u0e01\u0e14\u0e34\u0e4c",  # Sam สมศักดิ์
    "Giorgi \u10d2\u10d8\u10dd\u10e0\u10d2\u10d8",  # Giorgi გიორგი
    "Nguy\u1ec5n V\u0103n An",  # Nguyễn Văn An
    "\u0141ukasz",
    "\u00c6gir",
    "\u00d3 S\u00failleabh\u00e1in",
)
"""Names real people have: a name in two scripts, a word in each (as a Hindi, Arabic,
Hebrew, Thai or Georgian player writes his own beside its Latin spelling), and Latin
letters with the accents and letters of their languages."""


def test_real_names_in_two_scripts_a_word_each_are_taken(tmp_path: Path) -> None:
    """Round 45 refused ``Dev देव`` and ``M. عبدالله`` for mixing Latin with another script:
    a word of a script whose letters pass for no Latin ones stands beside Latin words; a
    letter of another script inside a word is what passes for a Latin one (docs/mail.md)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)  # one seat left: no game made
    on_the_list(hall, *REAL_NAMES)
    assert sorted(waiting_names(hall)) == sorted(REAL_NAMES)


def test_a_zero_in_a_word_of_small_letters_reads_as_its_o(tmp_path: Path) -> None:
    """``B0b`` beside Bob, ``T0m Kim`` beside Tom Kim (attack49): a zero reads as an O, and
    names compare without case, so ``B0b`` is Bob's name to a reader as ``B0B`` is BOB's;
    both were taken, and wrote press as "B0b (player 3)" beside Bob's. A zero reads as an
    o in any case (``J0HN`` beside John too); a capital I still reads as a small l alone
    (``Lan`` beside Ian is taken, above)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=9)
    on_the_list(hall, "Bob", "Tom Kim", "John")
    for number, name, holder in ((6, "B0b", "Bob"), (6, "T0m Kim", "Tom Kim"), (6, "J0HN", "John")):
        hall.mail(address(number), f"JOIN wok4 AS {name}")
        hall.poll(hours=2)
        body = refusal(hall, number)
        assert (
            f"the name {name} reads as {holder}, another player's name, in the letters a mail "
            "shows: choose another with AS <name>"
        ) in body, body
    assert sorted(waiting_names(hall)) == ["Bob", "John", "Tom Kim"]


def test_a_zero_reads_as_an_o_wherever_names_are_compared() -> None:
    assert alike("B0b", "Bob") and alike("bob", "B0B") and alike("Le0", "LEO")
    assert not alike("B0b", "Bab") and not alike("Lan", "Ian") and not alike("B0b", "Bo")
