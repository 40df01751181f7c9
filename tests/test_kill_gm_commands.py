"""Killing the GM's small commands (SIGKILL, no clean-up of any kind) just before one of
their writes, then giving the same command again as a GM would: `hold`, `offer-seat`,
`bounces --clear`, `orders`, `remind` and `open-list`. As killed, the command's work is done
or not done, never half (every file readable, `wtg status` reads the game); given again, it
finishes: held once and each player told once, a seat offered once, a mark dropped, the
orders filed once, one reminder a player, one list; or it says the work was done already.

One host is prepared for the module (a game ``g1`` of three players due in ten hours, one
address marked failing, and a game ``g2`` whose third seat quit); each kill runs on a copy
of it (``tests.killpoints``, the points spread over a whole run's writes).
"""

from __future__ import annotations

import email
import email.policy
import json
import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.conftest import players
from tests.shipped import WOK4
from tests.test_kill_run_turn import tree
from wtg.cli.demo import filled_aof
from wtg.core.plurals import counted
from wtg.game.bounces import Bounce, bounces_of, mark_bounce
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import make_schedule
from wtg.lobby.database import LobbyDatabase

KILLS = 8
"""Kill points a command, spread over the writes of a whole run."""
ANN, BOB, CY = (p.email for p in players(3))


@dataclass(frozen=True)
class Host:
    """The prepared host: its folder (``games`` and the config beside it) and the AOF
    player 1 of g1 files."""

    root: Path
    aof: Path

    def copy(self, to: Path) -> tuple[Path, list[str]]:
        """A fresh copy at ``to``: its games folder and the config options naming it."""
        shutil.rmtree(to, ignore_errors=True)
        shutil.copytree(self.root, to)
        config = to / "wtg.yaml"
        config.write_text(f"games_dir: {to / 'games'}\nfrom: gm@example.org\n")
        return to / "games", ["--config", str(config)]


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Host:
    root = tmp_path_factory.mktemp("host")
    games = root / "games"
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=10)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    g1 = create_game(games / "g1", "wok4", "small", players(3), 7, schedule=schedule, now=now)
    mark_bounce(g1.store.root, Bounce(BOB, "2026-01-01T00:00:00Z", "5.1.1", "no such user", "m1"))
    mark_bounce(g1.store.root, Bounce(CY, "2026-01-02T00:00:00Z", "5.2.2", "mailbox full", "m2"))
    aof = root / "aof.txt"
    aof.write_text(filled_aof(g1.typed(WOK4), 1))
    g2 = create_game(games / "g2", "wok4", "small", players(3), 8, now=now)
    quitter = g2.config.player(3)
    g2.submit_all(f"game: g2\nplayer: 3\nturn: 1\ncode: {quitter.code}\nquit: true\n")
    g2.run_turn(now=now)
    return Host(root, aof)


def sweep(
    host: Host,
    work: Path,
    command: list[str],
    as_killed: Callable[[Path, list[str]], str],
    given_again: Callable[[Path, list[str], str, subprocess.CompletedProcess[str]], None],
    every: bool = False,
) -> dict[str, int]:
    """Kill ``command`` just before each of ``KILLS`` writes spread over a whole run (all
    of them with ``every``), each on a fresh copy of the host; ``as_killed`` checks the host
    as the kill left it and says which outcome it is, ``given_again`` checks it after the
    same command given again. Returns how many kills left each outcome."""
    games, config = host.copy(work)
    whole = killpoints.whole([*config, *command], games)
    outcomes: dict[str, int] = {}
    chosen = range(1, whole.writes + 1) if every else killpoints.points(whole.writes, KILLS)
    for at in chosen:
        games, config = host.copy(work)
        cut = killpoints.run([*config, *command], at, games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        outcome = as_killed(games, config)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        again = killpoints.wtg([*config, *command])
        given_again(games, config, outcome, again)
        assert not [p for p in games.rglob("*.tmp")], (at, cut.before)
    print(f"\n{command[0]}: {whole.writes} writes, killed before {len(chosen)}: {outcomes}")
    return outcomes


def wtg(config: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return killpoints.wtg([*config, *args])


def queued(games: Path, prefix: str) -> dict[str, int]:
    """Each address's mails queued whose outbox id starts with ``prefix``, each read whole."""
    found: dict[str, int] = {}
    queue = games / ".mail" / "outbox" / "queue"
    for path in sorted(queue.glob(f"{prefix}*.eml")) if queue.is_dir() else []:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage) and msg.get_body(("plain",))
        address = str(msg["To"]).split("<")[-1].rstrip(">")
        found[address] = found.get(address, 0) + 1
    return found


def test_hold_killed_is_held_or_not_and_given_again_tells_each_player_once(
    host: Host, tmp_path: Path
) -> None:
    def as_killed(games: Path, config: list[str]) -> str:
        seen = wtg(config, "status", "g1")
        assert seen.returncode == 0, seen.stderr
        told = queued(games, "hold-")
        if not (games / "g1" / "held.json").exists():
            assert "HELD" not in seen.stdout and told == {}
            return "not held"
        assert "HELD by the GM since" in seen.stdout and "(a bug)" in seen.stdout
        assert set(told.values()) <= {1}
        if len(told) == 3 and "NOTICES OWED" not in seen.stdout:
            return "held and told"
        assert "NOTICES OWED: the hold (since " in seen.stdout, (told, seen.stdout)
        assert f"give `wtg {shlex.join(config)} hold g1` again" in seen.stdout  # as given
        return f"held, {len(told)} of 3 told"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert again.returncode == 0, again.stderr
        assert (" was held already since " in again.stdout) == (outcome != "not held")
        assert queued(games, "hold-") == {ANN: 1, BOB: 1, CY: 1}
        seen = wtg(config, "status", "g1")
        assert "HELD by the GM" in seen.stdout and "NOTICES OWED" not in seen.stdout
        assert json.loads((games / "g1" / "held.json").read_text())["reason"] == "a bug"

    command = ["hold", "g1", "--reason", "a bug"]
    outcomes = sweep(host, tmp_path / "h", command, as_killed, given_again)
    assert outcomes.get("not held") and outcomes.get("held, 0 of 3 told")


def offers(games: Path) -> list[tuple[str, int]]:
    if not (games / ".people").exists():
        return []
    with LobbyDatabase(games) as book:
        return [(str(r[0]), int(r[1])) for r in book.rows("SELECT game, seat FROM offers")]


def test_offer_seat_killed_offers_the_seat_once(host: Host, tmp_path: Path) -> None:
    """The seat is offered in one commit, the command's last write: every kill leaves it
    not offered (the book readable), and the command given again offers it once."""

    def as_killed(games: Path, config: list[str]) -> str:
        assert offers(games) == [] and wtg(config, "lists").returncode == 0
        return "not offered"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert again.returncode == 0, again.stderr
        assert again.stdout == "seat 3 of game g2 offered: a new player mails JOIN g2\n"
        assert offers(games) == [("g2", 3)]
        listed = wtg(config, "lists")
        assert listed.stdout.splitlines()[-1].startswith("offered: g2 seat 3 (since ")
        assert queued(games, "") == {}
        refused = wtg(config, "offer-seat", "g2", "3")
        assert refused.returncode == 1 and "is offered already" in refused.stderr
        assert offers(games) == [("g2", 3)]

    outcomes = sweep(host, tmp_path / "o", ["offer-seat", "g2", "3"], as_killed, given_again)
    assert set(outcomes) == {"not offered"}


def test_bounces_clear_killed_drops_the_mark_once_and_keeps_the_others(
    host: Host, tmp_path: Path
) -> None:
    def as_killed(games: Path, config: list[str]) -> str:
        marks = sorted(bounces_of(games / "g1"))
        assert marks in ([BOB, CY], [CY]), marks
        return "dropped" if marks == [CY] else "kept"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        if outcome == "dropped":
            assert (again.returncode, again.stderr) == (
                1,
                f"wtg: no game marks {BOB} as failing\n",
            )
        else:
            assert (again.returncode, again.stdout) == (0, f"{BOB}: mark dropped in g1\n")
        assert sorted(bounces_of(games / "g1")) == [CY]
        assert wtg(config, "bounces").stdout.count("<") == 1

    outcomes = sweep(
        host, tmp_path / "b", ["bounces", "--clear", BOB], as_killed, given_again, every=True
    )
    assert outcomes.get("kept") and outcomes.get("dropped")


def on_file(games: Path) -> dict[str, object]:
    """The files of g1's pending orders, each parsed copy without the clock's times."""
    files: dict[str, object] = {}
    for name, data in tree(games / "g1" / "pending").items():
        if name.endswith(".parsed.json"):
            parsed = json.loads(data)
            assert parsed.pop("received") and parsed.pop("order_key")
            files[name] = parsed
        else:
            files[name] = data
    return files


def test_orders_killed_are_not_on_file_and_filed_once_given_again(
    host: Host, tmp_path: Path
) -> None:
    """The order file is renamed into place last, its parsed copy and its answer before:
    every kill leaves no orders on file (status says so) and the command given again files
    them once, as an uninterrupted run does."""
    games, config = host.copy(tmp_path / "whole")
    assert wtg(config, "orders", "g1", str(host.aof)).returncode == 0
    filed = on_file(games)

    def as_killed(games: Path, config: list[str]) -> str:
        seen = wtg(config, "status", "g1", "--json")
        assert seen.returncode == 0, seen.stderr
        (ann,) = [p for p in json.loads(seen.stdout)["players"] if p["seat"] == 1]
        assert not ann["orders"] and not (games / "g1" / "pending" / "0001" / "p01.yaml").exists()
        return "not filed"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert again.returncode == 0, again.stderr
        assert again.stdout.startswith("Orders of player 1 for turn 1:\n")
        assert on_file(games) == filed
        game = open_game(games / "g1")
        assert sorted(game.store.pending_orders(1)) == [1]

    outcomes = sweep(
        host,
        tmp_path / "w",
        ["orders", "g1", str(host.aof)],
        as_killed,
        given_again,
        every=True,
    )
    assert set(outcomes) == {"not filed"}  # the order file is the last write


def test_remind_killed_then_given_again_queues_one_reminder_a_player(
    host: Host, tmp_path: Path
) -> None:
    def as_killed(games: Path, config: list[str]) -> str:
        told = queued(games, "remind-")
        assert set(told.values()) <= {1}
        return f"{len(told)} of 3 reminded"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert again.returncode == 0, again.stderr
        assert again.stdout == f"{counted(3 - int(outcome[0]), 'reminder')} queued\n"
        assert queued(games, "remind-") == {ANN: 1, BOB: 1, CY: 1}

    outcomes = sweep(host, tmp_path / "r", ["remind"], as_killed, given_again, every=True)
    assert outcomes.get("0 of 3 reminded") and outcomes.get("2 of 3 reminded")


def test_open_list_killed_opens_one_list(host: Host, tmp_path: Path) -> None:
    """The list is opened in one commit, the command's last write: every kill leaves none
    (the book readable), and the command given again opens one."""
    command = ["open-list", "wok4", "--map", "small", "--players", "2"]

    def lists(games: Path) -> list[str]:
        if not (games / ".people").exists():
            return []
        with LobbyDatabase(games) as book:
            return [str(r[0]) for r in book.rows("SELECT name FROM lists")]

    def as_killed(games: Path, config: list[str]) -> str:
        assert lists(games) == [] and wtg(config, "lists").returncode == 0
        return "not open"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert again.returncode == 0, again.stderr
        assert lists(games) == ["wok4"]
        assert wtg(config, "lists").stdout.startswith("wok4: wok4 on small, 2 players,")

    outcomes = sweep(host, tmp_path / "l", command, as_killed, given_again)
    assert set(outcomes) == {"not open"}


def test_digest_by_mail_killed_never_loses_what_it_had_to_tell(host: Host, tmp_path: Path) -> None:
    """`wtg digest -q --mail` under cron: killed anywhere, the turn runs since the last
    digest reach the GM in a digest mail once the command is given again. Before, the
    digest was marked (the next tells only what comes after) before its mail was queued:
    killed in between, the period's news were lost."""

    def digests(games: Path) -> list[str]:
        queue = games / ".mail" / "outbox" / "queue"
        found = []
        for path in sorted(queue.glob("digest-*.eml")):
            msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            assert isinstance(msg, email.message.EmailMessage)
            part = msg.get_body(("plain",))
            assert part is not None
            found.append(str(part.get_content()))
        return found

    def as_killed(games: Path, config: list[str]) -> str:
        return f"{len(digests(games))} mailed"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert (again.returncode, again.stdout) == (0, ""), again.stderr
        told = [text for text in digests(games) if "\n  g2 turn 1 at " in text]
        assert len(told) == 1, (outcome, digests(games))

    outcomes = sweep(
        host, tmp_path / "d", ["digest", "-q", "--mail"], as_killed, given_again, every=True
    )
    assert outcomes.get("0 mailed")


def test_digest_killed_never_marks_what_it_did_not_print(host: Host, tmp_path: Path) -> None:
    """`wtg digest` on the terminal (no --mail) writes one thing, its mark, after it printed
    the digest: killed before any of its writes, the period is not marked, and the command
    given again prints the turns run since the last digest (g2's turn 1 among them); the
    digest after that, nothing happening in between, tells no turn again."""

    def as_killed(games: Path, config: list[str]) -> str:
        mark = games / ".mail" / "digest.json"
        assert not mark.exists()
        return "not marked"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert again.returncode == 0, again.stderr
        assert "\n  g2 turn 1 at " in again.stdout, again.stdout
        assert (games / ".mail" / "digest.json").is_file()
        after = wtg(config, "digest")
        assert after.returncode == 0 and "Turns run" not in after.stdout, after.stdout

    outcomes = sweep(host, tmp_path / "d", ["digest"], as_killed, given_again, every=True)
    assert outcomes == {"not marked": 3}


def test_lists_killed_while_it_makes_the_lobbys_book_leaves_one_that_works(
    host: Host, tmp_path: Path
) -> None:
    """`wtg lists` reads, but on a host whose lobby never ran it makes the lobby's book
    (``.people/people.sqlite``, its tables in one transaction). Killed before any of those
    writes: `wtg lists` given again says what an uninterrupted run says, and the book
    takes a list (`open-list`)."""

    def as_killed(games: Path, config: list[str]) -> str:
        book = games / ".people" / "people.sqlite"
        return "a book file" if book.exists() else "no book"

    def given_again(
        games: Path, config: list[str], outcome: str, again: subprocess.CompletedProcess[str]
    ) -> None:
        assert (again.returncode, again.stderr) == (0, "")
        assert again.stdout.startswith("no waiting list is open"), again.stdout
        opened = wtg(config, "open-list", "wok4", "--map", "small", "--players", "2")
        assert opened.returncode == 0, opened.stderr
        assert wtg(config, "lists").stdout.startswith("wok4: wok4 on small, 2 players,")

    outcomes = sweep(host, tmp_path / "l", ["lists"], as_killed, given_again, every=True)
    assert outcomes.get("no book") and outcomes.get("a book file")
