"""The numbers a command takes (REPORT's turn, PRESS TO's player, ABSENCE's turns) as a
person may type them: a superscript ``²`` (which ``str.isdigit`` takes and ``int`` does
not) is no number and is refused with the reason, never a mail quarantined unanswered;
leading zeros are the number they write (``0000002`` is turn 2, not the turn its first six
characters make); a report that cannot be read is refused, not quarantined."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, ann_and_bob
from wtg.game.gameconfig import PlayerEntry


def _sent(hall: Hall, body: str) -> str:
    """Ann's command mail with her code under it; the one answer she gets, its subject and
    text. Nothing is quarantined."""
    hall.mail(address(1), f"{body}\nCODE {_ann(hall).code}\nhello Bob")
    summary = hall.poll(hours=1)
    assert summary.quarantined == 0, summary.events
    (answer,) = hall.new_mails(address(1))
    return f"{answer.subject}\n{answer.body}"


def _words(answer: str) -> str:
    """An answer's words, one space between each (a long reason is wrapped)."""
    return " ".join(answer.split())


def _ann(hall: Hall) -> PlayerEntry:
    (ann,) = [p for p in hall.game("wok4-1").config.players if p.email == address(1)]
    return ann


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("REPORT wok4-1 ²", "game wok4-1 has turns 0 to 0"),
        ("REPORT wok4-1 0000001", "game wok4-1 has turns 0 to 0"),
        ("PRESS wok4-1 TO ²", "PRESS <game> TO <n> needs the number of the player"),
        ("ABSENCE wok4-1 ² 3", "is neither a turn number nor a day written YYYY-MM-DD"),
        ("ABSENCE wok4-1 2 ³", "is neither a turn number nor a day written YYYY-MM-DD"),
    ],
)
def test_a_number_int_cannot_read_is_refused_with_the_reason(
    tmp_path: Path, command: str, reason: str
) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    answer = _sent(hall, command)
    assert f"{command}: not done" in answer, answer
    assert reason in _words(answer), answer


def test_leading_zeros_are_the_number_written(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    answer = _sent(hall, "REPORT wok4-1 0000000")
    assert answer.startswith("[wok4-1] turn 0 report for Ann\n"), answer
    assert game.report(_ann(hall).id, 0) in answer
    answer = _sent(hall, "ABSENCE wok4-1 0000002 0000003")
    assert answer.startswith("[wok4-1] absence noted: turns 2 to 3\n"), answer
    answer = _sent(hall, "ABSENCE wok4-1 1000004 1000005")
    assert "ABSENCE wok4-1 1000004 1000005: not done" in answer, answer
    said = _words(answer)
    assert "from turn 1000004 to turn 1000005" in said or "turns a game" in said, answer


def test_a_report_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    report = f"reports/p{_ann(hall).id:02d}.txt"
    (game.store.turn_dir(0) / report).unlink()  # a GM's hand in the folder
    answer = _sent(hall, "REPORT wok4-1 0")
    assert "REPORT wok4-1 0: not done" in answer, answer
    assert f"turn 0 has no {report}" in _words(answer), answer


def test_the_latest_report_asked_for_by_the_word(tmp_path: Path) -> None:
    """`REPORT wok4-1 latest` was refused as a turn out of range: the word asks for what
    `REPORT wok4-1` gives. A turn that is no number is refused with the way to ask."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    for word in ("latest", "LATEST"):
        answer = _sent(hall, f"REPORT wok4-1 {word}")
        assert answer.startswith("[wok4-1] turn 0 report for Ann\n"), answer
        assert game.report(_ann(hall).id, 0) in answer
    answer = _sent(hall, "REPORT wok4-1 last")
    assert "REPORT wok4-1 last: not done" in answer, answer
    assert "has turns 0 to 0: write REPORT wok4-1 <turn> with one of them" in _words(answer), answer


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("ABSENCE wok4-1 2 ³", "'³' is neither a turn number nor a day written YYYY-MM-DD"),
        ("ABSENCE wok4-1 ² 3", "'²' is neither a turn number nor a day written YYYY-MM-DD"),
        (
            "ABSENCE wok4-1 2 99999999999999999999",
            "'99999999999999999999' is neither a turn number nor a day",
        ),
        (
            "ABSENCE wok4-1 2 2026-12-24",
            "give two turn numbers (ABSENCE wok4-1 5 7) or two days",
        ),
    ],
)
def test_an_absence_refused_names_the_word_it_could_not_read(
    tmp_path: Path, command: str, reason: str
) -> None:
    """The refusal said "'2' is neither a turn number nor a day" of the turn number that
    was right, beside a word that was not, or a day."""
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    answer = _words(_sent(hall, command))
    assert reason in answer, answer
    assert "'2' is" not in answer, answer
