"""A takeover outlives a rerun of the turn it was made after, and a rollback past it.

A seat taken over after turn N was run (`wtg offer-seat`, JOIN, CONFIRM: ``take_over``)
has its new player in game.yaml and in turn N's state, reports and AOF. Before this was
fixed, `run-turn --rerun` rebuilt turn N from turn N-1 and the seat's quitter was back
in the state (QUIT, his report "for Bob", "You QUIT the game", no AOF, the record gone),
while game.yaml kept the new player and his code: the new player's orders were refused
("player 2 has no orders to give this turn") and his seat was out of the game.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import json
import shutil
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_rerun_keeps_run import kept
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.core.errors import GameError
from wtg.core.settings import MAP
from wtg.files.store import GameStore
from wtg.game.engine import Game, create_game, open_game
from wtg.game.intake import Submission
from wtg.game.playersettings import PlayerSettings
from wtg.gm.control import rollback
from wtg.gm.takeover import take_over
from wtg.rules.wok.state import ACTIVE, QUIT, WokState

MOMENT = datetime(2026, 11, 23, 9, 30, tzinfo=timezone.utc)
NEWCOMER = "newcomer@example.org"
BOBS = hashlib.sha256(b"CODE0002").hexdigest()
"""The record's ``was``: the SHA-256 of Bob's code (seat 2's before the takeover)."""


def cli(root: Path, *args: object, code: int = 0) -> str:
    """`wtg ARGS` with a config whose games_dir is ROOT (the notices need its from), its
    exit status checked; what it printed."""
    config = root / ".wtg.yaml"  # in the test's own folder, hidden from the games' scan
    config.write_text(f"games_dir: {root}\nfrom: gm@example.org\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), *map(str, args)])
    assert result.exit_code == code, result.output
    return result.output


def opened(root: Path) -> Game[WokState]:
    """The game as a fresh command finds it: game.yaml and the turn files read anew."""
    return open_game(root / "g1").typed(WOK4)


def a_game_with_a_seat_taken_over(root: Path, after: int = 1) -> Game[WokState]:
    """Four players; Bob (seat 2) QUITs in turn 1, the others send orders each turn; after
    turn ``after`` a newcomer takes seat 2 over."""
    game = create_game(root / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    for _turn in range(after):
        for seat in (1, 3, 4):
            game.submit(filled_aof(game, seat))
        game.run_turn()
    assert game.state().player(2).status == QUIT
    take_over(game, 2, "Newcomer", NEWCOMER, MOMENT)
    return game


TAKEN_OVER = {
    "seat": 2,
    "name": "Newcomer",
    "at": MOMENT.isoformat(),
    "was": BOBS,
    "quitter": "bob@example.org",
    "quitter_name": "Bob",
    "parted": [],
}
"""The record of Bob's seat taken over by the newcomer (``takeovers.json``): Bob named no
ally, and no one named him (``parted``: the seats whose alliance with him it ended)."""


def takeovers(game: Game[WokState], turn: int = 1) -> Any:
    """The takeovers recorded with ``turn`` (its ``takeovers.json``)."""
    return json.loads((game.store.turn_dir(turn) / "takeovers.json").read_text())


def seat_two(game: Game[WokState], turn: int | None = None) -> tuple[str, str, bool]:
    """Seat 2 as the turn's state has it (its name and status) and whether it owes orders."""
    state = game.state(turn)
    player = state.player(2)
    return player.name, player.status, 2 in WOK4.owing(state)


def turn_files(game: Game[WokState], turn: int) -> dict[str, bytes]:
    """A turn folder's files but its times (``turn.json``) and the orders it received."""
    folder = game.store.turn_dir(turn)
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name != "turn.json" and "received" not in path.parts
    }


def test_a_rerun_keeps_the_takeover_made_after_the_turn(tmp_path: Path) -> None:
    game = a_game_with_a_seat_taken_over(tmp_path)
    code = game.config.player(2).code
    assert seat_two(game) == ("Newcomer", ACTIVE, True)
    taken = turn_files(game, 1)
    assert "for Newcomer (player #2)" in game.report(2) and f"CODE: {code}" in game.aof(2)
    assert "aofs/p02.txt" in taken and "takeovers.json" in taken

    said = cli(tmp_path, "run-turn", "g1", "--rerun", "--unchanged")
    assert said == (
        f"turn 1 of game g1 rerun{kept(game.store.root)}; the wrong game? `wtg --config "
        f"{tmp_path / '.wtg.yaml'} rollback g1 --to 0` takes turn 1 back\n"
    )

    game = opened(tmp_path)
    entry = game.config.player(2)
    assert (entry.name, entry.email, entry.code) == ("Newcomer", NEWCOMER, code)
    # before the fix: ("Bob", "quit", False), his report "You QUIT the game", no AOF, no
    # takeovers.json, and the newcomer's orders refused
    assert seat_two(game) == ("Newcomer", ACTIVE, True)
    assert game.meta(1).get("reruns") == 1
    # state, reports, AOFs, Top Ten and the record: as the takeover left them
    assert turn_files(game, 1) == taken
    assert takeovers(game) == [TAKEN_OVER]
    # the newcomer plays the seat: his orders for turn 2 are taken, and played
    (result,) = game.submit_all(filled_aof(game, 2), via="mail")
    assert isinstance(result, Submission), result
    # turn 1 was never sent (no `wtg send` here): the others' missing orders are meant
    # (and never mailed from this host at all: it says the game is mailed from turn 1 on)
    ran = cli(tmp_path, "run-turn", "g1", "--unmailed").splitlines()
    assert ran[-1].startswith(
        "turn 2 of game g1 resolved without orders from 1 Ann, 3 Cid, 4 Dee (a game without "
        "deadlines runs when told, whoever has sent orders); the wrong game? `wtg --config "
    )  # the newcomer's are in
    assert ran[0].startswith("wtg: game g1 is mailed from this host from its turn 1 on")
    player = opened(tmp_path).state().player(2)
    assert (player.name, player.status, player.missed) == ("Newcomer", ACTIVE, 0)


def test_the_takeover_stands_through_several_reruns(tmp_path: Path) -> None:
    """Each rerun replaces turn 1's folder; the record goes with it, so the next rerun takes
    the seat over again, once, the same way."""
    game = a_game_with_a_seat_taken_over(tmp_path)
    taken = turn_files(game, 1)
    for count in (1, 2, 3):
        cli(tmp_path, "run-turn", "g1", "--rerun", "--unchanged")
        game = opened(tmp_path)
        assert seat_two(game) == ("Newcomer", ACTIVE, True), count
        assert game.meta(1).get("reruns") == count
        assert turn_files(game, 1) == taken  # taken over once, the same way each time


def test_a_rerun_in_which_the_seat_no_longer_quits_is_refused(tmp_path: Path) -> None:
    """The GM corrects the quitter's orders (his QUIT was a mistake) and reruns: the seat
    would be his again while game.yaml gives it to the newcomer. The rerun is refused, and
    says why; nothing changes."""
    game = a_game_with_a_seat_taken_over(tmp_path)
    game.submit("player: 2\nturn: 1\nquit: false\n", correct=True)
    before = {p: p.read_bytes() for p in (tmp_path / "g1").rglob("*") if p.is_file()}
    said = cli(tmp_path, "run-turn", "g1", "--rerun", code=1)
    assert said == (
        "wtg: turn 1 cannot be rerun: seat 2 was taken over by Newcomer after it ran, and "
        "in the rerun player 2 has not quit (status active)\n"
    )
    assert {p: p.read_bytes() for p in (tmp_path / "g1").rglob("*") if p.is_file()} == before
    with pytest.raises(GameError, match="cannot be rerun: seat 2 was taken over"):
        opened(tmp_path).preview_turn(rerun=True)


def game_tree(root: Path) -> dict[str, bytes]:
    """Every file of the game folder (its lock aside)."""
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


@pytest.fixture
def fixed_code(monkeypatch: pytest.MonkeyPatch) -> str:
    """Every new secret code the same, so that two games' AOFs compare."""
    monkeypatch.setattr("wtg.gm.takeover.new_code", lambda: "NEWCODE123")
    return "NEWCODE123"


def test_a_rollback_past_a_takeover_takes_the_seat_over_again(
    tmp_path: Path, fixed_code: str
) -> None:
    """Bob QUITs in turn 1; the newcomer takes seat 2 over after turn 2; the GM rolls back
    to turn 1. Turn 1 is then as if the newcomer had taken the seat over after it: its
    state, reports, AOFs, Top Ten and record those of a game where he did. Before the fix
    turn 1 had Bob, QUIT, no AOF for seat 2, and the newcomer was mailed nothing."""
    games = tmp_path / "games"
    game = a_game_with_a_seat_taken_over(games, after=2)
    reference = a_game_with_a_seat_taken_over(tmp_path / "reference", after=1)
    said = cli(games, "rollback", "g1", "--to", "1")
    assert said.startswith("game g1 rolled back to turn 1 (turn 2 kept in archive/")
    given = f"wtg --config {games / '.wtg.yaml'}"  # as cli() gave it
    assert said.endswith(f"; 4 notices queued for the players (`{given} send` mails them)\n")
    game = opened(games)
    assert game.latest_turn() == 1
    assert game.config.player(2).code == fixed_code
    assert seat_two(game) == ("Newcomer", ACTIVE, True)
    assert turn_files(game, 1) == turn_files(reference, 1)
    assert takeovers(game) == [TAKEN_OVER]
    queue = games / ".mail" / "outbox" / "queue"
    mails = [
        email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
        for p in sorted(queue.glob("rollback-*.eml"))
    ]
    (mail,) = [m for m in mails if str(m["To"]) == NEWCOMER]
    part = mail.get_body(preferencelist=("plain",))
    assert part is not None
    text = str(part.get_content()).replace("\r\n", "\n")
    assert game.report(2, 1) in text and "for Newcomer (player #2)" in text
    # and a rerun of turn 1 keeps it too, from the record the rollback wrote
    cli(games, "run-turn", "g1", "--rerun", "--unchanged")
    assert turn_files(opened(games), 1) == turn_files(reference, 1)


def test_a_rollback_to_before_the_seat_was_quit_is_refused(tmp_path: Path) -> None:
    """At turn 0 Bob still played seat 2: it cannot be taken over there, and game.yaml
    gives it to the newcomer. The rollback is refused, saying which turn it may go back to;
    nothing changes."""
    game = a_game_with_a_seat_taken_over(tmp_path, after=1)
    before = game_tree(game.store.root)
    said = cli(tmp_path, "rollback", "g1", "--to", "0", code=1)
    assert said == (
        "wtg: game g1 cannot be rolled back to turn 0: seat 2 was taken over by Newcomer "
        "after turn 1, and at turn 0 player 2 has not quit (status active); roll back to "
        "turn 1 or later\n"
    )
    assert game_tree(game.store.root) == before


class Crash(BaseException):
    """A crash in the middle of a rollback (nothing may catch it)."""


def crashing_write(after: int) -> Callable[..., None]:
    """``write_atomic`` that crashes at its call number ``after`` + 1."""
    from wtg.files.store import write_atomic

    calls = [0]

    def write(*args: object, **kwargs: object) -> None:
        calls[0] += 1
        if calls[0] > after:
            raise Crash
        write_atomic(*args, **kwargs)  # type: ignore[arg-type]

    return write


@pytest.mark.parametrize("crash_at", [0, 1, 4])
def test_a_crash_while_the_seat_is_taken_over_again_is_finished_by_the_next_writer(
    tmp_path: Path, crash_at: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rollback counts once its archive folder is in place; a crash while turn 1's files
    are written over (after the state, or after some reports) is finished by the next
    command that takes the game's lock: the game as an uncut rollback leaves it."""
    template = a_game_with_a_seat_taken_over(tmp_path / "template", after=2)
    moment = MOMENT.replace(hour=12)
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    for folder in (whole, cut):
        shutil.copytree(template.store.root, folder / "g1")
    rollback(open_game(whole / "g1"), 1, moment)
    assert seat_two(opened(whole)) == ("Newcomer", ACTIVE, True)
    monkeypatch.setattr("wtg.files.store.write_atomic", crashing_write(crash_at))
    with pytest.raises(Crash):
        rollback(open_game(cut / "g1"), 1, moment)
    monkeypatch.undo()
    with GameStore(cut / "g1").lock():  # the next writer finishes it
        pass
    assert game_tree(cut / "g1") == game_tree(whole / "g1")
    assert (cut / "g1" / "turns" / "0001" / "aofs" / "p02.txt").is_file()


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('[{"seat": 2, "name": "Newcomer"', "cannot be read: "),
        ('{"seat": 2}', "is not a list of takeovers, each with its seat"),
    ],
)
def test_a_record_edited_into_nonsense_is_refused_not_dropped(
    tmp_path: Path, text: str, why: str
) -> None:
    game = a_game_with_a_seat_taken_over(tmp_path)
    record = game.store.turn_dir(1) / "takeovers.json"
    record.write_text(text)
    before = game_tree(game.store.root)
    said = cli(tmp_path, "run-turn", "g1", "--rerun", code=1)
    assert said.startswith(f"wtg: {record} ") and why in said
    said = cli(tmp_path, "rollback", "g1", "--to", "0", code=1)
    assert said.startswith(f"wtg: {record} ") and why in said
    assert game_tree(game.store.root) == before


def test_a_takeover_over_a_record_edited_into_nonsense_is_refused(tmp_path: Path) -> None:
    """A new takeover appends to the record: one it cannot read is refused before game.yaml
    changes, not written over."""
    game = create_game(tmp_path / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    game.run_turn()
    record = game.store.turn_dir(1) / "takeovers.json"
    record.write_text("[{")
    before = game_tree(game.store.root)
    with pytest.raises(GameError, match=r"takeovers\.json cannot be read"):
        take_over(game, 2, "Newcomer", NEWCOMER, MOMENT)
    assert game_tree(game.store.root) == before


def test_a_seat_taken_over_twice_is_the_last_newcomers_after_a_rollback(tmp_path: Path) -> None:
    """Bob QUITs in turn 1; Ada takes seat 2 over after turn 2 and QUITs in turn 3; Cyd takes
    it over after turn 3. Rolled back to turn 1 the seat is Cyd's, as game.yaml says (Ada's
    turns are undone); the record keeps both takeovers, and a rerun of turn 1 agrees."""
    game = a_game_with_a_seat_taken_over(tmp_path, after=2)  # Newcomer: Ada's part
    for seat in (1, 3, 4):
        game.submit(filled_aof(game, seat))
    game.submit("player: 2\nturn: 3\nquit: true\n")
    game.run_turn()
    take_over(game, 2, "Cyd", "cyd@example.org", MOMENT.replace(day=25))
    cli(tmp_path, "rollback", "g1", "--to", "1")
    game = opened(tmp_path)
    assert game.config.player(2).name == "Cyd"
    assert seat_two(game) == ("Cyd", ACTIVE, True)
    assert [(e["seat"], e["name"]) for e in takeovers(game)] == [(2, "Newcomer"), (2, "Cyd")]
    kept = turn_files(game, 1)
    cli(tmp_path, "run-turn", "g1", "--rerun", "--unchanged")
    assert seat_two(opened(tmp_path)) == ("Cyd", ACTIVE, True)
    assert turn_files(opened(tmp_path), 1) == kept


SET_ASIDE = "ORDERS SET ASIDE WHEN THE TURN RAN (they no longer passed the checks)\n"


def set_aside_block(report: str) -> str:
    """The report's block of orders set aside when the turn ran ("" when it has none)."""
    _before, found, after = report.partition(SET_ASIDE)
    return (found + after.split("\n\n")[0]).rstrip("\n")


def test_a_takeover_keeps_the_orders_set_aside_in_the_reports_it_writes_again(
    tmp_path: Path,
) -> None:
    """Bob (seat 2) QUITs in turn 1; the GM's hand put a trade of 175 points (no such trade)
    into his order file and into Ada's (seat 1): when turn 1 ran both were set aside, and
    each report said so. The takeover writes turn 1's reports again: before the fix they
    lost the block (a rerun kept it), so Ada's report no longer said why her trade was not
    made. Each report keeps it, the newcomer's too (his seat's report, as a rerun writes
    it): the takeover's files are the rerun's."""
    game = create_game(tmp_path / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    for seat in (1, 3, 4):
        game.submit(filled_aof(game, seat))
    for seat in (1, 2):
        path = game.store.pending_orders(1)[seat]
        path.write_text(path.read_text() + "trade: [175]\n")  # the GM's hand
    game.run_turn()
    told = {seat: set_aside_block(game.report(seat)) for seat in (1, 2, 3, 4)}
    assert told[1].startswith(SET_ASIDE + "  trade #1: REJECTED TRADE points=175: ")
    assert told[2].startswith(SET_ASIDE + "  trade #1: REJECTED TRADE points=175: ")
    assert told[3] == told[4] == ""

    take_over(game, 2, "Newcomer", NEWCOMER, MOMENT)

    game = opened(tmp_path)
    assert {seat: set_aside_block(game.report(seat)) for seat in (1, 2, 3, 4)} == told
    assert "for Newcomer (player #2)" in game.report(2)
    taken = turn_files(game, 1)
    cli(tmp_path, "run-turn", "g1", "--rerun", "--unchanged")
    assert turn_files(opened(tmp_path), 1) == taken


def test_a_takeover_over_an_order_file_of_the_turn_edited_into_nonsense_goes_on(
    tmp_path: Path,
) -> None:
    """The orders turn 1 ran with are kept in its folder; one edited by hand since, into
    what cannot be read, no longer tells what the run set aside: the takeover is made all
    the same, the other reports as they were."""
    game = create_game(tmp_path / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    game.submit("player: 2\nturn: 1\nquit: true\n")
    for seat in (1, 3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    (game.store.turn_dir(1) / "orders" / "p01.yaml").write_text("player: [1\n")
    take_over(game, 2, "Newcomer", NEWCOMER, MOMENT)
    assert "for Newcomer (player #2)" in opened(tmp_path).report(2)


def test_a_rollback_an_older_wtg_left_cut_short_is_finished_from_its_retaken_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older wtg kept the files written over turn N under the archive's `retaken/` (now
    `rewritten/`, with the reports that say the deadline set): a rollback it left cut short
    is finished by the next writer all the same."""
    template = a_game_with_a_seat_taken_over(tmp_path / "template", after=2)
    moment = MOMENT.replace(hour=12)
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    for folder in (whole, cut):
        shutil.copytree(template.store.root, folder / "g1")
    rollback(open_game(whole / "g1"), 1, moment)
    monkeypatch.setattr("wtg.files.store.write_atomic", crashing_write(0))
    with pytest.raises(Crash):
        rollback(open_game(cut / "g1"), 1, moment)
    monkeypatch.undo()
    (kept,) = (cut / "g1" / "archive").iterdir()
    (kept / "rewritten").rename(kept / "retaken")
    with GameStore(cut / "g1").lock():
        pass
    assert seat_two(opened(cut)) == ("Newcomer", ACTIVE, True)
    assert turn_files(opened(cut), 1) == turn_files(opened(whole), 1)


def test_the_newcomer_does_not_inherit_the_quitters_settings(tmp_path: Path) -> None:
    """Bob chose ``MAP: off`` before he quit; the newcomer who takes his seat over gets his
    reports with the map, as every new player does (he inherited Bob's choice), and the
    other players keep theirs."""
    game = create_game(tmp_path / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    settings = PlayerSettings(game.store.root)
    settings.choose(2, {MAP.key: "off"}, "maildir:1")
    settings.choose(3, {MAP.key: "off"}, "maildir:2")
    game.submit("player: 2\nturn: 1\nquit: true\n")
    for seat in (1, 3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    take_over(game, 2, "Newcomer", NEWCOMER, MOMENT)
    assert settings.value(2, MAP) == MAP.default == "on"
    assert settings.value(3, MAP) == "off"
