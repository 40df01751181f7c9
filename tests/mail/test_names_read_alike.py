"""A game's name as a mail writes it reads the same to every reader of the mail.

A format character (Unicode category Cf: U+2063, the invisible separator, a word joiner,
a bidi mark, a tag character) shows nothing: the extractor took some out of a mail's
text, the form's lines others, and ``games_named`` kept U+2063 where the extractor had
dropped it, so the mail's games and the game its form was filed in were two names.
Every reader now drops the one list, ``wtg.core.formatchars``. And a name written in
quotes (``game: "g1"``) names the game: it was held under the name with its quotes."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest

from tests.mail.loop import World
from wtg.aof.mailtext import game_value, games_glanced, mail_lines
from wtg.core.formatchars import format_characters, without_format
from wtg.mail.incoming.answers import games_named
from wtg.mail.message.extract import normalise


def test_the_format_characters_are_every_one_of_category_cf() -> None:
    every = [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf"]
    assert list(format_characters()) == every
    assert "\u2063" in format_characters() and "\U000e0041" in format_characters()


@pytest.mark.parametrize("char", format_characters())
def test_every_reader_drops_every_format_character(char: str) -> None:
    text = f"=== BEGIN AOF ===\nGAME: g1{char}\nTURN: 1\n=== END AOF ===\n"
    tag = "\U000e0000" <= char <= "\U000e007f"  # left by the extractor to the text's readers
    assert normalise(text) == (text if tag else text.replace(char, ""))
    assert mail_lines(text)[1].text == "GAME: g1"
    assert games_named([text]) == ["g1"]
    assert games_glanced([text]) == ["g1"]
    assert without_format(f"g{char}1") == "g1"


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ('"g1"', "g1"),
        ("'g1'", "g1"),
        ("\u201cg1\u201d", "g1"),
        ("\u00abG1\u00bb", "G1"),
        ('" g1 "', "g1"),
        ("g1\u2063", "g1"),
        ('"g1', '"g1'),
        ("Big Game", "Big Game"),
    ],
)
def test_a_game_value_is_read_without_its_quotes(written: str, read: str) -> None:
    assert game_value(written) == read


def test_a_quoted_name_in_a_header_or_an_order_file_names_the_game() -> None:
    form = '=== BEGIN AOF ===\nGAME: "g1"  TURN: 1  PLAYER: 1  CODE: x\n=== END AOF ===\n'
    assert games_named([form]) == ["g1"]
    assert games_glanced([form]) == ["g1"]
    order_file = "game: 'g1'\nplayer: 1\ncode: x\n"
    assert games_named([order_file]) == ["g1"]
    assert games_glanced([order_file]) == ["g1"]


@pytest.mark.parametrize("char", ["\u2063", "\u206f", "\ufff9", "\U000e0067"])
def test_a_form_naming_the_game_with_a_format_character_is_filed(tmp_path: Path, char: str) -> None:
    """The form's ``g1`` and an inhibit-digit-shapes (U+206F), an annotation anchor
    (U+FFF9) or a tag letter (U+E0067) was held as no game's, the extractor knowing
    U+2063 alone of them."""
    world = World(tmp_path)
    world.mail(world.aof(1, X1="100").replace("GAME: g1", f"GAME: g1{char}"))
    summary = world.poll()
    assert (summary.filed, summary.held) == (1, 0)
    assert list(world.game.store.pending_orders(1)) == [1]


def test_a_body_naming_the_game_in_quotes_is_filed(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(world.aof(2, X1="100").replace("GAME: g1", 'GAME: "g1"'), "p2@players.example")
    summary = world.poll()
    assert (summary.filed, summary.held) == (1, 0)
    assert list(world.game.store.pending_orders(1)) == [2]


def test_a_flags_tags_are_kept_where_a_stray_tag_is_dropped() -> None:
    """England's flag is the black flag U+1F3F4 and the tags ``gbeng`` and cancel: a
    player's press keeps it (as ``wtg.core.printable`` does), a tag word elsewhere goes."""
    england = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    text = f"PRESS g1\nGo {england}!\U000e0068\U000e0069\n"
    kept = f"PRESS g1\nGo {england}!\n"
    assert normalise(text) == text  # the press's reader judges the tags
    assert [line.text for line in mail_lines(text)] == [*kept.splitlines(), ""]
    assert without_format(f"g1{england}") == f"g1{england}"
    assert games_named(["GAME: g1\U000e0067\n"]) == ["g1"]
