"""The one policy of every "did you mean" (``wtg.text.closename``): names compared but for
case, the closest alone offered, all of them when a few are as close as each other, none
when none is close, when the name typed is one of them, or when too many tie to be a
guess. The places that ask are tested where they ask (tests/test_game_names.py,
tests/mail/test_held_mail_guess.py, tests/test_config.py, ...)."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.text.closename import CUTOFF, MOST, close_names, either


@pytest.mark.parametrize(
    ("typed", "names", "meant"),
    [
        ("tset1", ["test1", "test2", "kaomaris"], ["test1"]),
        ("test3", ["test2", "test1", "kaomaris"], ["test1", "test2"]),  # as close: both
        ("G1", ["g1", "g2"], ["g1"]),  # but for case: the closest there is
        ("TSET1", ["test1", "test2"], ["test1"]),
        ("  g33 ", ["g3", "g1"], ["g3"]),  # the spaces around it aside
        ("g13", ["g1", "g3", "g4"], ["g1", "g3"]),
        ("zz9", ["g1", "g3"], []),  # none close
        ("g1", ["g1", "g11"], []),  # no typo: nothing offered
        ("", ["g1"], []),
        ("   ", ["g1"], []),
        ("g1", [], []),
        ("wok-x", [f"wok-{i}" for i in range(1, 10)], []),  # nine as close: no guess
        ("Gmaes", ["games", "games", "spool"], ["games"]),  # a name given twice, once
    ],
)
def test_the_names_offered(typed: str, names: list[str], meant: list[str]) -> None:
    assert close_names(typed, names) == meant


def test_the_cutoff_and_the_most_offered_are_the_policys() -> None:
    """``abcd`` is 0.75 like ``abce`` (offered) and 0.667 like ``abc`` (not: ``abcd``
    against ``abcxy``); as many as ``MOST`` as close are offered, one more none."""
    assert CUTOFF == 0.75 and MOST == 3
    assert close_names("abce", ["abcd"]) == ["abcd"]
    assert close_names("abcxy", ["abcd"]) == []
    assert close_names("wok-x", ["wok-1", "wok-2", "wok-3"]) == ["wok-1", "wok-2", "wok-3"]
    assert close_names("wok-x", ["wok-1", "wok-2", "wok-3", "wok-4"]) == []


def test_the_names_offered_in_words() -> None:
    assert either([]) == ""
    assert either(["g1"]) == "g1"
    assert either(["g1", "g3"]) == "g1 or g3"
    assert either(["'a'", "'b'", "'c'"]) == "'a', 'b' or 'c'"


NAMES = st.text(alphabet="abcgGT1 -_", max_size=8)


@settings(max_examples=300, deadline=None)
@given(typed=NAMES, names=st.lists(NAMES, max_size=12))
def test_only_names_given_and_only_the_closest_are_offered(typed: str, names: list[str]) -> None:
    """Whatever is typed: what is offered is some of the names given (the asker's own: no
    other name can leak into a guess), sorted, as close as each other and as close as any,
    at most ``MOST``, never the name typed itself."""
    offered = close_names(typed, names)
    assert offered == sorted(set(offered)) and set(offered) <= set(names)
    assert len(offered) <= MOST and typed not in offered

    def likeness(name: str) -> float:
        return difflib.SequenceMatcher(None, name.casefold(), typed.strip().casefold()).ratio()

    if offered:
        best = likeness(offered[0])
        assert best >= CUTOFF and all(likeness(n) == best for n in offered)
        assert all(likeness(n) < best for n in names if n not in offered)
