"""A deadline the players have not been told of is told to each of them once: the ruling
of docs/gm.md, "Takeovers, reruns and rollbacks" (a move of the deadline told by the
rerun's reports, as by a rollback's notices). Each command is killed (SIGKILL, between
two of its writes: ``tests.killpoints``) where it has told some players and not others.

- `wtg extend` killed between its notices, then the turn run again (`run-turn --rerun`, the
  GM's correction): the rerun kept the move untold, `wtg status` said NOTICES OWED, and the
  `wtg extend` it named mailed the players not yet told a notice of the deadline their
  rerun's report (mailed again to every player) said already; a rollback marks such a move
  told. Now the rerun marks it told too: its reports tell every player, once.
- `wtg rollback` killed between its notices (it marks a move of its deadline not told as
  told, its notices saying the deadline it sets): `wtg status` named a rollback owed only
  when no notice of it was queued, and the players after the kill were told of neither the
  rollback nor its deadline. It names it while one is missing, and the rollback given
  again queues the rest."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tests import killpoints
from tests.conftest import players
from tests.test_gm_controls import minutes, run
from wtg.game.engine import create_game
from wtg.game.schedule import local_text, make_schedule, parse_iso

CONFIG = "games_dir: games\nfrom: Game Master <gm@example.org>\n"
EVERY_PLAYER = sorted(p.email for p in players(4))


def _template(root: Path, turns: int) -> None:
    """A host of one game of four players, ``turns`` turns run, its deadline ahead."""
    schedule = make_schedule(2, "18:00", "UTC", now=datetime.now(timezone.utc))
    game = create_game(root / "games" / "g1", "wok4", "small", players(4), 7, schedule=schedule)
    for _ in range(turns):
        game.run_turn()
    (root / "wtg.yaml").write_text(CONFIG, encoding="utf-8")


def _killed_before(args: list[str], root: Path, restore: Any, what: str) -> None:
    """``wtg ARGS`` killed just before its first write whose line holds ``what``."""
    log = root.parent / "writes.log"
    log.unlink(missing_ok=True)
    whole = killpoints.whole(args, root / "games", restore, log=log)
    assert whole.writes
    at = next(n for n, line in enumerate(killpoints.written(log), 1) if what in line)
    ((_, cut),) = killpoints.cuts(args, root / "games", [at], restore)
    assert cut.killed, cut


def _status(root: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(root, "status", "g1", "--json").stdout)
    return data


def _mails(root: Path, begins: str) -> dict[str, list[str]]:
    """The text of every mail of the outbox (queued or sent) whose name begins so, by the
    address it goes to."""
    found: dict[str, list[str]] = {}
    outbox = root / "games" / ".mail" / "outbox"
    for path in sorted([*outbox.glob(f"queue/{begins}*.eml"), *outbox.glob(f"sent/{begins}*")]):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage)
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        address = str(msg["To"]).split("<")[-1].rstrip(">")
        found.setdefault(address, []).append(str(part.get_content()))
    return found


def _moves(root: Path, turn: int) -> list[dict[str, Any]]:
    path = root / "games" / "g1" / "turns" / f"{turn:04d}" / "turn.json"
    found: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["moved"]
    return found


def test_a_rerun_after_an_extend_cut_short_tells_the_deadline_once(tmp_path: Path) -> None:
    root, restore = killpoints.from_template(tmp_path, lambda at: _template(at, 1))
    args = ["--config", str(root / "wtg.yaml"), "extend", "g1", "24"]
    _killed_before(args, root, restore, "-p03.eml.tmp")  # players 1 and 2 told
    (move,) = _moves(root, 1)
    assert move["told"] is False and sorted(_mails(root, "extend-")) == EVERY_PLAYER[:2]
    (owed,) = _status(root)["owed"]  # as before: the move owed
    assert owed.startswith(f"the deadline's move to {minutes(move['to'])} ")
    run(root, "run-turn", "g1", "--rerun", "--unchanged")
    ((kept,),) = [_moves(root, 1)]
    assert kept == {**move, "told": True}  # told by the rerun's reports
    assert _status(root)["owed"] == []  # nothing more owed: no notice to come after them
    run(root, "send")
    new = local_text(parse_iso(move["to"]), "UTC")
    reports = _mails(root, "report-g1-t0001-")
    assert sorted(reports) == EVERY_PLAYER
    for address, texts in reports.items():  # each player's report of the rerun says it
        (again,) = [text for text in texts if new in text]
        assert f"DEADLINE FOR YOUR TURN 2 ORDERS: {new}" in again, address
    assert sorted(_mails(root, "extend-")) == EVERY_PLAYER[:2]  # and no notice after it


def test_a_rollback_cut_short_between_its_notices_is_owed(tmp_path: Path) -> None:
    root, restore = killpoints.from_template(tmp_path, lambda at: _template(at, 2))
    args = ["--config", str(root / "wtg.yaml"), "rollback", "g1", "--to", "1"]
    _killed_before(args, root, restore, "-p03.eml.tmp")  # players 1 and 2 told
    assert sorted(_mails(root, "rollback-")) == EVERY_PLAYER[:2]
    (owed,) = _status(root)["owed"]  # said, where it said nothing
    assert "was cut short before every player was told: give `" in owed, owed
    assert owed.endswith(" rollback g1 --to 1` again (it queues them)"), owed
    again = run(root, "rollback", "g1", "--to", "1")
    assert " was rolled back already to turn 1 " in again.stdout, again.stdout
    assert _status(root)["owed"] == []
    told = _mails(root, "rollback-")
    assert sorted(told) == EVERY_PLAYER and all(len(t) == 1 for t in told.values())
