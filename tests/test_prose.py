"""``wtg.text.prose.wrapped`` breaks a mail's long lines as ``textwrap.wrap`` would with a
line's inner spaces kept (the columns of an order line quoted), and a word wider than a
line (someone else's: a stranger's command, a game's name of hundreds of characters) cut
between its characters, the rest of its line filled, as ``break_long_words`` cuts it."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wtg.text import prose
from wtg.text.commandwords import typed_spans
from wtg.text.prose import PHONE, WIDTH, listed, sentences_wrapped, wrapped


def by_textwrap(line: str, indent: str, width: int) -> list[str]:
    return textwrap.wrap(
        line,
        width,
        subsequent_indent=indent,
        replace_whitespace=False,
        break_long_words=True,
        break_on_hyphens=False,
    ) or [line]


WORDS = st.text(alphabet="abcXYZ09:.,-()", min_size=1, max_size=30)
GAPS = st.sampled_from([" ", " ", " ", "  ", "   ", "      "])


@st.composite
def lines(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORDS, min_size=1, max_size=40))
    gaps = [draw(GAPS) for _ in words]
    return "".join(w + g for w, g in zip(words, gaps, strict=True)).rstrip(" ")


@given(lines(), st.sampled_from(["", "  ", "    "]), st.sampled_from([20, 40, WIDTH]))
def test_a_long_line_is_broken_as_textwrap_breaks_it(line: str, indent: str, width: int) -> None:
    expected = by_textwrap(line, indent, width) if len(line) > width else [line]
    # textwrap leaves the blanks before a long word it cuts at the end of their line
    assert wrapped(line, indent, width).split("\n") == [piece.rstrip(" ") for piece in expected]


def test_an_order_lines_columns_are_kept_and_a_word_wider_than_a_line_cut() -> None:
    """A word no line holds (someone else's: a stranger's command of 200 characters quoted
    in a refusal) ran on for its whole width in a mail to whoever the From named; it fills
    its line and goes on on the next, every line within 78 columns."""
    line = "line 42: REJECTED M1: 07   06 3    45: province 6 is not yours (it is neutral)"
    note = " see https://example.org/" + "x" * 90 + " for the rules"
    assert wrapped(line + note, "    ").split("\n") == [
        "line 42: REJECTED M1: 07   06 3    45: province 6 is not yours (it is neutral)",
        "    see https://example.org/" + "x" * 50,
        "    " + "x" * 40 + " for the rules",
    ]


def test_a_lines_leading_spaces_are_kept() -> None:
    """A row of a table (the forecast's) keeps the spaces it starts with, where textwrap
    drops them when its first word does not fit beside them."""
    row = "  13 Morrowfield      42  24  24 1.375 1.3   0  10 TECH"
    assert wrapped(row + " and a note", "  ", 40).split("\n") == [
        "  13 Morrowfield      42  24  24 1.375",
        "  1.3   0  10 TECH and a note",
    ]
    assert wrapped("  " + "0" * 19, "", 20) == "  " + "0" * 19
    assert by_textwrap("  " + "0" * 19, "", 20) == ["0" * 19]


def test_a_reports_sentence_is_broken_under_its_words_and_a_row_is_kept() -> None:
    event = (
        "- Bombing 49 Stallowey (neutral) from 52, long range, 70% a missile: 8 missiles,"
        " 1 missed; killed 4 ARM, 0 SPY, 0.3 DEF, 0 tech points."
    )
    row = "  13 Morrowfield      42  24  24 1.375 1.3   0  10 TECH" + "  x" * 10
    nested = "  - " + "word " * 20
    text = "\n".join(["REPORT", event, row, nested.rstrip(), ""])
    assert sentences_wrapped(text).split("\n") == [
        "REPORT",
        "- Bombing 49 Stallowey (neutral) from 52, long range, 70% a missile:",
        "  8 missiles, 1 missed; killed 4 ARM, 0 SPY, 0.3 DEF, 0 tech points.",
        row,
        "  - word word word word word word word word word word word word word word word",
        "    word word word word word",
        "",
    ]
    assert sentences_wrapped("short\n") == "short\n"


def test_an_event_s_second_sentence_on_a_line_of_its_own_goes_on_under_its_words() -> None:
    """Intermediate's battle says its outcome on a line of its own under the event's words;
    broken, it went on four columns in, under nothing (``The province is lost: their 17 ARM
    moved in (their troops'`` above ``    level +0.163).``). It goes on where it began, as
    the event's own lines do; a line of prose that is not an event's (a title's, a
    forecast's indented line) still hangs two columns further in."""
    event = "- Dee (#4) attacked 25 Wolfspire (Mountain) from 27 Mosspool with 17 ARM."
    outcome = "  The province is lost: their 17 ARM moved in (their troops' level +0.163)."
    lone = "  A line of its own that is not an event's, as wide as the one above it, too."
    text = "\n".join([event, outcome, "", lone, "Next"])
    assert sentences_wrapped(text, PHONE).split("\n") == [
        "- Dee (#4) attacked 25 Wolfspire (Mountain) from 27 Mosspool with",
        "  17 ARM.",
        "  The province is lost: their 17 ARM moved in (their troops'",
        "  level +0.163).",
        "",
        "  A line of its own that is not an event's, as wide as the one above",
        "    it, too.",
        "Next",
    ]


def test_a_sentences_last_word_does_not_stand_alone() -> None:
    line = "- Your workers made: +0.5 DEF, +0.000 LEV, 0 MIS, 5 SPY, 0 tech points, 0% EFF."
    assert wrapped(line, "  ").split("\n")[-1] == "  EFF."
    assert sentences_wrapped(line).split("\n") == [
        "- Your workers made: +0.5 DEF, +0.000 LEV, 0 MIS, 5 SPY, 0 tech points,",
        "  0% EFF.",
    ]
    deadline = "DEADLINE FOR YOUR TURN 6 ORDERS: Tue 15 Dec 2026 18:00 Europe/Vienna (17:00 UTC)"
    assert sentences_wrapped(deadline).split("\n")[-1] == "  (17:00 UTC)"


@given(lines(), st.integers(min_value=0, max_value=200), st.sampled_from([20, 40, WIDTH]))
def test_the_start_kept_is_never_broken(line: str, kept: int, width: int) -> None:
    """``kept``: what the player wrote, quoted at the start of a line, stays whole on the
    first line, however wide, unless a word of it is wider than a line (then it is cut as
    any word someone else wrote, every line within ``width``); the rest is broken as
    ever, no character lost or changed."""
    kept = min(kept, len(line))
    pieces = wrapped(line, "    ", width, kept=kept).split("\n")
    if all(len(word) <= width for word in line[:kept].split()):
        assert pieces[0].startswith(line[:kept].rstrip(" "))
    else:
        assert all(len(piece) <= width for piece in pieces), pieces
    assert "".join(" ".join(pieces).split()) == "".join(line.split())
    for piece in pieces[1:]:
        assert len(piece) <= width, pieces


def test_a_rejected_order_line_stays_whole_and_its_reason_goes_under_it() -> None:
    order = "line 22: REJECTED A2: a letter to the game master about the weather, not orders"
    line = f"{order}: expected 3 fields FROM TO ARM, found 15"
    assert wrapped(line, kept=len(order)).split("\n") == [
        f"{order}:",
        "    expected 3 fields FROM TO ARM, found 15",
    ]
    assert wrapped(line).split("\n")[0] == order[: order.rindex(" ", 0, WIDTH + 1)]


def test_packed_keeps_each_item_whole_and_gives_a_wide_one_its_own_line() -> None:
    from wtg.text.prose import packed

    assert packed(["1. Ann (#1)", "2. Bob (#2)"], "Final ranking:") == (
        "Final ranking: 1. Ann (#1), 2. Bob (#2)"
    )
    assert packed(["a" * 20, "b" * 30, "c" * 10], "Lead:", ".", width=30) == (
        f"Lead: {'a' * 20},\n  {'b' * 30},\n  {'c' * 10}."
    )
    assert packed([], "Lead:") == "Lead:"


def test_an_item_the_gm_reads_is_broken_to_78_columns_its_paths_whole() -> None:
    """``listed``: a reason naming a command with its --config (a path of 90 characters)
    broke the path in two, and the command copied from it failed; a path stays whole on a
    line of its own, and any other word wider than a line (a header's value) is cut. Only a
    path the host gave (``paths``) is: a word that looks like one is someone's text."""
    path = "/srv/" + "p" * 80 + "/wtg.yaml"
    said = f"give `wtg --config {path} quarantine --release KEY` again; " + "x" * 100
    shown = listed(said, paths=[path])
    lines = shown.splitlines()
    assert lines[:2] == ["  give `wtg --config", f"    {path}"]
    assert lines[2].startswith("    quarantine --release KEY` again; x")
    assert [line for line in lines[2:] if len(line) > WIDTH] == []
    assert "".join(lines[2:]).count("x") == 100 and len(lines) == 4
    assert listed("a\nFAKE LINE\n\tand more") == "  a FAKE LINE and more"
    # not given as the host's, the same words are cut as any other
    assert all(len(line) <= WIDTH for line in listed(said).splitlines())


def test_a_quote_of_two_words_to_type_is_never_broken_at_its_space() -> None:
    """A map note at a phone's 72 columns ended `write the line "MAP:` over `off" into
    your order form.`: the line the player was to type broken in two. A quote of two
    words stays whole, the line cut before it; one of a word, or of three, is cut as ever."""
    note = 'To get your mails without it, write the line "MAP: off" into your order form.'
    text = "The picture orders-turn1.png of this mail draws these orders on your map, as "
    assert wrapped(text + "understood. " + note, "", PHONE).splitlines() == [
        "The picture orders-turn1.png of this mail draws these orders on your",
        "map, as understood. To get your mails without it, write the line",
        '"MAP: off" into your order form.',
    ]
    three = "x" * 60 + ' then "a b c" d'
    assert wrapped(three, "", 70) == "x" * 60 + ' then "a b\nc" d'


def test_a_template_s_wrapped_leaves_no_word_alone() -> None:
    """The answer to a mail without orders ended `... or in the quoted form itself, as
    you` over `like.`, a word alone on the notice's last row. A template's `wrapped`
    (``no_word_alone``) takes the word before it down; `wrapped` itself breaks as
    `textwrap` does. A quote to type stays whole, the start kept stays on its line, and
    a word cut between its characters is never joined to another."""
    text = (
        "To give your orders, fill in the order lines of the form and send it: above or "
        "below the quoted report, or in the quoted form itself, as you like."
    )
    assert wrapped(text, "", PHONE).splitlines()[-2:] == [
        "above or below the quoted report, or in the quoted form itself, as you",
        "like.",
    ]
    assert wrapped(text, "", PHONE, no_word_alone=True).splitlines() == [
        "To give your orders, fill in the order lines of the form and send it:",
        "above or below the quoted report, or in the quoted form itself, as",
        "you like.",
    ]
    quote = 'write the line "MAP: off" on'
    assert wrapped(quote, "", 26, no_word_alone=True).splitlines() == [
        "write the line",
        '"MAP: off" on',
    ]
    assert wrapped("a" * 30 + " bb cc", "  ", 33, kept=33, no_word_alone=True) == (
        "a" * 30 + " bb\n  cc"
    )
    cut = "see " + "y" * 39
    assert wrapped(cut, "  ", 40, no_word_alone=True) == wrapped(cut, "  ", 40)


def test_a_report_s_count_stays_with_what_it_counts() -> None:
    """A Standard report on a phone read `destroyed 1 ARM, 0.1 DEF; 2` over `hits found
    nothing there to destroy.`: a number at the end of a line, what it counts at the start
    of the next. A report's sentence is never cut between a number and the word after
    it, nor between a name and its number in brackets (WISK's `Scandinavia` over `(15)`);
    a run of numbers (an order of play) is cut as ever, and so is `wrapped`'s text."""
    line = (
        "- Bombing 20 Glowhythe (P3 (#3)) from 16 Heartmere, long range, each missile 60% "
        "to hit: 7 missiles, 3 missed; destroyed 1 ARM, 0.1 DEF; 2 hits found nothing "
        "there to destroy."
    )
    assert sentences_wrapped(line, PHONE).split("\n") == [
        "- Bombing 20 Glowhythe (P3 (#3)) from 16 Heartmere, long range, each",
        "  missile 60% to hit: 7 missiles, 3 missed; destroyed 1 ARM, 0.1 DEF;",
        "  2 hits found nothing there to destroy.",
    ]
    trained = "- Your workers made: 14 MIS, 46 gold. Armies trained: +1.000 LEV in 5 Gullwater."
    assert sentences_wrapped(trained, PHONE).split("\n") == [
        "- Your workers made: 14 MIS, 46 gold. Armies trained: +1.000 LEV in",
        "  5 Gullwater.",
    ]
    attack = (
        "- P2 (player #2) attacked your Scandinavia (15) from Iceland (14): 1 roll, P2 lost "
        "0 armies in Iceland (14), you lost 1 army in Scandinavia (15). Scandinavia (15) fell"
    )
    assert sentences_wrapped(attack, PHONE).split("\n") == [  # WISK's: a name and its number
        "- P2 (player #2) attacked your Scandinavia (15) from Iceland (14):",
        "  1 roll, P2 lost 0 armies in Iceland (14), you lost 1 army in",
        "  Scandinavia (15). Scandinavia (15) fell",
    ]
    order = "ORDER OF PLAY FOR TURN 7: " + " ".join(str(n) for n in range(1, 30))
    assert sentences_wrapped(order, PHONE).split("\n")[0] == order[:70]
    assert wrapped(line, "  ", PHONE).split("\n")[1].endswith(" 2")


def test_a_command_to_type_goes_down_whole_to_the_next_line() -> None:
    """A command a player is told to type (its word and the arguments the lobby reads with
    it: a game, a turn, a placeholder) is never cut between its words: it goes down whole
    to the next line. A command word with no argument after it is a word as any, and a
    command wider than a line (a stranger's game of 80 characters) is cut as any word of
    someone else's, no line wider than the width."""
    text = "To wait for another game of the north, mail JOIN <ruleset> (LIST shows them)."
    assert wrapped(text, "", 50) == (
        "To wait for another game of the north, mail\nJOIN <ruleset> (LIST shows them)."
    )
    text = "Your report of that turn comes again if you mail REPORT autumn-league 4."
    assert wrapped(text, "", 60) == (
        "Your report of that turn comes again if you mail\nREPORT autumn-league 4."
    )
    text = "QUIT in your form (a RESIGN, or the QUIT line) is set aside."
    assert wrapped(text, "", 26) == "QUIT in your form (a\nRESIGN, or the QUIT line)\nis set aside."
    text = "Mail RESIGN " + "x" * 80 + " again."
    assert all(len(line) <= 72 for line in wrapped(text, "", 72).split("\n"))


def test_the_end_of_a_word_cut_between_its_characters_is_no_command() -> None:
    """A word wider than a line (someone else's) is cut between its characters; what of it
    goes down is the end of that word, not a command: ``RESIGN`` at the end of such a word
    held the word after it (a game's name of 64 characters, which fits a line) to it, and
    that name was cut between its characters too."""
    name = "g" * 64
    text = "x" * 72 + "RESIGN " + name + " again"
    assert wrapped(text, "    ", PHONE).split("\n") == [
        "x" * 72,
        "    RESIGN",
        "    " + name,
        "    again",
    ]


def test_a_lines_commands_are_read_once_not_around_each_space(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line is read for the commands it tells a player to type once, whatever its length:
    they were read again over 600 characters around each space it might break at (92,289
    readings a thousand confirmations). Its pieces keep them where they are: a command
    goes down whole, one cut between its characters (its argument wider than a line) holds
    nothing more."""
    read: list[str] = []

    def spans(line: str) -> list[tuple[int, int]]:
        read.append(line)
        return typed_spans(line)

    monkeypatch.setattr(prose, "typed_spans", spans)
    text = " ".join(["Mail", "RESIGN g1", "to leave"] * 40)
    pieces = wrapped(text, "  ", PHONE).split("\n")
    assert read == [text]
    assert all(len(piece) <= PHONE for piece in pieces)
    assert sum(piece.count("RESIGN g1") for piece in pieces) == 40
    read.clear()
    wide = "RESIGN " + "g" * 80 + " to leave"
    assert wrapped(wide, "  ", PHONE).split("\n") == [
        "RESIGN " + "g" * 65,
        "  " + "g" * 15 + " to leave",
    ]
    assert read == [wide]


def test_a_name_ending_in_a_number_is_never_cut_from_it() -> None:
    """A WISK report read ``... Robot`` above ``4 lost 3 armies in Siberia (28)``: the
    robot's number, alone at the line's start, read as a count of what it lost. A
    capitalised word and the number after it (``Robot 4``, ``Agent 47``) go down together."""
    event = (
        "- Robot 3 (player #3) attacked Siberia (28) of Robot 4 (player #4) from Yakutsk "
        "(29): 2 rolls, Robot 3 lost 0 armies in Yakutsk (29), Robot 4 lost 3 armies in "
        "Siberia (28)."
    )
    assert sentences_wrapped(event, PHONE).split("\n") == [
        "- Robot 3 (player #3) attacked Siberia (28) of Robot 4 (player #4) from",
        "  Yakutsk (29): 2 rolls, Robot 3 lost 0 armies in Yakutsk (29),",
        "  Robot 4 lost 3 armies in Siberia (28).",
    ]
    assert wrapped("the press of Agent 47 was read", "  ", 22, counts=True).split("\n") == [
        "the press of",
        "  Agent 47 was read",
    ]


@pytest.mark.parametrize(
    ("line", "lines"),
    [
        (  # Spy Player: a code and the number it names ('DEF' over '0.0a, MIS 0')
            "  Empire of P2 (#2): 2 provinces, POP 0, WOK 0, ARM 0 at 1.000a, DEF 0.0a,"
            " MIS 0, SPY 0; EFF 50%, 12 gold, tech level 0.",
            [
                "  Empire of P2 (#2): 2 provinces, POP 0, WOK 0, ARM 0 at 1.000a,",
                "    DEF 0.0a, MIS 0, SPY 0; EFF 50%, 12 gold, tech level 0.",
            ],
        ),
        (  # a player's number closing a bracket of its own ('(Bart' over '(#2)),')
            "- Spies (3) from 28 Quorrowin on 29 Mistbarrow (Bartholomew-Maximilian (#2)),"
            " operation 5 (steal gold), short range: 3 arrived, 0 caught.",
            [
                "- Spies (3) from 28 Quorrowin on 29 Mistbarrow",
                "  (Bartholomew-Maximilian (#2)), operation 5 (steal gold), short range:",
                "  3 arrived, 0 caught.",
            ],
        ),
    ],
)
def test_a_number_stays_with_what_names_it(line: str, lines: list[str]) -> None:
    """Round 47's reading of Standard's reports on a phone: a Spy Player read '... ARM 0 at
    1.000a, DEF' over '0.0a, MIS 0', a code at the end of a line and its number at the
    start of the next; a spy line ended on '(Bartholomew-Maximilian' over '(#2)),
    operation 5', the number in brackets closing a bracket of its own not known for the
    player's number. A report's sentence is cut at neither."""
    assert sentences_wrapped(line, PHONE).split("\n") == lines
