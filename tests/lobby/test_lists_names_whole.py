"""`wtg lists` on a terminal breaks its long lines at their blanks, as `wtg status` does,
and broke a waiting player's name of two words between them (``... Anna`` above ``Maria
Vandenberghe, ...``): one player read as two. A name moves whole to the next line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_cli import run

NAMES = ("Anna Maria Vandenberghe", "Bo Lindqvist Sorensen", "Cyrano de Bergerac", "Dee Ann")


def test_a_waiting_players_name_is_never_broken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number, name in enumerate(NAMES):
        hall.mail(f"p{number}@p{number}.example", f"JOIN wok4 AS {name}")
    hall.poll(hours=0.1)
    for ask in hall.new_mails():
        hall.mail(ask.to, f"CONFIRM {ask.code()}")
    hall.poll(hours=0.1)
    whole = run(tmp_path, "lists").stdout
    assert all(name in whole for name in NAMES)  # a pipe reads the line whole
    for columns in range(61, 110):  # 60 columns at least: MIN_WIDTH
        monkeypatch.setattr("wtg.cli.givenhead.terminal_columns", lambda err=False, c=columns: c)
        lines = run(tmp_path, "lists").stdout.splitlines()
        assert all(len(line) < columns for line in lines), lines
        for name in NAMES:
            assert any(name in line for line in lines), (columns, lines)
