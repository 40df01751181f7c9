"""A flood of forms with wrong codes grows the journal by a bounded count, not a row a mail.

Every form refused for a wrong code kept a row (its key, seat and sender) for the two days
the journal keeps them: a million forged forms were a million rows. A seat keeps a row of
its newest ``WRONG_CODE_ROWS``; the older ones are counted, a row a minute
(``wrong_code_folds``). The digest and `wtg status` count them all, and say the other
addresses they came from as "at least" those of the rows kept."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.spool.journal import WRONG_CODE_ROWS, Journal
from wtg.mail.spool.journallists import WrongCodes, wrong_codes

START = NOW.timestamp()
FORMS = 1000


def _flood(spool: Path, start: float = START) -> None:
    """``FORMS`` forms for g1's seat 2, a second apart, each from an address of its own but
    every tenth, the seat's own."""
    journal = Journal(spool)
    try:
        for number in range(FORMS):
            own = number % 10 == 0
            sender = "p2@players.example" if own else f"guess{number}@else.example"
            journal.wrong_code(f"maildir:{number}", "g1", 2, sender, own, start + number)
        journal.wrong_code("maildir:x", "g1", 3, "p3@players.example", True, start)
        journal.commit()
    finally:
        journal.close()


def _rows(spool: Path, table: str) -> int:
    journal = Journal(spool)
    try:
        return int(journal.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        journal.close()


def test_a_seats_wrong_codes_keep_a_bounded_count_of_rows(tmp_path: Path) -> None:
    _flood(tmp_path)
    assert _rows(tmp_path, "wrong_codes") == WRONG_CODE_ROWS + 1
    minutes = (FORMS - WRONG_CODE_ROWS + 59) // 60
    assert _rows(tmp_path, "wrong_code_folds") in (minutes, minutes + 1)
    newest = [f"guess{n}@else.example" for n in range(FORMS - WRONG_CODE_ROWS, FORMS) if n % 10]
    assert wrong_codes(tmp_path, START) == [
        WrongCodes("g1", 2, FORMS, FORMS - FORMS // 10, len(newest), True),
        WrongCodes("g1", 3, 1, 0, 0),
    ]


def test_the_digest_counts_them_all_and_says_at_least(tmp_path: Path) -> None:
    world = World(tmp_path)
    _flood(world.gm.spool, (NOW - timedelta(hours=1)).timestamp())
    digest = make_digest(world.gm.games_dir, NOW)
    text = digest.text()
    assert "  g1 player 2: 1000 forms, 900 from at least 90 other addresses\n" in text, text
    assert "  g1 player 3: 1 form\n" in text
    assert "Wrong codes (1001)," in text


def test_a_mail_handled_again_among_the_rows_kept_counts_once(tmp_path: Path) -> None:
    _flood(tmp_path)
    journal = Journal(tmp_path)
    try:
        again = f"maildir:{FORMS - 1}"
        journal.wrong_code(again, "g1", 2, "guess999@else.example", False, START + FORMS - 1)
        journal.commit()
    finally:
        journal.close()
    assert [item.forms for item in wrong_codes(tmp_path, START)] == [FORMS, 1]


def test_the_counts_are_pruned_with_the_rows(tmp_path: Path) -> None:
    _flood(tmp_path)
    journal = Journal(tmp_path)
    try:
        assert journal.prune_wrong_codes(START + FORMS) == FORMS + 1
        journal.commit()
    finally:
        journal.close()
    assert (_rows(tmp_path, "wrong_codes"), _rows(tmp_path, "wrong_code_folds")) == (0, 0)
    assert wrong_codes(tmp_path, START) == []
