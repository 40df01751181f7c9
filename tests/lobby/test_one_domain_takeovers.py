"""Sybils in a GM's game: the warning of one domain holding most seats (``wtg.lobby.domains``)
covered only the games made of a waiting list. A GM's game whose quitters' seats he offers
(`wtg offer-seat`) is taken over the same way: one person JOINs it as three newcomers, each
at his own address of sybil.example, confirms each code, and holds three of its five seats.
Neither the poll's line of the CONFIRM nor the digest said a word of it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.conftest import players
from tests.lobby.hall import Hall
from wtg.game.engine import create_game
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat
from wtg.mail.outgoing.digest import make_digest, mark_digest


def _taken_over(hall: Hall, sender: str, name: str) -> str:
    """``sender`` takes over the next seat offered of kao as ``name``: the poll's lines."""
    hall.mail(sender, f"JOIN kao AS {name}")
    hall.poll(hours=0.1)
    (take,) = [m for m in hall.new_mails() if m.to.lower() == sender.lower()]
    hall.mail(sender, f"CONFIRM {take.code()}")
    summary = hall.poll(hours=0.1)
    hall.new_mails()
    return "\n".join(event.line() for event in summary.events)


def test_seats_taken_over_from_one_domain_are_told_to_the_gm(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    entries = players(5)
    game = create_game(hall.gm.games_dir / "kao", "wok4", "classic60", entries, 1, now=hall.now)
    for quitter in entries[2:]:
        game.submit_all(
            f"game: kao\nplayer: {quitter.id}\nturn: 1\ncode: {quitter.code}\nquit: true\n"
        )
    game.run_turn(now=hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        for seat in (3, 4, 5):
            offer_seat(book, hall.game("kao"), seat, hall.now)
    mark_digest(hall.gm.spool, hall.now)

    first = _taken_over(hall, "s1@sybil.example", "Sybil1")
    second = _taken_over(hall, "s2@a.sybil.example", "Sybil2")
    assert "write from" not in first + second  # two of five: no one domain holds most
    third = _taken_over(hall, "s3@Sybil.Example", "Sybil3")
    assert (
        "game kao: seat 5 taken over: 3 of its 5 players write from @sybil.example and "
        "domains below it"
    ) in third, third
    assert [hall.game("kao").config.player(s).email for s in (3, 4, 5)] == [
        "s1@sybil.example",
        "s2@a.sybil.example",
        "s3@sybil.example",
    ]

    digest = make_digest(hall.gm.games_dir, hall.now)
    (taken,) = digest.taken_one_domain
    assert (taken.game, taken.seats, taken.domain.domain, taken.domain.players) == (
        "kao",
        (3, 4, 5),
        "sybil.example",
        3,
    )
    part = digest.text().split("Games whose seats offered were taken over", 1)[1]
    part = part.split("\n\n")[0].split("):\n", 1)[1]
    assert part.startswith("  kao (seats 3, 4, 5 taken over, the last "), part
    assert "3 of its 5 players write from @sybil.example" in " ".join(part.split())
    assert "1 game taken over mostly at one domain" in digest.line()
    mark_digest(hall.gm.spool, hall.now)
    assert make_digest(hall.gm.games_dir, hall.now + timedelta(hours=1)).taken_one_domain == ()


def test_one_newcomer_among_the_gms_own_players_at_his_provider_is_no_warning() -> None:
    """The players the GM chose himself he knows: three of them at one provider, and a
    newcomer there who takes the fourth seat over, tell him nothing; a second seat taken
    over from it does."""
    from wtg.lobby.domains import taken_note

    addresses = {1: "a@mail.example", 2: "b@mail.example", 3: "c@else.example", 4: "d@mail.example"}
    assert taken_note("g1", 4, addresses, {4}) == ""
    assert taken_note("g1", 4, addresses | {3: "e@mail.example"}, {3, 4}) == (
        "game g1: seat 4 taken over: 4 of its 4 players write from @mail.example"
    )
