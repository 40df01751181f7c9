"""A newcomer's name fills at most 40 columns of the reports the others read, as a name of
Latin letters does (40 characters): a letter of Chinese, Japanese or Korean fills two. A
stranger who joined as forty of them had a name 80 columns wide, wider than any line of a
mail: every report that named him (the others' too: ``- 山...山 (player 1) attacked ...``)
had a line no wrapping could bring within 78 columns. Such a name is refused at JOIN with
the reason; one of twenty such letters is taken, and a From's display name that is too
wide is cut to 40 columns, not to 40 characters."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address

WIDE = "山"


def test_a_name_wider_than_40_columns_is_refused_at_join(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(address(1), f"JOIN wok4 AS {WIDE * 21}", hours=0)
    assert answer.subject.endswith(": not done"), answer.subject
    assert (
        f"the name {WIDE * 21} fills 42 columns of a report (a Chinese, Japanese or Korean "
        "letter fills two): at most 40; choose a shorter one with AS <name>"
    ) in answer.words, answer.body
    answer = hall.answer(address(1), f"JOIN wok4 AS {WIDE * 20}", hours=0)
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM"), answer.body
    assert f"as {WIDE * 20}." in answer.words, answer.body


def test_a_wide_display_name_is_cut_to_40_columns(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(address(1), "JOIN wok4", hours=0, name=WIDE * 40)
    assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM"), answer.body
    assert f"as {WIDE * 20}." in answer.words, answer.body
