"""A refusal and the HELP quote the command they answer, to a From anyone may forge. They
quoted it whole, however long: a stranger who put an advert in a 30,000-character command
line, under a third party's address as his From, had the host mail that party the advert
twice over (the command, then the words after those it takes: ``STATUS takes one game;
"..." after that is not read``), 60,000 characters of his text in one answer, the host's
own mail a relay for his. An answer quotes at most ``QUOTED_MOST`` characters of a command
and ``REASON_MOST`` of the reason that names its words, each cut marked; the mail it
answers is read as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from wtg.lobby.answering import SUBJECT_MOST, in_subject
from wtg.mail.outgoing.compose import render

ADVERT = "Cheap-pills-at-spam.example "
QUOTED = 200
"""Characters of a command an answer quotes (``wtg.lobby.answering.QUOTED_MOST``)."""
VICTIM = "victim@elsewhere.example"


@pytest.mark.parametrize(
    ("line", "subject"),
    [
        (f"STATUS {ADVERT * 1100}", "not done"),
        (f"WITHDRAW {'Q' * 30_000}", "not done"),
        (f"JOIN wok4 {ADVERT * 1100}", "not done"),
        (f"SUBSCRIBE {ADVERT * 1100}", "unknown"),
    ],
)
def test_a_long_command_is_quoted_cut_to_a_forged_from(
    tmp_path: Path, line: str, subject: str
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(VICTIM, line, hours=0)
    assert answer.subject == f"{in_subject(line)}: {subject}", answer.subject
    assert len(answer.subject) <= SUBJECT_MOST + len(f": {subject}")
    # the quote and the reason are bounded: an unknown command's answer is the HELP (which
    # grows as commands are added: lobby28's JOIN <list>, WITHDRAW <list> ONLY) and its quote
    helped = len(render("lobby/help", verbs=(), unknown=None, waiting=[]))
    most = helped + 350 if subject == "unknown" else 2_400
    assert len(answer.body) < most, (len(answer.body), most)
    assert ADVERT * 20 not in answer.body.replace("\n", " ")
    # a word of the quote wider than a line is cut at the line's end (``wrapped``)
    quote = "".join(f'"{line[:QUOTED]} [...]"'.split())
    assert quote in "".join(answer.body.split()), answer.body
    if " " not in line.split(" ", 1)[1]:  # one word, no line holds it: cut
        assert max(len(row) for row in answer.body.splitlines()) <= 78, answer.body


def test_a_short_command_is_quoted_whole(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(VICTIM, "STATUS nogame please", hours=0)
    assert answer.words.startswith(
        'Your command "STATUS nogame please" was not carried out: STATUS takes one game; '
        '"please" after that is not read'
    ), answer.body
    assert answer.body.startswith('Your command "STATUS nogame please" was not carried out:')
    assert "[...]" not in answer.body
