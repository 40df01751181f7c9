"""Every JOIN's answer names its waiting list with its map's size (``the map classic60 (60
provinces)``), and read it from the map's YAML each time: a flood of JOINs, 500 strangers
at once, parsed the whole map once a mail. A map wtg ships is read once a process now; a
GM's own map file is read each time, as he may edit it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from wtg.data.maps import read_map_file
from wtg.lobby import listwords


def test_a_flood_of_joins_reads_a_shipped_map_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="classic60", players=10)
    read: list[str] = []

    def counted(path: Path) -> object:
        read.append(Path(str(path)).name)
        return read_map_file(path)

    monkeypatch.setattr("wtg.data.datalibrary.read_map_file", counted)  # as it reads a map
    for number in range(1, 6):
        hall.mail(address(number), f"JOIN wok4 AS Name{chr(ord('A') + number)}")
    hall.poll(hours=1)
    answers = [mail for number in range(1, 6) for mail in hall.new_mails(address(number))]
    assert len(answers) == 5, [mail.subject for mail in answers]
    for answer in answers:
        assert answer.subject.startswith("JOIN wok4: confirm with CONFIRM "), answer.subject
        assert "the map classic60 (60 provinces)" in answer.words, answer.body
    assert read in ([], ["classic60.yaml"])  # none: another test of this process read it


def test_a_map_not_read_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    listwords._shipped_size.cache_clear()
    failing = True

    def flaky(path: Path) -> object:
        if failing:
            raise OSError(24, "Too many open files")
        return read_map_file(path)

    monkeypatch.setattr("wtg.data.datalibrary.read_map_file", flaky)
    assert listwords.map_size("wok4", "small") is None  # the list named by its map alone
    failing = False
    assert listwords.map_size("wok4", "small") == "20 provinces"
