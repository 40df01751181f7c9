"""Issue 25, item 3: "A kill between answering and the journal's commit breaks the lobby":
a poll killed after a command mail's answers were queued and before its batch was journalled
leaves the mail in the inbox, and the next poll reads it again. Every lobby action is
idempotent under that replay, keyed by the mail (its key and the command's line), as filing
orders is: the same code, the same answers (each queued once), the same press kept once, a
takeover finished where it stopped.

The kill is made here in the poll's own process, at the one place that matters (the batch's
commit, ``Poller._commit``, or a write of the takeover): what a SIGKILL there leaves is what
this leaves (the book committed, the outbox written, the journal not). The fuzz
(``tests/lobby/test_lobby_fuzz.py``) kills real polls at writes spread over their runs."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, address
from tests.shipped import WOK4
from wtg.files.store import write_atomic
from wtg.game.engine import Game
from wtg.game.press import press_for
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import put_on
from wtg.lobby.people import confirm_address
from wtg.lobby.seats import offer_seat
from wtg.mail.incoming.answers import Answers
from wtg.mail.poll.poller import Poller


class Killed(BaseException):
    """What a SIGKILL does to the poll, at the point it is raised: nothing after it runs,
    no clean-up commits anything (the journal is closed with its batch uncommitted)."""


def _dies(*_: object, **__: object) -> None:
    raise Killed


def killed_poll(hall: Hall, monkeypatch: pytest.MonkeyPatch) -> None:
    """A poll that dies after every mail of its batch was handled and answered, before the
    batch is flushed and journalled."""
    with monkeypatch.context() as patched:
        patched.setattr(Poller, "_commit", _dies)
        with pytest.raises(Killed):
            hall.poll(hours=1)


def pending_codes(hall: Hall) -> dict[str, str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return {str(r["code"]): str(r["address"]) for r in book.rows("SELECT * FROM pending")}


def two_player_game(hall: Hall, players: int = 2) -> str:
    """A game of ``players`` made from a list of the small map; its name."""
    hall.open_list("wok4", map="small", players=players)
    for number in range(1, players + 1):
        hall.mail(address(number), f"JOIN wok4 AS Lord{number}")
    hall.poll(hours=1)
    for number in range(1, players + 1):
        (ask,) = hall.new_mails(address(number))
        hall.mail(address(number), f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    hall.new_mails()
    return "wok4-1"


def seat_offered(hall: Hall) -> str:
    """``two_player_game`` of three players whose player 3 quit in turn 1 and whose seat
    the GM offered (``wtg offer-seat``); the game's name."""
    name = two_player_game(hall, players=3)
    game = hall.game(name)
    quitter = game.config.players[2]
    game.submit_all(f"game: {name}\nplayer: 3\nturn: 1\ncode: {quitter.code}\nquit: true\n")
    game.run_turn(now=hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game(name), 3, hall.now)
    return name


def test_a_join_read_again_mails_the_code_the_book_waits_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 3: `wtg poll` killed after a JOIN's answer was queued and before its
    batch was journalled: the next poll made a NEW code while the mail that goes out carries
    the OLD one, and the player's CONFIRM was refused."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    hall.mail(address(1), "JOIN wok4 AS Ann")
    killed_poll(hall, monkeypatch)
    (ask,) = hall.new_mails(address(1))  # queued before the kill
    summary = hall.poll(hours=1)  # the mail read again
    assert summary.seen == 1 and hall.new_mails() == []  # answered once
    assert pending_codes(hall) == {ask.code(): address(1)}
    joined = hall.answer(address(1), f"CONFIRM {ask.code()}")
    assert joined.subject == "you are on the waiting list wok4"
    assert pending_codes(hall) == {}


def test_a_confirm_read_again_puts_on_the_list_once_and_answers_as_it_did(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 3: a poll killed after a CONFIRM was recorded and before its answer
    was queued: read again, the CONFIRM was refused as a code no longer waiting (the first
    reading used it up), and the player, on the list, was told it failed. It answers as it
    did, once."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    ask = hall.answer(address(1), "JOIN wok4 AS Ann")
    hall.mail(address(1), f"CONFIRM {ask.code()}\nLIST")
    with monkeypatch.context() as patched:
        patched.setattr(Answers, "reply", _dies)
        with pytest.raises(Killed):
            hall.poll(hours=1)
    assert hall.new_mails() == []
    summary = hall.poll(hours=1)
    assert [o for _, o in summary.outcomes] == [f"answered: commands: CONFIRM {ask.code()}, LIST"]
    assert [m.subject for m in hall.new_mails(address(1))] == [
        "you are on the waiting list wok4",
        "waiting lists and seats offered",
    ]
    hall.mail(address(1), f"CONFIRM {ask.code()}")  # the same again, in a mail of its own
    hall.poll(hours=1)
    (refused,) = hall.new_mails(address(1))
    assert "no request from your address waits for the code" in refused.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert len(book.rows("SELECT * FROM entries WHERE list = 'wok4'")) == 1


def test_a_resign_read_again_mails_the_code_the_book_waits_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 3: the same for RESIGN: the code mailed is the code the CONFIRM must
    give, and the QUIT is filed."""
    hall = Hall(tmp_path)
    name = two_player_game(hall)
    player = hall.game(name).config.players[0]
    hall.mail(player.email, f"RESIGN {name}\nCODE {player.code}")
    killed_poll(hall, monkeypatch)
    (ask,) = hall.new_mails(player.email)
    hall.poll(hours=1)
    assert hall.new_mails() == []
    assert pending_codes(hall) == {ask.code(): player.email}
    done = hall.answer(player.email, f"CONFIRM {ask.code()}")
    assert "you leave the game when turn 1 runs" in done.subject


def press_poll_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Hall, Game]:
    """A game of two from a list, whose first player's PRESS was read by a poll that died
    before it journalled its batch (``killed_poll``): the hall and the game."""
    hall = Hall(tmp_path)
    name = two_player_game(hall)
    game = hall.game(name)
    writer = game.config.players[0]
    hall.mail(writer.email, f"PRESS {name}\nCODE {writer.code}\n\nOnce, and only once.")
    killed_poll(hall, monkeypatch)
    return hall, game


def test_a_press_read_again_is_kept_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25, item 3: killed after a PRESS was kept, the press was kept twice (and
    printed twice in every report)."""
    hall, game = press_poll_killed(tmp_path, monkeypatch)
    hall.poll(hours=1)
    (kept,) = hall.new_mails(game.config.players[0].email)
    assert kept.subject.startswith(f"[{game.config.game}] your press go")
    assert kept.subject.endswith("the turn 1 reports")
    assert [p.text for p in press_for(game.store, 1)] == ["Once, and only once."]
    game.run_turn(now=hall.now)
    assert [p.text for p in press_for(game.store, 1)] == ["Once, and only once."]


def test_a_press_read_again_after_its_turn_ran_is_not_kept_for_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 3: a turn that ran between the killed poll and the next (cron's
    `run-turn --due`) took the press with it: the mail read again does not keep it again
    for the turn after."""
    hall, game = press_poll_killed(tmp_path, monkeypatch)
    game.run_turn(now=hall.now)
    hall.poll(hours=1)
    assert press_for(game.store, 2) == []
    assert [p.text for p in press_for(game.store, 1)] == ["Once, and only once."]


def test_a_takeover_cut_short_is_finished_by_the_mail_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 3: a poll killed in the middle of a takeover (game.yaml and the state
    written, the record not) left the seat given to the newcomer in game.yaml while the mail
    read again was refused ("cannot be taken over"): the newcomer never got his code. Now
    the takeover goes on where it stopped: one code, in game.yaml and in his welcome; every
    other player told once; one record."""
    hall = Hall(tmp_path)
    name = seat_offered(hall)
    quitter = hall.game(name).config.player(3)
    newcomer = address(9)
    ask = hall.answer(newcomer, f"JOIN {name} AS Newcomer")
    hall.mail(newcomer, f"CONFIRM {ask.code()}")

    def dies_at_the_record(path: Path | str, text: str | bytes, sync: bool = True) -> None:
        if Path(path).name == "takeovers.json":
            raise Killed
        write_atomic(path, text, sync=sync)

    with monkeypatch.context() as patched:
        patched.setattr("wtg.game.takeoverfinish.write_atomic", dies_at_the_record)
        with pytest.raises(Killed):
            hall.poll(hours=1)
    hall.poll(hours=1)
    told = hall.new_mails()
    game = hall.game(name)
    entry = game.config.player(quitter.id)
    assert (entry.name, entry.email) == ("Newcomer", newcomer)
    (welcome,) = [m for m in told if m.to == newcomer]
    assert f"CODE: {entry.code}" in welcome.body.replace("CODE:  ", "CODE: ")
    others = [p.email for p in game.config.players if p.id != quitter.id]
    assert sorted(m.to for m in told if m.to != newcomer) == sorted([*others, quitter.email])
    record = json.loads((game.store.turn_dir(1) / "takeovers.json").read_text(encoding="utf-8"))
    assert [(r["seat"], r["name"]) for r in record] == [(quitter.id, "Newcomer")]
    seat = game.typed(WOK4).state().player(quitter.id)
    assert (seat.status, seat.name) == ("active", "Newcomer")


def test_a_game_half_made_by_a_kill_is_finished_by_the_next_run(tmp_path: Path) -> None:
    """Issue 25, item 3: `wtg run-turn --due` killed after a full list's game.yaml was
    written and before its turn 0: the players stayed bound to a game that never started
    (and the folder failed every due run). The next run finishes it: turn 0 run from its
    game.yaml, the players in it, its reports mailed. The kill is a real SIGKILL, at the
    first write after which the game.yaml is there (found by halving: where it is there
    after a kill only grows with the write killed before)."""
    hall = Hall(tmp_path)
    hall.now = datetime.now(timezone.utc)
    hall.open_list("wok4", map="small", players=2)
    for number in (1, 2):
        waits(hall, "wok4", f"Lord{number}", address(number))
    config = hall.config_file()
    args = ["--config", str(config), "run-turn", "--due", "--jobs", "1"]
    games = hall.gm.games_dir
    snapshot = tmp_path / "snapshot"
    shutil.copytree(games, snapshot)

    def killed_at(write: int | None) -> killpoints.Run:
        shutil.rmtree(games)
        shutil.copytree(snapshot, games)
        return killpoints.run(args, write, games)

    whole = killed_at(None)
    assert whole.returncode == 0 and "game wok4-1 made" in whole.stdout, whole
    low, high = 1, whole.writes
    while low < high:  # the first write killed before which game.yaml is there
        middle = (low + high) // 2
        killed_at(middle)
        if (games / "wok4-1" / "game.yaml").is_file():
            high = middle
        else:
            low = middle + 1
    cut = killed_at(low)
    assert cut.killed and (games / "wok4-1" / "game.yaml").is_file(), cut
    assert not (games / "wok4-1" / "turns" / "0000").exists()
    after = killpoints.count(args, games)
    assert after.returncode == 0, after
    assert "game wok4-1 made from the waiting list wok4" in after.stdout.splitlines()
    game = hall.game("wok4-1")
    assert game.latest_turn() == 0
    assert sorted(p.email for p in game.config.players) == [address(1), address(2)]
    with LobbyDatabase(games) as book:
        bound = book.rows("SELECT person, game FROM entries")
        assert sorted(str(r["game"]) for r in bound) == ["wok4-1", "wok4-1"]
    assert hall.send().queued == 2


def waits(hall: Hall, list_name: str, name: str, email: str) -> None:
    """A confirmed player waiting on a list."""
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        put_on(db, list_name, confirm_address(db, email, name, hall.now), email, hall.now)


def test_a_game_the_gm_moved_away_is_not_undone_as_half_made(tmp_path: Path) -> None:
    """Issue 25, item 3 (a game left half made, finished or undone by the next run): a game
    made whole whose folder the GM later moved out of games_dir (an old game archived, a
    folder renamed) was taken for one a kill had left half made: the next `run-turn --due`
    put its players back on the list, erased their plays of it from the book, and made a
    new game of them at once. A game made whole is never undone: its players stay in it,
    and the list stays as it was."""
    hall = Hall(tmp_path)
    hall.now = datetime.now(timezone.utc)
    hall.open_list("wok4", map="small", players=2)
    for number in (1, 2):
        waits(hall, "wok4", f"Lord{number}", address(number))
    args = ["--config", str(hall.config_file()), "run-turn", "--due", "--jobs", "1"]
    games = hall.gm.games_dir
    made = killpoints.count(args, games)
    assert made.returncode == 0 and "game wok4-1 made" in made.stdout, made
    shutil.move(games / "wok4-1", tmp_path / "archived-wok4-1")

    again = killpoints.count(args, games)

    assert again.returncode == 0 and "made" not in again.stdout, again
    assert sorted(p.name for p in games.iterdir()) == [".mail", ".people"]
    with LobbyDatabase(games) as book:
        assert sorted(str(r["game"]) for r in book.rows("SELECT game FROM entries")) == [
            "wok4-1",
            "wok4-1",
        ]
        assert sorted(str(r["game"]) for r in book.rows("SELECT game FROM plays")) == [
            "wok4-1",
            "wok4-1",
        ]


def test_an_answer_read_again_spends_no_more_of_the_strangers_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26, mutant (by hand, wtg/mail/incoming/answers.py): an answer queued before the kill
    not known as queued when its mail is read again. A stranger's JOIN took the hour's one
    mail to strangers (``unconfirmed_per_hour: 1``); read again in the same hour, the mail
    is answered as it was (the code it was mailed), not journalled as held back by the
    limit its own answer spent."""
    hall = Hall(tmp_path, unconfirmed_per_hour=1)
    hall.open_list("wok4", map="small", players=3)
    hall.mail(address(1), "JOIN wok4 AS Ann")
    killed_poll(hall, monkeypatch)
    (ask,) = hall.new_mails(address(1))
    summary = hall.poll()  # the mail read again, in the same hour
    assert summary.unanswered == 0, summary.outcomes
    assert not any("unconfirmed_per_hour" in text for _key, text in summary.outcomes)
    assert hall.new_mails() == []
    assert pending_codes(hall) == {ask.code(): address(1)}
