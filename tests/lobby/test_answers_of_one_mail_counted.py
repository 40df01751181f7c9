"""Ruling (docs/mail.md, "Commands": the answers of one mail): the answers to a mail of
several commands are several mails (each its own subject, its own thread), and each counts
against ``replies_per_hour``, as each goes out. Counting a mail's answers as one would let
one forged mail of ten commands (``MAX_COMMANDS``) have the host mail ten answers to any
address, thirty an hour where the limit says three. A JOIN's code counts apart
(``confirmations_per_hour``), so the fourth command of a newcomer's mail is held back only
when three of its answers were of the others; the GM's line says which (a warning)."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address


def test_each_answer_of_a_mail_counts_and_the_code_apart(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    newcomer = address(6)
    hall.mail(newcomer, "JOIN wok4 AS Petra\nHELP\nSTATUS wok4\nLIST\n")
    summary = hall.poll(hours=1)
    subjects = sorted(m.subject for m in hall.new_mails(newcomer))
    assert len(subjects) == 4, subjects  # the code, and three answers of the others
    assert [s for s in subjects if s.startswith("JOIN wok4: confirm with CONFIRM ")] != []
    ((_key, line),) = summary.outcomes
    assert line == "answered: commands: JOIN wok4 AS Petra, HELP, STATUS wok4, LIST", line


def test_a_mail_of_more_answers_than_the_hour_allows_is_held_past_them(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    hall.open_list("wisk")
    stranger = address(7)
    hall.mail(stranger, "HELP\nSTATUS wok4\nSTATUS wisk\nLIST\n")
    summary = hall.poll(hours=1)
    assert len(hall.new_mails(stranger)) == 3  # replies_per_hour: 3
    ((_key, line),) = summary.outcomes
    assert line == (
        "not answered: reply limit: 1 of 4 answers held back: 'waiting lists and seats "
        "offered' (replies_per_hour); commands: HELP, STATUS wok4, STATUS wisk, LIST"
    ), line
