"""Issue 17, item 5: "HiScore and ratings read from it": a human is counted as the person
the lobby's book says played his seat, under his one name, whichever address he played from;
a seat taken over counts for the newcomer; a seat the book does not know keeps its address."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from wtg.host.ratings import rate_plackett_luce
from wtg.host.results import Entry, Finished
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.people import REPLACED, as_people, confirm_address, end_play, record_play

WHEN = datetime(2026, 11, 1, tzinfo=timezone.utc)


def entry(address: str, name: str, seat: int, place: int) -> Entry:
    return Entry(key=address, name=name, bot=False, place=place, seat=seat)


def test_people_are_counted_once_across_addresses_and_takeovers(tmp_path: Path) -> None:
    with LobbyDatabase(tmp_path) as book, book.write() as db:
        ann = confirm_address(db, "ann@home.example", "Ann", WHEN)
        db.execute(
            "INSERT INTO addresses (address, person, confirmed) VALUES (?, ?, ?)",
            ("ann@work.example", ann, "2026-11-02T00:00:00Z"),
        )
        bob = confirm_address(db, "bob@x.example", "Bob", WHEN)
        cy = confirm_address(db, "cy@x.example", "Cy", WHEN)
        record_play(db, ann, "g1", 1, WHEN)
        record_play(db, bob, "g1", 2, WHEN)
        record_play(db, ann, "g2", 1, WHEN)
        record_play(db, bob, "g2", 2, WHEN)
        end_play(db, "g2", 2, REPLACED)  # Bob quit g2; Cy took his seat over
        record_play(db, cy, "g2", 2, datetime(2026, 11, 3, tzinfo=timezone.utc))
    results = [
        Finished(
            game="g1",
            finished="2026-11-10",
            entries=(entry("ann@home.example", "Annie", 1, 1), entry("bob@x.example", "B", 2, 2)),
        ),
        Finished(
            game="g2",
            finished="2026-11-20",
            entries=(
                entry("ann@work.example", "Ann W", 1, 2),
                entry("bob@x.example", "Bobby", 2, 1),
                entry("dee@x.example", "Dee", 3, 3),  # a seat the book does not know
                Entry(key="bot:R1", name="R1", bot=True, place=4),
            ),
        ),
    ]
    known = as_people(tmp_path, results)
    assert [(e.key, e.name) for e in known[0].entries] == [
        (f"person:{ann}", "Ann"),
        (f"person:{bob}", "Bob"),
    ]
    assert [(e.key, e.name, e.place) for e in known[1].entries] == [
        (f"person:{ann}", "Ann", 2),
        (f"person:{cy}", "Cy", 1),
        ("dee@x.example", "Dee", 3),
        ("bot:R1", "R1", 4),
    ]
    table = rate_plackett_luce(known, "wok4")
    assert table.players[f"person:{ann}"].games == 2  # one person, two addresses
    assert (table.players[f"person:{cy}"].games, table.players[f"person:{cy}"].wins) == (1, 1)
    assert table.players[f"person:{bob}"].games == 1  # g2's seat counts for Cy


def test_without_a_book_the_results_stand_and_no_book_is_made(tmp_path: Path) -> None:
    results = [Finished(game="g", finished="x", entries=(entry("a@x.example", "A", 1, 1),))]
    assert as_people(tmp_path, results) == results
    assert not (tmp_path / ".people").exists()
