"""The pieces of `wtg outbox --retry`: the player a mail set aside is to, read from its
outbox name and checked against its Message-ID and List-Id (``failedmail.seat_of``), and
its To made again (``compose.with_recipient``) without any text of the address becoming a
header of its own."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Sequence
from datetime import datetime, timezone
from email.message import EmailMessage, Message
from pathlib import Path

import pytest

from tests.conftest import players
from wtg.game.engine import Game, create_game
from wtg.mail.message.extract import parse_headers
from wtg.mail.outgoing import compose, failedmail
from wtg.mail.outgoing.failedmail import retry, seat_of
from wtg.mail.outgoing.outbox import Outbox

GM = "gm@example.org"
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)


def made(ident: str, to: str = "old@example.org", game: str | None = "g1") -> compose.Outgoing:
    return compose.message(ident, GM, to, f"[{game}] a mail", "text\n", when=NOW, game=game)


def mail(ident: str, to: str = "old@example.org", game: str | None = "g1") -> bytes:
    return compose.wire(made(ident, to, game))


def parsed(raw: bytes) -> EmailMessage:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Game]:
    """Games whose names a careless look would confuse: ``g``, ``x-g`` (ends the same) and
    ``my_game`` (its outbox names escape the ``_``)."""
    root = tmp_path_factory.mktemp("games")
    return [
        create_game(root / name, "wok4", "small", players(3), 7) for name in ("g", "x-g", "my_game")
    ]


def test_the_seat_of_each_kind_of_a_players_mail(games: list[Game]) -> None:
    for ident, game, seat in (
        ("report-x-g-t0003-p02", "x-g", 2),
        ("report-g-t0003-p02", "g", 2),
        ("press-my_game-t0001-p03-g1-r2", "my_game", 3),
        ("remind-g-t0004-p01", "g", 1),
        ("remind-g-t0004-p01-r1", "g", 1),  # of a report run again
        ("remind-my_game-t0004-p02-r2-n1", "my_game", 2),
        ("remind-x-g-t0004-p03-g1-r1", "x-g", 3),  # of a turn a rollback put off, too
        ("hold-20261122120000-x-g-p03", "x-g", 3),
        ("release-20261122120000-at20261123120000-g-p01", "g", 1),
        ("extend-t0004-20261124180000-at20261123120000-my_game-p02", "my_game", 2),
        ("rollback-0003-20261122T120000Z-g-p03", "g", 3),
    ):
        name = compose.safe(ident)
        found = seat_of(name, parse_headers(mail(ident, game=game)), games)
        assert found is not None, ident
        assert (found[0].config.game, found[1].id) == (game, seat), ident


def test_no_seat_for_a_mail_of_no_one_seat_or_not_what_its_name_says(games: list[Game]) -> None:
    for ident, game in (
        ("conf-maildir:1795428902.M1P2.mx", "g"),  # a confirmation: its id names a mail
        ("cmd-maildir:1795428902.M1P2.mx-1", None),
        ("announce-k1-0123456789ab", "g"),
        ("report-g-t0003-p09", "g"),  # no seat 9 in the game
        ("report-nogame-t0003-p01", "nogame"),  # no such game here
    ):
        assert seat_of(compose.safe(ident), parse_headers(mail(ident, game=game)), games) is None
    raw = mail("report-g-t0003-p02", game="g")  # the name of another id than its Message-ID's
    assert seat_of("report-g-t0003-p03", parse_headers(raw), games) is None
    other = mail("report-g-t0003-p02", game="x-g")  # a List-Id of another game
    assert seat_of("report-g-t0003-p02", parse_headers(other), games) is None


def test_a_spare_name_carries_its_ids_seat(tmp_path: Path, games: list[Game]) -> None:
    """A mail queued under a spare name (its own name held by another id's mail, in an
    outbox of before names were told apart) has the spare in its Message-ID."""
    outbox = Outbox(tmp_path / "spool")
    squatter = compose.message("x", GM, "a@example.org", "s", "t\n", when=NOW)
    squatter.replace_header("Message-ID", "<report-g-t0003-p02.0000000000000000@example.org>")
    (outbox.queue_dir / "report-g-t0003-p02.eml").write_bytes(compose.wire(squatter))
    ident = "report-g-t0003-p02"
    assert outbox.add(ident, made(ident, game="g"))
    spare = outbox.queue_dir / "report-g-t0003-p02__2.eml"
    found = seat_of(spare.stem, parse_headers(spare.read_bytes()), games)
    assert found is not None and (found[0].config.game, found[1].id) == ("g", 2)


def test_the_to_made_again() -> None:
    raw = mail("report-g-t0003-p02")
    long_name = "Ann Ünïcödé-Wîth-À-Very-Long-Name-That-Folds " * 2
    made, problem = compose.with_recipient(raw, f"{long_name.strip()} <ann@new.example>")
    assert made is not None and problem == ""
    msg = parsed(made)
    fresh = parsed(mail("report-g-t0003-p02", to=f"{long_name.strip()} <ann@new.example>"))
    assert msg.get_all("To") == fresh.get_all("To")  # as a mail made now would carry it
    assert msg["To"].addresses[0].addr_spec == "ann@new.example"
    assert str(msg["Message-ID"]) == str(parsed(raw)["Message-ID"])
    assert made.split(b"\r\n\r\n", 1)[1] == raw.split(b"\r\n\r\n", 1)[1]  # the body as it was
    assert all(len(line) <= 78 for line in made.split(b"\r\n\r\n")[0].split(b"\r\n"))
    twice = raw.replace(b"To: old@example.org\r\n", b"To: a@x.example\r\nTo: b@x.example\r\n")
    made, _ = compose.with_recipient(twice, "c@new.example")
    assert made is not None and parsed(made).get_all("To") == ["c@new.example"]


@pytest.mark.parametrize(
    "address",
    [
        "c@new.example\r\nBcc: thief@evil.example",
        "c@new.example\nBcc: thief@evil.example",
        "a@x.example, b@x.example",
        "not an address",
        "",
    ],
)
def test_no_to_is_made_of_what_is_not_one_address(address: str) -> None:
    made, problem = compose.with_recipient(mail("report-g-t0003-p02"), address)
    assert made is None and problem.startswith(f"To: {address!r} ")


def test_no_seat_for_a_notice_whose_id_fits_two_games_and_no_list_id_says_which(
    tmp_path: Path, games: list[Game]
) -> None:
    """A notice made before mails carried a List-Id (an outbox of before it): the stamps of
    its id may hold ``-`` (a rollback's), so ``hold-<stamp>-x-g-p03`` reads as game x-g's
    seat 3 and as game g's (its stamp ``<stamp>-x``). Nothing tells which: no seat, so that
    no retry hands player 3 of x-g's notice (a rollback's carries his report) to player 3
    of g; the id that fits one game still finds its seat. A retry says why it refuses."""
    for ident in (
        "hold-20261122120000-x-g-p03",
        "rollback-20261122T120000Z-to-t0003-x-g-p03",
    ):
        assert seat_of(compose.safe(ident), parse_headers(mail(ident, game=None)), games) is None
        with_list = seat_of(compose.safe(ident), parse_headers(mail(ident, game="x-g")), games)
        assert with_list is not None and (with_list[0].config.game, with_list[1].id) == ("x-g", 3)
    ident = "hold-20261122120000-g-p03"
    found = seat_of(compose.safe(ident), parse_headers(mail(ident, game=None)), games)
    assert found is not None and (found[0].config.game, found[1].id) == ("g", 3)
    spool = tmp_path / "spool"
    ident = "rollback-20261122T120000Z-to-t0003-x-g-p03"
    name = compose.safe(ident)
    (Outbox(spool).failed_dir / f"{name}.eml").write_bytes(mail(ident, game=None))
    assert retry(games[0].store.root.parent, spool, [name]) == [
        f"mail {name} is to a player's seat of games g and x-g alike (its id fits each, and "
        "it carries no List-Id to tell which): nothing put back, its player cannot be told; "
        "send it by hand if it is still wanted"
    ]
    assert [p.name for p in Outbox(spool).queue_dir.iterdir()] == []


def test_a_retry_reads_a_mails_id_and_the_games_it_fits_once(
    tmp_path: Path, games: list[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A retry found the mail's seat, then read its id and the games it fits again for the
    "id fits two games" refusal: it reads them once, and refuses as before."""
    calls: list[str] = []
    ident_of, seats_of = failedmail._ident, failedmail._seats

    def ident(name: str, head: Message) -> str | None:
        calls.append("ident")
        return ident_of(name, head)

    def seats(found: str, head: Message, among: Sequence[Game]) -> list[tuple[Game, int]]:
        calls.append("seats")
        return seats_of(found, head, among)

    monkeypatch.setattr(failedmail, "_ident", ident)
    monkeypatch.setattr(failedmail, "_seats", seats)
    spool = tmp_path / "spool"
    ident_two = "hold-20261122120000-x-g-p03"
    name = compose.safe(ident_two)
    (Outbox(spool).failed_dir / f"{name}.eml").write_bytes(mail(ident_two, game=None))
    refused = retry(games[0].store.root.parent, spool, [name])
    assert len(refused) == 1 and "games g and x-g alike" in str(refused[0])
    assert calls == ["ident", "seats"]
