"""A seat taken over by a newcomer (a new code): its old player, mailing orders or a lobby
request with his old code, was told only that the code was wrong. The takeover's record
keeps the SHA-256 of the old code (``was``, never the code), and his mail is refused with
why: the seat was taken over on turn N, his code no longer works, ask the GM."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, newcomer_takes, offer
from wtg.files.store import StoreError
from wtg.game.takeovers import RECORD, taken_from, taken_over

SAID = (
    "your seat in game wok4-1 was taken over by another player on turn 1; your code no "
    "longer works; ask the GM"
)


def taken(hall: Hall) -> tuple[str, str]:
    """Seat 4 quit in turn 1 and taken over by a newcomer from address 9: its old code
    and its old address (the hall gives the seats addresses in an order of its own)."""
    game = game_with_quitters(hall, (4,))
    old, old_address = game.config.player(4).code, game.config.player(4).email
    offer(hall, 4)
    newcomer_takes(hall, 4)
    return old, old_address


def test_the_record_keeps_the_old_codes_digest(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    old, _ = taken(hall)
    game = hall.game("wok4-1")
    (entry,) = taken_over(game.store, 1)
    assert entry["was"] == hashlib.sha256(old.upper().encode()).hexdigest()
    assert old not in (game.store.turn_dir(1) / RECORD).read_text(encoding="utf-8")
    assert taken_from(game.store, 1, old.lower()) == 1
    assert taken_from(game.store, 1, game.config.player(4).code) is None
    assert taken_from(game.store, 1, game.config.player(2).code) is None


def test_old_code_orders_and_requests_are_told_the_takeover(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    old, quitter = taken(hall)
    # his address is no longer any seat's: he is told all the same (his code proves him)
    assert not [e for e in hall.game("wok4-1").config.players if e.email == quitter]
    refused = hall.answer(quitter, f"REPORT wok4-1\nCODE {old}\n")
    assert refused.subject == "REPORT wok4-1: not done"
    assert SAID in refused.words
    hall.mail(quitter, f"game: wok4-1\nplayer: 4\nturn: 2\ncode: {old}\nquit: true\n")
    hall.poll(hours=1)
    mails = hall.new_mails()
    assert [m.to for m in mails] == [quitter]  # the newcomer is not told of a wrong code
    assert SAID in mails[0].words
    game = hall.game("wok4-1")
    assert game.store.pending_orders(2) == {}


def test_a_wrong_code_is_still_a_wrong_code(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _, quitter = taken(hall)
    refused = hall.answer(quitter, "REPORT wok4-1\nCODE ZZZZZZZZZZ\n")
    assert "the code is not the code of a player of game wok4-1" in refused.words
    assert "taken over" not in refused.words


def test_a_record_without_was_still_loads(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    old, _ = taken(hall)
    game = hall.game("wok4-1")
    path = game.store.turn_dir(1) / RECORD
    entries = json.loads(path.read_text(encoding="utf-8"))
    for entry in entries:
        del entry["was"]
    path.write_text(json.dumps(entries), encoding="utf-8")
    assert [e["seat"] for e in taken_over(game.store, 1)] == [4]
    assert taken_from(game.store, 1, old) is None
    entries[0]["was"] = 5
    path.write_text(json.dumps(entries), encoding="utf-8")
    with pytest.raises(StoreError, match="is not a list of takeovers"):
        taken_over(game.store, 1)


def test_an_earlier_report_sent_to_the_newcomer_hides_the_quitters_code(tmp_path: Path) -> None:
    """REPORT of a turn before the takeover gives the newcomer the seat's report as it was,
    its form's header with the quitter's code in it: dead in this game, but a code the GM
    may have given the same player in another. Starred out; the newcomer's own stays."""
    hall = Hall(tmp_path)
    old, _ = taken(hall)
    newcomer = hall.game("wok4-1").config.player(4)
    answer = hall.answer(newcomer.email, f"REPORT wok4-1 0\nCODE {newcomer.code}\n")
    assert "turn 0 report" in answer.subject
    assert old not in answer.words and old.lower() not in answer.words.lower()
    assert f"CODE: {'*' * len(old)}" in answer.words
    assert (
        "your seat's report of turn 0, written for the player who held it then (his code "
        "starred out: use your own)"
    ) in answer.words
    latest = hall.answer(newcomer.email, f"REPORT wok4-1\nCODE {newcomer.code}\n")
    assert f"CODE: {newcomer.code}" in latest.words
    assert "your report of turn 1 in game wok4-1" in latest.words
