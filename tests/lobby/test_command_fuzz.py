"""Hostile and sloppy command mails (issue 17 under issue 12's rule: "a single malformed mail
could stop every poll"): any text after any command word, any arguments, any CODE, is
answered or left alone, never quarantined, never a crash, and changes no game without the
right code."""

from __future__ import annotations

import os
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lobby.hall import Hall, address
from wtg.lobby.commands import MAX_COMMANDS, VERBS

EXAMPLES = int(os.environ.get("WTG_EXAMPLES", "150")) // 3
JUNK = st.text(
    alphabet=st.sampled_from(
        string.ascii_letters + string.digits + " \t-_:.,/\\<>@#=\"'" + "\u00a0\u200b\u0663\u00b9"
        "\u202e\ufeff\u2028ÄÖÜéß漢字"
    ),
    max_size=80,
)
ARGUMENT = st.one_of(
    JUNK,
    st.sampled_from(["wok4", "wok4-1", "WOK4-1", "0", "-1", "9" * 50, "AS", "TO", "CODE"]),
)
LINE = st.builds(
    lambda verb, args: " ".join([verb, *args]),
    st.sampled_from([*VERBS, *(v.lower() for v in VERBS), "CODE", "Code:"]),
    st.lists(ARGUMENT, max_size=6),
)
BODY = st.lists(st.one_of(LINE, JUNK), min_size=1, max_size=14).map("\n".join)


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Hall:
    """A host with a running two-player game (Ann and Bob) and its list open again."""
    hall = Hall(tmp_path_factory.mktemp("fuzz"), replies_per_hour=10_000)
    hall.open_list("wok4", players=2)
    for number, name in ((1, "Ann"), (2, "Bob")):
        answer = hall.answer(address(number), f"JOIN wok4 AS {name}")
        hall.mail(address(number), f"CONFIRM {answer.code()}")
    hall.poll(hours=1)
    hall.new_mails()
    return hall


@settings(
    max_examples=max(20, EXAMPLES),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(body=BODY, sender=st.sampled_from([address(7), address(1), "x@else.example"]))
def test_no_command_mail_stops_the_poll_or_changes_a_game(
    hall: Hall, body: str, sender: str
) -> None:
    game = hall.game("wok4-1")
    folder = game.store.root
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.name != ".lock"}
    hall.mail(sender, body)
    summary = hall.poll(hours=1)
    assert (summary.seen, summary.quarantined, summary.skipped) == (1, 0, 0), summary
    answers = hall.new_mails(sender)
    assert len(answers) <= MAX_COMMANDS  # bounded: commands past the tenth are not read
    assert [m.to for m in hall.new_mails()] == []  # no one else hears of it
    after = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.name != ".lock"}
    assert after == before  # no code of Ann's or Bob's in these mails: nothing changed
