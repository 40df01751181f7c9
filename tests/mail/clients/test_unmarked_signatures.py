"""A signature with no ``-- `` above it, as Apple Mail and Outlook add one under what the
player typed: a business's telephone lines (``T 020 7946 0958``, ``M 07700 900123``,
``T 212-555-0147``) are a letter and digits, as an order line typed above the quote is.
They are no order of any form (no form has a line numbered 020), so they are not read: the
player's order lines above them are filed with their READY, in a game of every ruleset.
Before, each was rejected ("the form has only 7 T lines (T1 to T7), found "T20"") and the
READY not kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bigmap import write_grid_map
from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.spoken import spoken
from tests.mail.clients.table import KAO, GameSpec, Table
from tests.mail.clients.test_unquoted_originals import (
    outlook_plain,
    report_of,
    typed_above_the_quote,
)
from tests.shipped import WOK4
from wtg.game.engine import open_game

SIGNATURE = (
    "Kind regards,\nAlice Liddell\nLiddell & Co.\nT 020 7946 0958\nM 07700 900123\n"
    "F 0207.946.0959\nT 212-555-0147\n"
)


@pytest.mark.parametrize("ruleset", PLAYED)
def test_apple_mails_signature_under_the_typed_lines_is_not_read(
    ruleset: str, tmp_path: Path
) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\n{SIGNATURE}")
    assert table.orders(1) == played.filed


LINKED = (
    "Kind regards,\nAlice Liddell\nLiddell & Co., 1 High Street, Oxford\n"
    "Map: https://maps.app.goo.gl/x7YzQ2\nWeb: https://liddell.example\n"
)
"""A business's signature with a link to its place on a map, as a shop's or an office's
has one: ``Map:`` is the word of the form's MAP setting."""


@pytest.mark.parametrize("ruleset", PLAYED)
def test_a_signatures_map_link_is_no_map_setting(ruleset: str, tmp_path: Path) -> None:
    """``Map: https://maps.app.goo.gl/x7YzQ2`` under an Apple Mail signature without ``-- ``
    read as the MAP setting (one word after the colon) and was rejected ('MAP takes on or
    off'), which cost the READY of the order lines typed above it. A link is no setting's
    value; ``Map: yes`` typed by a player is still answered."""
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\n{LINKED}")
    assert table.orders(1) == played.filed


@pytest.mark.parametrize("ruleset", PLAYED)
def test_outlooks_signature_above_the_unquoted_original_is_not_read(
    ruleset: str, tmp_path: Path
) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    report, text = report_of(table)
    table.deliver(outlook_plain(report, text, f"{played.bare()}\n{SIGNATURE}"))
    table.poll()
    assert table.orders(1) == played.filed


def test_an_order_line_of_three_digits_written_with_its_colon_is_answered(
    tmp_path: Path,
) -> None:
    """Telephone lines are not read (above); but a line written as an order, its label,
    number and colon (``A111: 60 55 010``, A11 typed with a finger too many), was dropped
    with them, without a word: it is answered as a line the form has not, and the order
    lines beside it are filed."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\nA111: 60 55 010\n{SIGNATURE}")
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("conf-*.eml")
    said = spoken(answer)
    assert '"A111"' in said, said
    assert "020" not in said and "07700" not in said


LEADING_ZERO = (
    "Bien cordialement,\nAlice Liddell\nT 01 23 45 67 89\nM 06 12 34 56 78\n"
    "T 02 123 45 67\nM 0412 345 678\n"
)
"""Telephone lines whose first group has two digits, a zero first: France, Belgium,
Australia (and Italy, the Netherlands, Japan) write them so."""


@pytest.mark.parametrize("ruleset", PLAYED)
def test_telephone_lines_of_two_digits_and_a_leading_zero_are_not_read(
    ruleset: str, tmp_path: Path
) -> None:
    """``T 01 23 45 67 89`` reads as line T1 of the form as much as ``T 020 7946 0958``
    reads as T20, and is no order either: before, it was read as one (rejected: 'expected
    3 fields PROV KIND UNITS, found 4') and the player's READY was not kept."""
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\n{LEADING_ZERO}")
    assert table.orders(1) == played.filed


def test_an_order_line_of_three_digits_without_its_colon_is_answered(tmp_path: Path) -> None:
    """``A111 60 55``, A11 typed with a finger too many and no colon, was dropped without a
    word with the telephone lines: its number is against its letter, as a player writes
    an order's label (a telephone line has a space there), so it is answered as a line the
    form has not, and the READY is not kept until he mends it."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\nA111 60 55\n{SIGNATURE}{LEADING_ZERO}")
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("conf-*.eml")
    said = spoken(answer)
    assert 'REJECTED A111 60 55: the form has only 7 A lines (A1 to A7), found "A111"' in said
    assert "READY was not kept" in said
    assert not any(number in said for number in ("020", "07700", "01 23", "06 12", "0412"))
    filed = table.orders(1)
    assert filed is not None and "ready" not in filed
    assert filed["attack"] == played.filed["attack"]


ADDRESSES = (
    "Alice Liddell\nLiddell & Co.\n12 Oxford Road\nManchester\nM1 1AE\n\n"
    "Birmingham office:\nB1 1BB\nGlasgow office:\nG2 1DY\nLondon office:\nE14 5AB\n"
)
"""A signature's addresses, each British postcode on a line of its own under the town, as
Royal Mail would have it: a letter and a digit, then more, as an order line starts."""


@pytest.mark.parametrize("ruleset", PLAYED)
def test_a_signatures_postcodes_are_not_read(ruleset: str, tmp_path: Path) -> None:
    """``M1 1AE`` reads as line M1 of a WoK form (movement), ``B1 1BB`` as a bombing and
    ``G2 1DY`` as an aim: before, each was rejected ('FROM must be a number of at most 2
    digits, found "1AE"') and the player's READY was not kept."""
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\n{ADDRESSES}")
    assert table.orders(1) == played.filed


def test_an_order_line_with_a_spaced_number_is_answered(tmp_path: Path) -> None:
    """``A 01 60 55 010`` and ``A 111 60 55``, an order's label typed with a space and a
    leading zero or a finger too many, read as telephone lines (a letter, a space, a number
    no line has) and were dropped without a word, the READY kept as if nothing else had
    been sent. Their fields fit an order of the form's A lines, so each is answered as not
    read, with the line as it is to be written; the telephone lines beside them stay
    unread."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    typed = played.bare().replace("A1: 60 55 010", "A 01 60 55 010")
    typed_above_the_quote(table, f"{typed}A 111 60 55\n{SIGNATURE}{LEADING_ZERO}")
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("conf-*.eml")
    said = spoken(answer)
    assert "REJECTED A 01 60 55 010: " in said, said
    assert '"A1: 60 55 010"' in said, said
    assert "REJECTED A 111 60 55: " in said, said
    assert 'the form has only 7 A lines (A1 to A7), found "A111"' in said, said
    assert "READY was not kept" in said
    assert not any(number in said for number in ("020", "07700", "01 23", "06 12", "0412"))
    filed = table.orders(1)
    assert filed is not None and "ready" not in filed and "attack" not in filed
    assert filed["aim"] == played.filed["aim"]


WIDE = (
    "Kind regards,\nAlice Liddell\nM 212 555 0147\nM 020 7946 0958\nM 0412 345 678\n"
    "B 06 1234 5678\n"
)
"""Telephone lines of New York, London, an Australian mobile and Rome: on a map of 1,100
provinces their groups after the area code fit a move's (or a bombing's) FROM and TO."""


def test_telephone_lines_are_not_read_on_a_map_of_four_digit_provinces(tmp_path: Path) -> None:
    """A province blank of 4 digits takes ``555`` and ``0147``: ``M 212 555 0147`` read as
    a move on line M212 and was rejected ('the form has only 7 M lines'), which cost the
    READY of the lines typed above it in every mail the signature went with. An order
    with its number spaced that fills its blanks is still answered."""
    big = write_grid_map(tmp_path / "big.yaml", 1100, 3, starts_from=1000)
    spec = GameSpec("big", "wok4", KAO.seats, seed=7, map=str(big), pictures=False)
    table = Table(tmp_path / "host", spec)
    state = open_game(table.games / "big").typed(WOK4).state()
    home = min(state.provinces_of(1), key=lambda province: province.id)
    typed_above_the_quote(table, f"G1: {home.id} 5\nR1: 1\n\n{WIDE}")
    assert table.orders(1) == {
        "player": 1,
        "turn": 1,
        "aim": [{"province": home.id, "aim": "TECH"}],
        "ready": True,
    }
    queue = table.games / ".mail" / "outbox" / "queue"
    first = set(queue.glob("*.eml"))
    spaced = f"A 01 {home.id} {home.neighbours[0]} 010"
    typed_above_the_quote(table, f"{spaced}\nR1: 1\n\n{WIDE}", "<second@example.outlook.com>")
    (answer,) = set(queue.glob("*.eml")) - first
    said = spoken(answer)
    assert f"REJECTED {spaced}: " in said, said
    assert not any(number in said for number in ("212", "7946", "0412", "1234")), said


def test_an_attack_without_its_armies_on_a_map_of_four_digit_provinces_is_answered(
    tmp_path: Path,
) -> None:
    """``A 111 1234 1235`` and ``A 01 1234 1235``, attack lines typed with the number spaced
    and the armies left out, have a telephone number's groups on a map of 1,100 provinces:
    they were dropped without a word, the READY kept as if nothing else had been sent.
    Typed among the order lines they are answered, each with its line's reason; the
    signature's telephone lines under the name stay unread."""
    big = write_grid_map(tmp_path / "big.yaml", 1100, 3, starts_from=1000)
    spec = GameSpec("big", "wok4", KAO.seats, seed=7, map=str(big), pictures=False)
    table = Table(tmp_path / "host", spec)
    state = open_game(table.games / "big").typed(WOK4).state()
    home = min(state.provinces_of(1), key=lambda province: province.id)
    near = home.neighbours[0]
    typed_above_the_quote(
        table, f"G1: {home.id} 5\nA 111 {home.id} {near}\nA 01 {home.id} {near}\nR1: 1\n\n{WIDE}"
    )
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("conf-*.eml")
    said = spoken(answer)
    assert f"REJECTED A 111 {home.id} {near}: " in said, said
    assert 'the form has only 7 A lines (A1 to A7), found "A111"' in said, said
    assert f"REJECTED A 01 {home.id} {near}: " in said, said
    assert f'"A1: {home.id} {near}", with its ARM too' in said, said
    assert "READY was not kept" in said
    assert not any(number in said for number in ("212", "7946", "0412", "5678")), said
    filed = table.orders(1)
    assert filed is not None and "ready" not in filed and "attack" not in filed
    assert filed["aim"] == [{"province": home.id, "aim": "TECH"}]


COUNTRY_CODE = (
    "Best,\nAlice Liddell\nLiddell Inc.\nT 1-800-555-0199\nM 1.212.555.0147\n"
    "A 1 212 555 0148 x204\n"
)
"""American telephone lines written with the country's code first, as a business's
signature has them: a letter, a space, ``1``, then the area code, three digits and four."""


@pytest.mark.parametrize("ruleset", PLAYED)
def test_telephone_lines_with_the_country_code_first_are_not_read(
    ruleset: str, tmp_path: Path
) -> None:
    """``T 1-800-555-0199`` reads as line T1 (``T1- 800 ...``, as the form reads ``M2- 07
    06``), ``M 1.212.555.0147`` as M1: each was rejected ('expected 3 fields PROV KIND
    UNITS, found 4'), and the player's READY was not kept, in every mail he signed."""
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\n{COUNTRY_CODE}")
    assert table.orders(1) == played.filed


def test_an_attack_spaced_alone_on_a_map_of_four_digit_provinces_is_named_in_the_answer(
    tmp_path: Path,
) -> None:
    """``A 111 1234 1235`` typed alone above the quoted report (no order line next to it):
    its groups are a telephone number's, it was not read, and the answer said only 'no
    orders found in your mail'. It still is not read (a signature's telephone lines look
    the same), but the answer names it and how an order line is written; the signature's
    telephone lines under the name are not named."""
    big = write_grid_map(tmp_path / "big.yaml", 1100, 3, starts_from=1000)
    spec = GameSpec("big", "wok4", KAO.seats, seed=7, map=str(big), pictures=False)
    table = Table(tmp_path / "host", spec)
    state = open_game(table.games / "big").typed(WOK4).state()
    home = min(state.provinces_of(1), key=lambda province: province.id)
    near = home.neighbours[0]
    typed_above_the_quote(table, f"A 111 {home.id} {near}\n\n{WIDE}")
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("*.eml")
    said = spoken(answer)
    assert "no orders found in your mail" in said, said
    assert (
        f'Line 1 ("A 111 {home.id} {near}") was not read: its numbers are spaced as a '
        "telephone number's are. An order line is written as the form's: its letter and "
        'number with a colon ("A1:"), then a value for each blank.'
    ) in said, said
    assert not any(number in said for number in ("212", "7946", "0412", "5678")), said
    assert table.orders(1) is None
