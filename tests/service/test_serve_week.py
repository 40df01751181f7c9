"""`wtg serve`'s loop (wtg/serve/service.py) over a simulated week on the maildir transport,
with a clock of the test's (tests/service/week.py): three games with their own deadlines,
players' mails at random moments, reminders, READY turns run early, deadline turns on
time, the digest each morning, the site after each turn; afterwards every order mail filed
once, every report mailed once, every turn run once."""

from __future__ import annotations

import itertools
import json
import logging
import re
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.service.marks import message_id_of
from tests.service.week import (
    PLANS,
    START,
    Players,
    SimClock,
    counting,
    games_of,
    make_host,
    parsed,
)
from wtg.game.schedule import parse_iso
from wtg.host.config import load_config
from wtg.host.servicerecord import read_service_record
from wtg.mail.spool.journal import Journal
from wtg.serve.service import Service

WEEK = timedelta(days=7)
MINUTE = timedelta(minutes=1)


@pytest.fixture
def events(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger="wtg")
    return caplog


def test_a_simulated_week_of_three_games(tmp_path: Path, events: pytest.LogCaptureFixture) -> None:
    config = make_host(tmp_path)
    gm = load_config(config)
    end = START + WEEK
    clock = SimClock(START, end)
    players = Players(config, clock)
    sent: list[tuple[str, datetime]] = []
    service = Service(
        gm, clock, transport=counting(sent, clock), zone=timezone.utc, look=timedelta(hours=6)
    )
    clock.on_end = service.stop
    site_turns: list[tuple[str, int, int]] = []

    def site_after_turns(now: datetime) -> None:
        """Each time the service waits, the site shows every game's latest turn."""
        for name, game in games_of(gm).items():
            page = (tmp_path / "site" / "games" / name / "index.html").read_text()
            shown = re.search(r"<dt>Turn</dt><dd>(\d+)</dd>", page)
            assert shown is not None
            site_turns.append((name, game.latest_turn(), int(shown[1])))

    clock.watchers.append(site_after_turns)
    service.run()

    assert clock.time == end
    assert read_service_record(gm.spool) is None  # cleared at the clean exit
    # no busy loop: every wait was for a moment ahead, and there were few of them
    assert all(until > began for began, until in clock.waits)
    turns = {name: game.latest_turn() for name, game in games_of(gm).items()}
    bound = len(players.dropped) + 3 * sum(turns.values()) + 7 + 7 * 4 + 10
    assert service.rounds == len(clock.waits) <= bound
    assert all(latest == shown for _, latest, shown in site_turns)
    assert {name for name, _, _ in site_turns} == {p.name for p in PLANS}

    # every turn once, each for its own deadline; deadline turns on time, READY turns early
    for plan in PLANS:
        game = games_of(gm)[plan.name]
        schedule = game.config.schedule
        assert schedule is not None
        metas = [game.meta(turn) for turn in range(1, game.latest_turn() + 1)]
        deadlines = [parse_iso(str(meta["deadline"])) for meta in metas]
        assert deadlines == [schedule.slot(i) for i in range(len(metas))]
        assert all(not meta.get("reruns") for meta in metas)
        assert schedule.slot(len(metas)) > end - MINUTE  # no deadline passed unrun
        for meta, deadline in zip(metas, deadlines, strict=True):
            ran = parse_iso(str(meta["ran_at"]))
            if plan.ready == frozenset(range(1, plan.players + 1)):
                mails = [d for d in players.dropped if d.game == plan.name]
                last = max(d.when for d in mails if d.turn == meta["turn"])
                assert last.replace(microsecond=0) <= ran < last + MINUTE < deadline  # at once
            else:
                assert deadline <= ran < deadline + MINUTE  # at the deadline
        assert len(metas) >= 7 // plan.every - 1
    assert turns["daily"] >= 6

    # every mail filed once, and answered once
    journal = Journal(gm.spool)
    rows = [
        (key, message_id_of(mark), outcome)
        for key, mark, outcome in journal.db.execute(
            "SELECT key, message_id, outcome FROM messages"
        )
    ]
    journal.close()
    assert len(rows) == len(players.dropped) == len({row[0] for row in rows})
    stored = Counter(row[1] for row in rows if row[2].startswith("stored: "))
    orders = [d for d in players.dropped if d.game is not None]
    assert sorted(stored) == sorted(d.message_id for d in orders)
    assert set(stored.values()) == {1}
    assert not list((gm.maildir_in / "new").iterdir())
    idents = [ident for ident, _ in sent]
    assert len(idents) == len(set(idents))  # nothing mailed twice
    assert sum(ident.startswith("conf-") for ident in idents) == len(orders)

    # every report mailed once: every player's, of every turn
    reports = {ident for ident in idents if ident.startswith("report-")}
    wanted = {
        f"report-{plan.name}-t{turn:04d}-p{seat:02d}"
        for plan in PLANS
        for turn in range(turns[plan.name] + 1)
        for seat in range(1, plan.players + 1)
    }
    assert reports == wanted

    # the silent player reminded once a turn while he owed orders, at remind_hours
    reminders = {ident: when for ident, when in sent if ident.startswith("remind-")}
    silent = sorted(i for i in reminders if i.startswith("remind-vienna-") and i.endswith("-p03"))
    assert len(silent) >= 3
    vienna = games_of(gm)["vienna"]
    for ident in silent:
        turn = int(ident.split("-")[2][1:])
        deadline = parse_iso(str(vienna.meta(turn - 1)["next_deadline"]))
        assert deadline - timedelta(hours=12) <= reminders[ident] < deadline
    for ident in reminders:  # none to a player whose orders were in
        _, name, turn_text, seat_text = ident.split("-")
        turn, seat = int(turn_text[1:]), int(seat_text[1:])
        entry = f"{name}{seat}@players.example"
        earlier = [d for d in orders if d.sender == entry and d.turn == turn]
        assert all(d.when > reminders[ident] for d in earlier), ident

    # the digest once a day, at 07:00
    digests = sorted((i, w) for i, w in sent if i.startswith("digest-"))
    days = [START.date() + timedelta(days=n) for n in range(1, 8)]
    assert [i for i, _ in digests] == [f"digest-day-{day:%Y%m%d}" for day in days]
    for (ident, when), day in zip(digests, days, strict=True):
        at_seven = datetime(day.year, day.month, day.day, 7, tzinfo=timezone.utc)
        assert at_seven <= when < at_seven + MINUTE
        mail = parsed(gm.maildir_out / "new" / ident)
        assert mail["To"] == mail["From"] == "Game Master <gm@wtg.example>"
        assert "Turns run" in mail.get_body().get_content()
    assert json.loads((gm.spool / "digest.json").read_text())["last"].startswith(
        f"{days[-1]:%Y-%m-%d}T07:00"
    )

    # and the log said it, a line an event, naming the games and turns
    # (the turn that ends a game says so: "; the game is over (...), won by ...")
    resolved = re.compile(r"turn \d+ resolved \([^)]*\)(; the game is over \(.*)?")
    logged = [r for r in events.records if resolved.fullmatch(r.getMessage())]
    assert len(logged) == sum(turns.values())
    ended = [r for r in logged if "; the game is over" in r.getMessage()]
    # the daily game's last turn leaves one player standing; the others play on
    assert [(r.wtg["game"], r.wtg["turn"]) for r in ended] == [("daily", turns["daily"])]  # type: ignore[attr-defined]
    assert {r.wtg["game"] for r in logged} == {p.name for p in PLANS}  # type: ignore[attr-defined]
    said = [(r.getMessage(), sorted(r.wtg.items())) for r in events.records]  # type: ignore[attr-defined]
    again = [
        (one, two)
        for (one, named), (two, named_too) in itertools.pairwise(said)
        if named == named_too and (one.endswith(two) or two.endswith(one))
    ]
    assert not again  # one event, one line: no step says again what the step under it said
