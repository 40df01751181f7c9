"""`STATUS <list>` from a newcomer whose JOIN to it still waits for its CONFIRM. Before, he
got the plain refusal for a list (``wok4 is a waiting list, not a game: LIST shows it``),
which said nothing of his request: he could think he was on it. Now the refusal names his
request, the code it waits for (mailed to this same address before) and until when."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address


def test_status_of_a_list_joined_but_not_confirmed_names_the_request(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    newcomer = address(4)
    ask = hall.answer(newcomer, "JOIN wok4 AS Petra")
    answer = hall.answer(newcomer, "STATUS wok4", hours=0.5)
    assert answer.subject == "STATUS wok4: not done"
    said = " ".join(answer.body.split())
    assert ("you are not on the waiting list wok4 yet: your request of 20") in said, answer.body
    assert " to join wok4 as Petra waits for its CONFIRM. Mail CONFIRM " in said
    assert f"CONFIRM {ask.code()} (good until 20" in said
    assert "STATUS wok4 then shows your place" in said

    joined = hall.answer(newcomer, f"CONFIRM {ask.code()}", hours=0.5)
    assert joined.subject == "you are on the waiting list wok4"
    place = hall.answer(newcomer, "STATUS wok4")
    assert place.subject == "waiting list wok4: 1 of 3 players waiting, you number 1"


def test_status_of_a_list_from_someone_who_asked_nothing_is_refused_as_before(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    answer = hall.answer(address(5), "STATUS wok4")
    said = " ".join(answer.body.split())
    assert "wok4 is a waiting list, not a game: LIST shows it" in said
    assert "CONFIRM" not in said.replace("CONFIRM)", "")
