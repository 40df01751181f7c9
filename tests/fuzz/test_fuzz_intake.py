"""Hypothesis drives the fuzz inputs (tests/fuzz/inputs.py) through intake with a short budget,
and checks the readers that bound the cost: numbers, player YAML, HTML, charsets.

``WTG_EXAMPLES=3000`` searches longer (as in tests/aof/test_aof_properties.py); the whole
mail loop costs about 10 ms an example, so its default is a fifth of the others'.
`bench/fuzz_intake.py --n 100000` is the long run."""

from __future__ import annotations

import os
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.harness import Bench
from tests.fuzz.inputs import CHARSETS, DIGITS, SPACES, make_case
from wtg.aof.values import read_number
from wtg.mail.message.extract import decode_bytes
from wtg.mail.message.htmltext import html_to_text
from wtg.text.yamlio import load_untrusted_yaml

EXAMPLES = int(os.environ.get("WTG_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None)
LOOP = settings(max_examples=max(10, EXAMPLES // 5), deadline=None, database=None)
SURROGATE = re.compile("[\ud800-\udfff]")
NUMBERS = st.text(alphabet=st.sampled_from("0123456789 \t" + DIGITS + SPACES + "-+_x"))


@pytest.fixture(scope="module")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    return Bench(tmp_path_factory.mktemp("fuzz"))


@LOOP
@given(rng=st.randoms(use_true_random=False), scale=st.sampled_from([300, 3_000, 30_000]))
def test_no_input_crashes_intake(bench: Bench, rng: random.Random, scale: int) -> None:
    case = make_case(rng, bench.seeds, scale)
    runs = bench.run(case)
    assert runs
    assert [(r.target, r.problem) for r in runs if r.problem] == [], case.describe()


@SETTINGS
@given(NUMBERS, st.integers(0, 12))
def test_read_number_reads_ascii_digits_only(text: str, width: int) -> None:
    number = read_number(text, width)
    digits = text.strip()
    if number is None:
        plain = re.fullmatch(r"[0-9]+", digits)
        assert not plain or len(digits.lstrip("0") or "0") > width
    else:
        assert re.fullmatch(r"[0-9]+", digits) and int(digits) == number
        assert len(str(number)) <= max(width, 1)


def test_read_number_refuses_what_isdigit_takes() -> None:
    assert "\u00b9".isdigit() and read_number("\u00b9", 3) is None
    assert "\u0663".isdigit() and read_number("\u0663", 3) is None
    assert read_number("1" * 4301, 9) is None
    assert read_number("0" * 5000 + "42", 2) == 42
    assert read_number(" 007 ", 3) == 7


@SETTINGS
@given(st.text(alphabet=st.sampled_from("ab01:-[]{}&*!|>'\"\\ \n\t,?#%@`~<=.x"), max_size=300))
def test_player_yaml_is_read_or_refused_with_a_reason(text: str) -> None:
    try:
        data = load_untrusted_yaml(text)
    except ValueError as refused:
        assert str(refused)
        return
    assert not SURROGATE.search(repr(data))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("a: &x 1\nb: *x\n", "anchors (&x) are not allowed"),
        ("a: *x\n", "aliases (*x) are not allowed"),
        ("[" * 17 + "]" * 17, "it nests deeper than 16 levels"),
        ("a: " + "b" * 100_001, "it is longer than 100,000 characters"),
        ("a: 2001-02-30", "a value cannot be read (day is out of range for month)"),
    ],
)
def test_player_yaml_refusals_say_why(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        load_untrusted_yaml(text)


def test_player_yaml_keeps_long_whole_numbers_as_their_text() -> None:
    data = load_untrusted_yaml("a: " + "1" * 21 + "\nb: " + "1" * 20 + "\nc: 0x" + "f" * 30)
    assert data == {"a": "1" * 21, "b": int("1" * 20), "c": "0x" + "f" * 30}


@SETTINGS
@given(st.text(alphabet=st.sampled_from("<>/!-?[]&#;abpre x\n\"='"), max_size=400))
def test_html_always_gives_text(markup: str) -> None:
    text = html_to_text(markup)
    assert isinstance(text, str)
    assert text == "" or text.endswith("\n")


@SETTINGS
@given(st.binary(max_size=300), st.sampled_from(CHARSETS) | st.text(max_size=30))
def test_any_declared_charset_gives_text_without_surrogates(data: bytes, charset: str) -> None:
    text, notes = decode_bytes(data, charset)
    assert not SURROGATE.search(text)
    assert all(isinstance(note, str) and len(note) < 200 for note in notes)


@pytest.mark.parametrize("charset", ["unicode_escape", "raw_unicode_escape", "idna", "punycode"])
def test_escape_and_host_name_codecs_are_no_charsets(charset: str) -> None:
    text, notes = decode_bytes(b"A1: 12 \\ud800 \xc3\xa9", charset)
    assert text == "A1: 12 \\ud800 \u00e9"
    assert notes == (f"charset {charset!r} unknown, read as utf-8",)
