"""Issue 25, done when: "A fuzz of lobby and press mails (forged From, every command, hostile
text, kills between any two writes) shows nothing half-done, nothing doubled, no leak, no
halt."

A host on the maildir transport with a waiting list of two, a game of its own that is due at
every run (``keep``), and a game with a seat offered for takeover (``seat``). People mail it,
step after step, mails drawn from a seeded ``random.Random`` (the same run on every machine):
every command (HELP, LIST, JOIN a list or a game, CONFIRM, WITHDRAW, REPORT, AOF, STATUS,
RESIGN, ABSENCE, PRESS, a word that only looks like one), from their own address with the
codes their own mail gave them, or from a forger who writes as someone else (forged From)
and knows no one's codes, and from strangers whose address mail delivers but no game can
take; with hostile text (escape sequences that would write the GM's clipboard or clear his
screen, bidirectional overrides, huge lines, names of every script, quoted requests).

Each step's mails are polled by a real `wtg poll` killed (SIGKILL, ``tests.killpoints``) just
before a write drawn from the seed, or left to finish; then by a poll that finishes; now and
then `wtg run-turn --due` is killed the same way and run again. After every step the host is
checked whole:

- no halt: every poll that was not killed exits 0, the finishing poll empties the inbox,
  quarantines nothing, and journals every mail once; `run-turn --due` exits 0 and runs
  ``keep``;
- nothing half done: every game folder has its turn 0; every player the book says went to
  a game is in it;
- nothing doubled: every code waiting for its CONFIRM is in exactly one mail, to its
  address; every press is kept once (and once it was said kept, it is); no answer twice;
  one seat a person in a game;
- no leak: a mail holds no address but its addressee's and the host's, and no secret code
  but its addressee's own.

``WTG_LOBBY_FUZZ_STEPS`` (default 20) and ``WTG_LOBBY_FUZZ_SEED`` (default 25) choose the
run; the test prints what it covered (steps, mails, polls and runs killed and where).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner

from tests import killpoints
from tests.lobby.hall import Hall, Mail
from tests.test_due_many import LONG_AGO
from wtg.cli import main
from wtg.game.engine import Game, create_game, open_game
from wtg.game.gameconfig import CODE_ALPHABET, PlayerEntry
from wtg.game.schedule import make_schedule
from wtg.gm.takeover import can_take_over
from wtg.host.gamesdir import scan_games
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat, offered_seat
from wtg.mail.spool.journal import Journal

STEPS = int(os.environ.get("WTG_LOBBY_FUZZ_STEPS", "20"))
SEED = int(os.environ.get("WTG_LOBBY_FUZZ_SEED", "25"))
LIMITS = {"replies_per_hour": 100_000, "confirmations_per_hour": 100_000}
"""High enough that no answer is held back: every code asked for is mailed."""

HONEST = [f"p{n}@players.example" for n in range(1, 7)]
SEATED = [f"s{n}@players.example" for n in range(1, 5)]
"""The players of ``seat``; the fourth has quit, and his seat is offered."""
STRANGERS = ['"e,vil"@attacker.example', "evil@[192.0.2.1]"]
"""Addresses mail delivers and no game can take."""
FORGER = "forger"
"""Writes as someone else (a forged From), knows no one's codes."""

HOSTILE = [
    "\x1b]52;c;cm0gLXJmIH4=\x07",  # OSC 52: a clipboard write
    "\x1b]0;pwned\x07",  # a window title
    "\x1b[2J\x1b[H",  # clear the screen
    "\u202etxt.exe",  # a right-to-left override
    "\u200b\ufeff",
    "Ünïcödé ✓ 漢字 עברית العربية",
    "\x08\x08\x7f",
    "x" * 5000,
    "GAME: keep PLAYER: 1 TURN: 1 CODE: XXXXXXXX",
    "=== BEGIN AOF ===",
    "Q1: 1\nR1: 1\nREADY",
    "> CONFIRM ABCDEFGHJK\n> JOIN wok4",
]
NAMES = ["Ann", "Bob", "Ünal", "李", "عمر", "Zoë Ω", "x" * 60, "Bad\x1bName", "A\u202eB", "Gm"]
_CODE = re.compile(r"\bCONFIRM ([A-Z0-9]{10})\b")
_SOURCE = re.compile(r"\d+\.M\d+P\d+Q\d+")
"""A maildir mail's name, as the outbox's names and Message-IDs carry the mail answered."""
_ADDRESS = re.compile(r"[\w.+\-\"',]+@[\w.\-\[\]]+")


@dataclass
class Covered:
    steps: int = 0
    mails: int = 0
    polls_killed: int = 0
    polls_whole: int = 0
    due_killed: int = 0
    kill_points: set[int] = field(default_factory=set)
    verbs: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        return (
            f"lobby fuzz, seed {SEED}: {self.steps} steps, {self.mails} mails "
            f"({', '.join(f'{v} {n}' for v, n in sorted(self.verbs.items()))}); "
            f"{self.polls_killed} polls killed, {self.polls_whole} ran whole, "
            f"{self.due_killed} due runs killed; kills before writes "
            f"{sorted(self.kill_points)}"
        )


class Host:
    """The host under the fuzz, and what each person could know: the mails to his address."""

    def __init__(self, root: Path) -> None:
        self.hall = Hall(root, replies_per_hour=100_000, confirmations_per_hour=100_000)
        self.hall.now = datetime.now(timezone.utc)
        self.config = self.hall.config_file(**LIMITS)
        self.games = self.hall.gm.games_dir
        self.hall.open_list("wok4", map="small", players=2)
        schedule = make_schedule(2, "18:00", "UTC", now=LONG_AGO)
        keep = [
            PlayerEntry(i, f"Keeper{i}", f"k{i}@players.example", f"KEEP{i:04d}") for i in (1, 2)
        ]
        create_game(self.games / "keep", "wok4", "small", keep, 5, schedule=schedule, now=LONG_AGO)
        seated = [PlayerEntry(i, f"Seated{i}", SEATED[i - 1], f"SEAT{i:04d}") for i in (1, 2, 3, 4)]
        seat = create_game(self.games / "seat", "wok4", "small", seated, 6, now=self.hall.now)
        seat.submit_all("game: seat\nplayer: 4\nturn: 1\ncode: SEAT0004\nquit: true\n")
        seat.run_turn(now=self.hall.now)
        self.offer_quit_seats()
        self.inbox_mail: dict[str, list[Mail]] = {}
        self.codes_ever: dict[str, str] = {}
        """Every seat code seen, and the address it was given to."""
        self.mailed = 0
        self.confirmed: set[str] = set()
        """The codes mailed back in a CONFIRM."""
        self.note_codes()

    # --- what people know -------------------------------------------------------
    def read_mail(self) -> None:
        for mail in self.hall.new_mails():
            self.inbox_mail.setdefault(mail.to, []).append(mail)

    def codes_mailed_to(self, address: str) -> list[str]:
        return [c for m in self.inbox_mail.get(address, []) for c in _CODE.findall(m.body)]

    def seats_of(self, address: str) -> list[tuple[str, PlayerEntry]]:
        found = []
        for folder in scan_games(self.games).folders:
            game = open_game(folder)
            found += [(game.config.game, p) for p in game.config.players if p.email == address]
        return found

    def note_codes(self) -> None:
        for folder in scan_games(self.games).folders:
            for player in open_game(folder).config.players:
                self.codes_ever.setdefault(player.code, player.email)

    def offer_quit_seats(self) -> None:
        game = open_game(self.games / "seat")
        with LobbyDatabase(self.games) as book:
            for player in game.config.players:
                if can_take_over(game, player.id) is None and not offered_seat(
                    book, "seat", player.id
                ):
                    offer_seat(book, game, player.id, self.hall.now)

    # --- the mails ----------------------------------------------------------------
    def mail(self, rng: random.Random, covered: Covered) -> None:
        kind = rng.random()
        if kind < 0.6:
            writer = rng.choice(HONEST + SEATED)
            sender, knows = writer, writer
        elif kind < 0.8:
            sender, knows = rng.choice(HONEST + SEATED), FORGER
        else:
            sender = knows = rng.choice(STRANGERS)
        verb, body = self.body(rng, knows)
        covered.verbs[verb] += 1
        covered.mails += 1
        name = rng.choice(["", "", "Zoë", "\u202eevil", "Game Master"])
        self.hall.mail(sender, body, name=name if "\x1b" not in name else "")
        self.mailed += 1

    def body(self, rng: random.Random, knows: str) -> tuple[str, str]:
        """A command mail of someone who knows what ``knows``'s mail told him: a player
        mostly does what his mail asks (CONFIRM the code it gave, write press with his own
        code), and now and then anything at all."""
        games = ["keep", "seat", "wok4-1", "wok4-2", "nowhere"]
        mine = self.seats_of(knows) if knows != FORGER else []
        game, code = (
            rng.choice(mine)[0:2] if mine and rng.random() < 0.8 else (rng.choice(games), None)
        )
        secret = code.code if isinstance(code, PlayerEntry) else self.guess(rng)
        fresh = [c for c in self.codes_mailed_to(knows) if c not in self.confirmed]
        if knows != FORGER and fresh and rng.random() < 0.6:
            verb = "CONFIRM"
        elif knows in HONEST and not mine and rng.random() < 0.4:
            verb = "JOIN"
        elif mine and rng.random() < 0.5:
            verb = rng.choice(["PRESS", "PRESS", "PRESS TO", "RESIGN", "REPORT", "ABSENCE"])
        else:
            verb = rng.choice(
                ["HELP", "LIST", "JOIN", "JOIN", "JOIN game", "CONFIRM", "WITHDRAW", "REPORT",
                 "AOF", "STATUS", "RESIGN", "ABSENCE", "PRESS", "PRESS TO", "SHOUT", "QUOTED"]
            )  # fmt: skip
        hostile = rng.choice(HOSTILE)
        if verb == "JOIN":
            own = f"Player{knows[1]}" if knows in HONEST else rng.choice(NAMES)
            name = own if rng.random() < 0.7 else rng.choice(NAMES)
            return verb, f"JOIN wok4 AS {name}" if rng.random() < 0.8 else "JOIN wok4"
        if verb == "JOIN game":
            return verb, f"JOIN seat AS {rng.choice(NAMES)}"
        if verb == "CONFIRM":
            mailed = self.codes_mailed_to(knows) if knows != FORGER else []
            given = (fresh or mailed)[-1] if mailed and rng.random() < 0.85 else self.guess(rng)
            self.confirmed.add(given)
            return verb, f"CONFIRM {given}"
        if verb == "WITHDRAW":
            return verb, "WITHDRAW wok4"
        if verb in ("REPORT", "AOF", "STATUS", "RESIGN"):
            return verb, f"{verb} {game}\nCODE {secret}"
        if verb == "ABSENCE":
            first = rng.randint(1, 4)
            return verb, f"ABSENCE {game} {first} {first + rng.randint(0, 2)}\nCODE {secret}"
        if verb in ("PRESS", "PRESS TO"):
            token = f"token{rng.randrange(10**9):09d}"
            to = f" TO {rng.randint(1, 3)}" if verb == "PRESS TO" else ""
            return verb, f"PRESS {game}{to}\nCODE {secret}\n\n{token} {hostile}\nthe end {token}"
        if verb == "SHOUT":
            return verb, f"SUBSCRIBE wok4 {hostile}"
        if verb == "QUOTED":
            mailed = self.codes_mailed_to(knows) if knows != FORGER else []
            code_line = f"> CONFIRM {mailed[-1]}" if mailed else "> JOIN wok4"
            return verb, f"Thanks, see below.\n\n{code_line}\n> {hostile}"
        return verb, verb if rng.random() < 0.7 else f"{verb.lower()} {hostile}"

    @staticmethod
    def guess(rng: random.Random) -> str:
        return "".join(rng.choice(CODE_ALPHABET) for _ in range(10))

    # --- the host's runs ------------------------------------------------------------
    def poll_killed(self, rng: random.Random, mails: int, covered: Covered) -> None:
        at = rng.randint(4, 12 + 20 * mails)  # a poll writes some 12, and 10-25 a mail
        run = killpoints.run(["--config", str(self.config), "poll"], at, self.games)
        assert run.killed or run.returncode == 0, run
        if run.killed:
            covered.polls_killed += 1
            covered.kill_points.add(at)

    def poll_whole(self, covered: Covered) -> None:
        self.hall.now = datetime.now(timezone.utc)
        summary = self.hall.poll()
        covered.polls_whole += 1
        assert summary.quarantined == 0, summary.outcomes
        self.read_mail()
        self.note_codes()

    def due(self, rng: random.Random, covered: Covered, kill: bool) -> None:
        args = ["--config", str(self.config), "run-turn", "--due", "--jobs", "1"]
        if kill:
            run = killpoints.run(args, rng.randint(1, 60), self.games)
            assert run.killed or run.returncode == 0, run
            covered.due_killed += int(run.killed)
        keep = open_game(self.games / "keep")
        before = keep.latest_turn()
        ready(keep)  # due at every run
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, (result.stdout, result.stderr)
        assert f"keep: turn {before + 1} resolved" in result.stdout, result.stdout
        self.note_codes()

    def made(self) -> str:
        """What the mails made of the host, for the test's output."""
        games = sorted(f.name for f in scan_games(self.games).folders if f.name.startswith("wok4"))
        takeovers = len(list(self.games.glob("seat/turns/*/takeovers.json")))
        press = len(list(self.games.glob("*/*/*/press/*.json"))) + len(
            list(self.games.glob("*/turns/*/received/press/*.json"))
        )
        with LobbyDatabase(self.games) as book:
            people = len(book.rows("SELECT * FROM people"))
        return (
            f"made: games {games}, {takeovers} turn(s) with takeovers, {press} press kept, "
            f"{people} people confirmed"
        )

    # --- the checks ------------------------------------------------------------------
    def check(self) -> None:
        self.check_journal()
        self.check_games()
        self.check_codes()
        self.check_press()
        self.check_answers()

    def check_journal(self) -> None:
        """No halt: the inbox emptied, every mail journalled once, none quarantined."""
        inbox = self.hall.gm.maildir_in
        assert list((inbox / "new").iterdir()) == [] and list((inbox / "cur").iterdir()) == []
        journal = Journal(self.hall.gm.spool)
        rows = journal.db.execute("SELECT key, outcome FROM messages").fetchall()
        quarantined = journal.db.execute("SELECT key, reason FROM quarantine").fetchall()
        journal.close()
        assert len(rows) == len({key for key, _ in rows}) == self.mailed
        assert quarantined == []

    def check_games(self) -> None:
        """Nothing half done; one seat a person in a game."""
        games = {folder.name: open_game(folder) for folder in scan_games(self.games).folders}
        for game in games.values():
            assert game.store.turns(), f"{game.config.game} has no turn 0"
            addresses = [p.email for p in game.config.players]
            assert len(addresses) == len(set(addresses)), game.config.players
        with LobbyDatabase(self.games) as book:
            gone = book.rows("SELECT e.address, e.game FROM entries e WHERE e.game IS NOT NULL")
            for row in gone:
                game = games[str(row["game"])]
                assert str(row["address"]) in [p.email for p in game.config.players]
            for row in book.rows("SELECT person, game FROM plays WHERE result IS NULL"):
                assert str(row["game"]) in games
                seats = book.rows(
                    "SELECT seat FROM plays WHERE person = ? AND game = ? AND result IS NULL",
                    row["person"],
                    row["game"],
                )
                assert len(seats) == 1

    def check_codes(self) -> None:
        """Every code waiting for its CONFIRM is in exactly one answer to its request, to its
        address, and in no mail to another address (the HELP names it again, to the same
        address, beside how to confirm it)."""
        with LobbyDatabase(self.games) as book:
            pending = {
                str(r["code"]): str(r["address"]) for r in book.rows("SELECT * FROM pending")
            }
        for code, address in pending.items():
            carrying = [
                (to, mail.subject)
                for to, mails in self.inbox_mail.items()
                for mail in mails
                if code in _CODE.findall(mail.body)
            ]
            asking = [to for to, subject in carrying if subject.endswith(f"CONFIRM {code}")]
            assert asking == [address], (code, address, carrying)
            assert {to for to, _ in carrying} == {address}, (code, address, carrying)

    def check_press(self) -> None:
        """Every press kept once; a press said kept is kept."""
        kept: Counter[str] = Counter()
        for path in self.games.glob("*/pending/*/press/*.json"):
            kept.update(re.findall(r"token\d{9}", json.loads(path.read_text())["text"])[:1])
        for path in self.games.glob("*/turns/*/received/press/*.json"):
            kept.update(re.findall(r"token\d{9}", json.loads(path.read_text())["text"])[:1])
        assert all(count == 1 for count in kept.values()), kept
        for mails in self.inbox_mail.values():
            for mail in mails:
                if "] your press go" in mail.subject:  # kept for the next turn
                    (token,) = set(re.findall(r"token\d{9}", mail.body))
                    assert kept[token] == 1, token

    def check_answers(self) -> None:
        """No answer twice; no address but the addressee's and the host's, no secret code
        but the addressee's, in any mail."""
        seen: Counter[tuple[str, str, str, str]] = Counter()
        for path in sorted((self.hall.gm.spool / "outbox").glob("*/*.eml")):
            if path.name.startswith("wrongcode-"):
                continue  # names its sender's address until item 9 (branch press) lands
            mail = Mail(path.read_bytes())
            raw = path.read_bytes().decode("utf-8", "replace")
            answers = _SOURCE.search(raw)  # the mail it answers, named in its Message-ID
            seen[(mail.to, mail.subject, mail.body, answers[0] if answers else "")] += 1
            allowed = {mail.to.lower(), "gm@wtg.example"}
            found = {a.lower().strip("\"',.") for a in _ADDRESS.findall(mail.body)}
            assert found <= allowed | {a.strip("\"',.") for a in allowed}, (mail.to, found)
            for word in re.findall(r"\b[A-Z0-9]{8,10}\b", mail.body):
                owner = self.codes_ever.get(word)
                assert owner is None or owner == mail.to, (mail.to, mail.subject, word, owner)
        doubled = [key[:2] for key, count in seen.items() if count > 1]
        assert doubled == []


def ready(game: Game) -> None:
    """Every player who owes orders and has none on file sends READY (a RESIGN's QUIT on
    file stands)."""
    turn = game.latest_turn() + 1
    on_file = game.store.pending_orders(turn)
    owing = game.ruleset.owing(game.state_view())
    for player in game.config.players:
        if player.id in owing and player.id not in on_file:
            order = f"game: {game.config.game}\nplayer: {player.id}\nturn: {turn}\n"
            game.submit_all(f"{order}code: {player.code}\nready: true\n")


def test_lobby_and_press_mails_with_kills_leave_nothing_half_done_doubled_or_leaked(
    tmp_path: Path,
) -> None:
    rng = random.Random(SEED)
    host = Host(tmp_path)
    covered = Covered()
    for step in range(STEPS):
        count = rng.randint(2, 5)
        for _ in range(count):
            host.mail(rng, covered)
        if rng.random() < 0.75:
            host.poll_killed(rng, count, covered)
        host.poll_whole(covered)
        host.check()
        if step % 4 == 3:
            host.due(rng, covered, kill=rng.random() < 0.6)
            host.check()
        if step % 6 == 5:
            seat = open_game(host.games / "seat")
            if not seat.ruleset.is_over(seat.state_view()):
                ready(seat)  # no one misses a turn (three, and he is out)
                seat.run_turn(now=datetime.now(timezone.utc))
                host.offer_quit_seats()
        covered.steps += 1
    print(covered.line())
    print(host.made())
    assert covered.polls_killed >= STEPS // 3  # the seed's kills landed where it put them
    assert set(covered.verbs) >= {"JOIN", "CONFIRM", "PRESS", "RESIGN"}
