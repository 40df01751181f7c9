"""review40: the lines of a reply copied from the host's mail it answers (``copied``),
found at the cost of the reply's words, whatever the host's mail.

attack40 made ``copied`` know a copy by its words, each two lines next to each other
searched for in the whole text of the host's mail (when the words at their join follow one
another there). A reply crafted so that every two of its lines join at words that do, and
are no copy, made each pair a search of the whole mail: 5000 lines against a late code's
list of a week's requests at one address (a code of which its sender holds: his own), or
any long mail of the host's it names, was 5000 searches of it, a mail. Now the host's text
is read once into its runs of words (``wtg.lobby.wordruns``) and each pair walks its own
words. ``bench/bench_copied.py`` prints the figures."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from wtg.lobby import commands, wordruns
from wtg.mail.outgoing import compose


def searched(lines: list[str], answered: str) -> frozenset[int]:
    """``copied`` as defined: each two lines next to each other (blank and quoted lines
    aside) whose words follow one another in the host's text, found by searching it."""
    theirs = [" ".join(ln.split()).casefold() for ln in answered.splitlines() if ln.strip()]
    if not theirs:
        return frozenset()
    text = f" {' '.join(theirs)} "
    mine = [
        (i, " ".join(ln.split()).casefold())
        for i, ln in enumerate(lines)
        if ln.strip() and not ln.lstrip().startswith(">")
    ]
    found: set[int] = set()
    for (first, one), (second, other) in pairwise(mine):
        if f" {one} {other} " in text:
            found.update((first, second))
    return frozenset(found)


def test_copied_finds_what_a_search_finds() -> None:
    chance = random.Random(40)
    words = ["confirm", "join", "wok4", "as", "Ann", "the", "code", "7KQ2M9XWRT", "until"]
    for _ in range(300):
        answered = "\n".join(
            " ".join(chance.choice(words) for _ in range(chance.randint(1, 6)))
            for _ in range(chance.randint(0, 12))
        )
        flat = answered.split()
        lines: list[str] = []
        for _ in range(chance.randint(0, 12)):
            if flat and chance.random() < 0.6:  # a piece of the host's text, cut anywhere
                start = chance.randrange(len(flat))
                piece = flat[start : start + chance.randint(1, 5)]
                lines.append("  ".join(w.upper() if chance.random() < 0.2 else w for w in piece))
            else:
                lines.append(" ".join(chance.choice(words) for _ in range(chance.randint(0, 3))))
        assert commands.copied(lines, answered) == searched(lines, answered), (lines, answered)


def test_a_code_mail_reflowed_is_copied_and_the_line_typed_alone_is_not() -> None:
    answered = (
        "Your request to join wok4 as Ann waits.\nTo confirm it, send:\n\nCONFIRM 7KQ2M9XWRT\n"
    )
    reflowed = [
        "Your request to join wok4 as Ann",
        "waits. To confirm it, send: CONFIRM 7KQ2M9XWRT",
    ]
    assert commands.copied(reflowed, answered) == frozenset({0, 1})
    typed = ["Hi,", "CONFIRM 7KQ2M9XWRT", "thanks"]
    assert commands.copied(typed, answered) == frozenset()


def test_a_reply_made_to_pair_a_long_mail_costs_its_own_words() -> None:
    waiting = [
        {"asked": f"JOIN wok4-1 AS Name{n}", "until": "2026-12-13 10:00 UTC", "code": f"C{n:09d}"}
        for n in range(1000)
    ]
    answered = compose.render("lobby/codes_waiting", waiting=waiting, more=0)
    assert len(answered) > 60_000
    flat = " ".join(answered.split()).casefold().split()
    (last, first), times = Counter(pairwise(flat)).most_common(1)[0]
    assert times >= 1000
    lines = [f"{first} x{n} {last}" for n in range(commands.MAX_LINES)]
    runs = wordruns.runs_of(
        " ".join(" ".join(ln.split()).casefold() for ln in answered.splitlines() if ln.strip())
    )
    before = runs.steps
    assert commands.copied(lines, answered) == frozenset()
    walked = runs.steps - before
    assert 0 < walked <= 2 * sum(len(line.split()) for line in lines)
    # a copy among them is still found: two lines of the list, as mailed
    listed = [ln for ln in answered.splitlines() if ln.strip()][5:7]
    assert commands.copied([*lines[:3], *listed, *lines[3:6]], answered) == frozenset({3, 4})
