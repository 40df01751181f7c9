"""What one poll does for a batch of mails, counted (issue 13: a cheap poll): each mail
parsed once; each game's lock taken once and its turns looked at once for the whole
batch, not once a mail; the forecast template found once; no sync of a single file, one
flush of the file system for the batch. Counts, not times: the benchmark times it."""

from __future__ import annotations

import collections
import email
import email.policy
import mailbox
import os
import random
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from email import headerregistry
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import jinja2
import pytest

from bench import bench_poll
from tests.mail.servers import GM_ADDRESS
from tests.rules.wok4.fullorders import full_orders
from tests.shipped import WOK4
from wtg.aof.render import render_aof
from wtg.files import store
from wtg.files.store import GameStore
from wtg.game import engine
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.host import gamesdir
from wtg.host.config import GmConfig, config_from_data
from wtg.lobby import commands as lobby_commands
from wtg.mail.message import extract
from wtg.mail.outgoing.idsecret import host_secret
from wtg.mail.outgoing.sender import send
from wtg.mail.poll import poller
from wtg.mail.poll.hostclaim import look, mailbox_named
from wtg.mail.poll.summary import PollSummary
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.servers.transport import MaildirTransport
from wtg.mail.spool import hostgames
from wtg.mail.spool.journal import Journal
from wtg.rules.wok.state import WokState

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
GAMES, SEATS = 3, 10


def order_mails(games: list[Game[WokState]]) -> list[bytes]:
    """Every player of every game mails a full AOF (as bench/bench_poll.py does)."""
    rng = random.Random(7)
    mails: list[bytes] = []
    for game in games:
        state = game.state()
        for entry in game.config.players:
            header = {"game": game.config.game, "turn": 1, "player": entry.id, "code": entry.code}
            context = game.ruleset.form_context(state, entry.id)
            form = render_aof(game.ruleset.form, header, full_orders(state, entry.id, rng), context)
            msg = EmailMessage()
            msg["From"] = entry.email
            msg["To"] = GM_ADDRESS
            msg["Subject"] = f"orders for {game.config.game}"
            msg["Message-ID"] = f"<work{len(mails)}@players.example>"
            msg.set_content("My orders:\n\n" + form)
            mails.append(msg.as_bytes(policy=email.policy.SMTP))
    return mails


class Counts:
    def __init__(self) -> None:
        self.calls: collections.Counter[str] = collections.Counter()

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return function(*args, **kwargs)

        return counted

    def lookups(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def counted(loader: Any, environment: Any, name: str) -> Any:
            self.calls[f"template {name}"] += 1
            return original(loader, environment, name)

        return counted


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counts]:
    seen = Counts()
    for module, name in ((poller, "parse_mail"), (poller, "flush"), (store, "exclusive")):
        monkeypatch.setattr(module, name, seen.wrap(name, getattr(module, name)))
    monkeypatch.setattr(GameStore, "turns", seen.wrap("turns", GameStore.turns))
    monkeypatch.setattr(os, "fsync", seen.wrap("fsync", os.fsync))
    parse_id = headerregistry.MessageIDHeader.parse.__func__  # type: ignore[attr-defined]
    parsed = classmethod(seen.wrap("Message-ID parsed", parse_id))
    monkeypatch.setattr(headerregistry.MessageIDHeader, "parse", parsed)
    loader = jinja2.FileSystemLoader.get_source
    monkeypatch.setattr(jinja2.FileSystemLoader, "get_source", seen.lookups(loader))
    yield seen


def made_games(gm: GmConfig, count: int = GAMES) -> list[Game[WokState]]:
    return [
        create_game(
            gm.games_dir / f"w{t}",
            "wok4",
            "classic60",
            [
                PlayerEntry(id=i, name=f"P{i}", email=f"w{t}p{i}@players.example", code=f"C{t}X{i}")
                for i in range(1, SEATS + 1)
            ],
            seed=t,
        ).typed(WOK4)
        for t in range(1, count + 1)
    ]


def test_a_batch_parses_each_mail_once_and_reads_each_game_once(
    tmp_path: Path, counts: Counts
) -> None:
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    games = made_games(gm)
    gm.maildir_in.parent.mkdir(parents=True)
    box = mailbox.Maildir(gm.maildir_in, create=True)
    mails = order_mails(games)
    for raw in mails:
        box.add(raw)
    host_secret(gm.spool)  # made (and synced) once in a host's life, by its first mail queued
    inbox = MaildirInbox(gm.maildir_in)
    look(gm.spool, inbox, mailbox_named(gm), NOW)  # the host's id and claim: its first poll's
    counts.calls.clear()
    summary = poller.poll(gm, inbox, now=NOW)
    assert summary.filed == len(mails) == GAMES * SEATS  # one batch (FETCH_BATCH is 100)
    calls = counts.calls
    assert calls["parse_mail"] == len(mails)
    assert calls["exclusive"] == GAMES  # each game's lock once for the batch, not once a mail
    assert calls["turns"] <= 2 * GAMES  # its turns listed when locked, and once read
    assert calls["template wok4/forecast.txt.j2"] <= 1  # looked for once, not once a mail
    # no mail's file synced on its own: the poll's health record and its folder are, and
    # the folder of the poll's mark (``wtg.mail.poll.underway``), once a poll
    assert calls["fsync"] == 3
    assert calls["flush"] == 1  # one flush for the batch
    # no answer's Message-ID parsed by the header registry: not read back from the answer
    # (``Outgoing.made_id``), nor parsed again when the outbox adds its token to it (poll38:
    # the policy keeps a Message-ID of one token as text, as ``compose.message`` does)
    assert calls["Message-ID parsed"] == 0


def test_a_poll_opens_only_the_games_its_mails_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host of many games pays for those with mail: of six games the one named is opened,
    no scan of the others; a game whose folder a GM renamed is still found (by the scan)."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    games = [
        create_game(
            gm.games_dir / f"w{t}",
            "wok4",
            "classic60",
            [
                PlayerEntry(id=i, name=f"P{i}", email=f"w{t}p{i}@players.example", code=f"C{t}X{i}")
                for i in range(1, 3)
            ],
            seed=t,
        ).typed(WOK4)
        for t in range(1, 7)
    ]
    opened: list[str] = []
    scans: list[Path] = []

    def open_one(folder: Path) -> Game:
        opened.append(folder.name)
        return engine.open_game(folder)

    def scan(games_dir: Path) -> tuple[list[Game], list[gamesdir.Unreadable]]:
        scans.append(games_dir)
        return gamesdir.open_games(games_dir)

    monkeypatch.setattr(hostgames, "open_game", open_one)
    monkeypatch.setattr(hostgames, "open_games", scan)
    gm.maildir_in.parent.mkdir(parents=True)
    box = mailbox.Maildir(gm.maildir_in, create=True)
    mail = order_mails(games[3:4])[0].replace(b"GAME: w4", b"GAME: W4")
    box.add(mail)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW)
    assert (summary.filed, opened, scans) == (1, ["w4"], [])
    assert 1 in games[3].store.pending_orders(1)

    later = order_mails(games[4:5])[1]
    (gm.games_dir / "w5").rename(gm.games_dir / "renamed")  # its game.yaml still says w5
    box.add(later)
    opened.clear()
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW)
    assert (summary.filed, scans) == (1, [gm.games_dir])
    assert 2 in GameStore(gm.games_dir / "renamed").pending_orders(1)


def test_the_poll_command_freezes_what_lives_before_it_polls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The modules, templates and config alive when `wtg poll` starts live as long as the
    process: frozen out of the collector's sight before the first mail is handled."""
    import gc

    from click.testing import CliRunner

    from wtg.cli import main

    happened: list[str] = []
    run = poller.poll
    monkeypatch.setattr(gc, "freeze", lambda: happened.append("freeze"))

    def polled(*args: Any, **kwargs: Any) -> PollSummary:
        happened.append("poll")
        return run(*args, **kwargs)

    monkeypatch.setattr(poller, "poll", polled)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@wtg.example\n")
    (tmp_path / "games").mkdir()
    result = CliRunner().invoke(main, ["--config", str(config), "poll"])
    assert (result.exit_code, result.output) == (
        0,
        "filed 0, rejected 0, quarantined 0, ignored 0\n",
    )
    assert happened == ["freeze", "poll"]


def test_what_the_journal_kept_for_a_batch_is_read_at_once(
    tmp_path: Path, counts: Counts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A poll stopped after its batch was on disk, before the mails left the inbox: the
    next poll finds every mail's outcome in the journal with one question for the batch
    (not one a mail), handles none of them again and counts them moved, not filed."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    gm.maildir_in.parent.mkdir(parents=True)
    box = mailbox.Maildir(gm.maildir_in, create=True)
    for raw in order_mails(made_games(gm)):
        box.add(raw)
    with monkeypatch.context() as stopped:  # the mails stay in the inbox
        stopped.setattr(MaildirInbox, "finish", lambda self, done, rejected: None)
        first = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW)
    assert first.filed == GAMES * SEATS
    for name in ("outcome", "outcomes"):
        monkeypatch.setattr(Journal, name, counts.wrap(name, getattr(Journal, name)))
    counts.calls.clear()
    again = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW)
    assert (again.outcomes, again.filed, again.moved) == ((), 0, first.filed)  # no news
    assert (counts.calls["outcomes"], counts.calls["outcome"], counts.calls["parse_mail"]) == (
        1,
        0,
        0,
    )
    assert not os.listdir(gm.maildir_in / "new")


def test_the_collector_looks_rarely_while_a_poll_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A poll's objects form no cycles: the collector's youngest generation waits for
    ``YOUNG`` objects during a poll (not Python's 700), and as before once it ends, even
    when it fails."""
    import gc

    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    made_games(gm, 1)
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    run = poller.Poller.run

    def noted(self: poller.Poller) -> PollSummary:
        seen.append(gc.get_threshold())
        return run(self)

    monkeypatch.setattr(poller.Poller, "run", noted)
    poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW)
    assert seen == [(poller.YOUNG, *before[1:])]
    assert gc.get_threshold() == before

    def fails(self: poller.Poller) -> PollSummary:
        raise OSError("the disk is gone")

    monkeypatch.setattr(poller.Poller, "run", fails)
    with pytest.raises(OSError, match="disk"):
        poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW)
    assert gc.get_threshold() == before


def test_a_reply_to_its_report_is_read_once_for_what_its_sender_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's reply that quotes his report, the filled form in it (as most order mails
    are: bench/bench_poll.py --replies): its text is looked through for the form's begin
    marker once, beside the glance that orders the batch (the text typed beside forwarded
    mails is read only in a mail that forwards one), and the lines its sender typed beside
    the form are told from the report they quote once, for the commands beside the form
    and its question alike (each read them apart, the report's lines compared twice a
    mail)."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path)
    games = made_games(gm, 1)
    send(gm, MaildirTransport(tmp_path / "reports"))
    mails = bench_poll.order_mails(games, tmp_path / "reports")
    answered = [
        str(email.message_from_bytes(raw, policy=email.policy.default)["In-Reply-To"])
        for raw in mails
    ]
    assert [name.strip().split(".")[0] for name in answered] == [
        f"<report-w1-t0000-p{seat:02d}" for seat in range(1, SEATS + 1)
    ]
    box = mailbox.Maildir(gm.maildir_in, create=True)  # in the spool the send made
    for raw in mails:
        box.add(raw)
    seen = Counts()
    for module, name in ((lobby_commands, "copied"), (extract, "has_marker")):
        monkeypatch.setattr(module, name, seen.wrap(name, getattr(module, name)))
    lobby_commands.typed_of.cache_clear()
    lobby_commands.outside_forms.cache_clear()
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW)
    assert summary.filed == len(mails) == SEATS
    # the marker looked for once in a mail's text, and once in its first bytes, where the
    # batch is put in the order the mails came (``sharing.as_they_came``: a mail with a
    # form is told from a PRESS that says "game:", review47)
    assert (seen.calls["copied"], seen.calls["has_marker"]) == (SEATS, 2 * SEATS)
