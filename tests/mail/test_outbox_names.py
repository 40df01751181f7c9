"""The outbox's names: one for every mail id, whatever the game's name, and no mail
dropped when a name is taken, in an outbox made by this wtg or by one before it."""

from __future__ import annotations

import email
import email.policy
import shutil
from collections import Counter
from pathlib import Path

import pytest

from tests.mail.loop import GM, NOW, players
from tests.mail.outboxes import sent_to
from wtg.game.engine import create_game
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import SPARES, Outbox, OutboxCollision
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import delivered

SEATS = 4


def _gm(root: Path) -> GmConfig:
    return config_from_data({"games_dir": "games", "from": GM}, root)


def _old_game(gm: GmConfig, name: str) -> None:
    """A game named as games made before the name rule could be (a space, a Cyrillic
    name): made under a plain name, then its folder and game.yaml given ``name``."""
    plain = gm.games_dir / "plain"
    create_game(plain, "wok4", "small", players(SEATS), seed=3, now=NOW)
    config = plain / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert "game: plain\n" in text
    config.write_text(text.replace("game: plain\n", f"game: '{name}'\n"), encoding="utf-8")
    plain.rename(gm.games_dir / name)


def _delivered(gm: GmConfig) -> Counter[tuple[str, str]]:
    """Each delivered mail as (subject, addressee), counted."""
    mails = [
        email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
        for p in delivered(gm.maildir_out)
    ]
    return Counter((str(m["Subject"]), str(m["To"])) for m in mails)


def _reports(*games: str) -> Counter[tuple[str, str]]:
    return Counter(
        (f"[{game}] turn 0 report for {p.name}", p.email) for game in games for p in players(SEATS)
    )


def _legacy_copy(gm: GmConfig, ident: str, to: str, folder: str) -> None:
    """The mail ``ident`` as a wtg before this one queued it: under its old name, which
    its Message-ID carries, with the digest of its id."""
    msg = compose.message(ident, GM, to, "an old mail", "old\n", when=NOW)
    old = compose.legacy_name(ident)
    msg.replace_header("Message-ID", f"<{old}.{compose.digest(ident)}@wtg.example>")
    path = gm.spool / "outbox" / folder / f"{old}.eml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(compose.wire(msg))


@pytest.mark.parametrize(
    "names",
    [("Mordor 1", "Mordor_1"), ("Мордор", "Гондор"), ("a b", "a.b", "a-b", "a_b", "a:b")],
)
def test_games_whose_names_the_old_outbox_names_confused_each_get_their_reports(
    tmp_path: Path, names: tuple[str, ...]
) -> None:
    """Issue 25, item 4: two games whose names differ only in characters outside
    [A-Za-z0-9._-] (``Mordor 1`` and ``Mordor_1``, two Cyrillic names of one length)
    shared outbox ids, and `wtg send` dropped the second game's reports silently. Every
    player of every game gets his report, once."""
    gm = _gm(tmp_path)
    for name in names:
        _old_game(gm, name)
    summary = send(gm, now=NOW)
    assert (summary.queued, summary.sent) == (SEATS * len(names), SEATS * len(names))
    assert _delivered(gm) == _reports(*names)
    again = send(gm, now=NOW)
    assert (again.queued, again.sent) == (0, 0)


def test_mails_an_older_wtg_queued_are_sent_once_after_the_upgrade(tmp_path: Path) -> None:
    """Issue 25, item 4: an outbox made by the old names (a wtg killed after it queued
    ``Mordor 1``'s reports and before it noted them mailed, then upgraded): those mails
    go out once, not again under their new names, and ``Mordor_1``, whose old names were
    the same, gets its own reports."""
    gm = _gm(tmp_path)
    for name in ("Mordor 1", "Mordor_1"):
        _old_game(gm, name)
    for p in players(SEATS):
        ident = f"report-Mordor 1-t0000-p{p.id:02d}"
        _legacy_copy(gm, ident, p.email, "queue")
        assert Outbox(gm.spool).known(ident)
        assert not Outbox(gm.spool).known(f"report-Mordor_1-t0000-p{p.id:02d}")
    summary = send(gm, now=NOW)
    assert (summary.queued, summary.sent) == (SEATS, 2 * SEATS)
    old = Counter(("an old mail", p.email) for p in players(SEATS))
    assert _delivered(gm) == old + _reports("Mordor_1")
    assert send(gm, now=NOW).sent == 0


def test_a_name_an_older_mail_holds_puts_the_new_mail_under_a_spare_name(
    tmp_path: Path,
) -> None:
    """Issue 25, item 4: an old mail of game ``a_20b`` lies under the name the new names
    give game ``a b``'s mail: the new mail goes under a spare name (its Message-ID
    naming it, so a bounce of it is still traced to its addressee) and is sent; the old
    one stands, and neither is taken for the other."""
    gm = _gm(tmp_path)
    _old_game(gm, "a b")
    taken = "report-a_20b-t0000-p01"
    assert compose.safe("report-a b-t0000-p01") == taken
    _legacy_copy(gm, taken, "other@players.example", "sent")
    outbox = Outbox(gm.spool)
    assert outbox.known(taken) and not outbox.known("report-a b-t0000-p01")
    summary = send(gm, now=NOW)
    assert (summary.queued, summary.sent) == (SEATS, SEATS)
    assert _delivered(gm) == _reports("a b")
    spare = gm.spool / "outbox" / "sent" / f"{taken}__2.eml"
    message_id = str(email.message_from_bytes(spare.read_bytes())["Message-ID"]).strip()
    assert message_id.startswith(f"<{taken}__2.")
    assert sent_to(Outbox(gm.spool), message_id, "wtg.example") == "p1@players.example"
    # the old mail cleared away as the docs allow: the spare one is still known
    (gm.spool / "outbox" / "sent" / f"{taken}.eml").unlink()
    assert Outbox(gm.spool).known("report-a b-t0000-p01")
    assert send(gm, now=NOW).queued == 0


def test_a_mail_with_no_free_name_is_refused_aloud(tmp_path: Path) -> None:
    """Issue 25, item 4: the outbox never drops a mail silently on a name that holds
    another: when its name and every spare hold other mails, ``add`` raises, naming it."""
    gm = _gm(tmp_path)
    ident = "remind-g1-t0001-p01"
    own = compose.safe(ident)
    folder = gm.spool / "outbox" / "sent"
    folder.mkdir(parents=True)
    for n, name in enumerate([own] + [f"{own}__{k}" for k in range(2, SPARES + 2)]):
        other = compose.message(f"other-{n}", GM, "x@players.example", "x", "x\n", when=NOW)
        other.replace_header("Message-ID", f"<{name}.{compose.digest(f'o{n}')}@wtg.example>")
        (folder / f"{name}.eml").write_bytes(compose.wire(other))
    outbox = Outbox(gm.spool)
    assert not outbox.known(ident)
    msg = compose.message(ident, GM, "p1@players.example", "s", "b\n", when=NOW)
    with pytest.raises(OutboxCollision, match="no free name for mail 'remind-g1-t0001-p01'"):
        outbox.add(ident, msg)
    shutil.rmtree(folder)
    assert Outbox(gm.spool).add(ident, msg)


@pytest.mark.parametrize(
    ("one", "two"),
    [
        ("report-Mordor 1-t0001", "report-Mordor_1-t0001"),
        ("report-Мордор", "report-Гондор"),
        ("x" * 300 + "a", "x" * 300 + "b"),
        ("é" * 64, "è" * 64),
        (".hidden", "_2ehidden"),
        ("a__2", "a_5f_5f2"),
    ],
)
def test_outbox_names_tell_every_two_ids_apart(one: str, two: str) -> None:
    """Issue 25, item 4: ``safe`` makes another name for every other id, a file name and
    a Message-ID part (letters, digits, ``.``, ``_``, ``-``; no leading dot; at most 170
    characters), however long or foreign the game's name."""
    names = [compose.safe(one), compose.safe(two)]
    assert names[0] != names[1]
    for name in names:
        assert 0 < len(name) <= compose.NAME_MAX and not name.startswith(".")
        assert all(c.isascii() and (c.isalnum() or c in "._-") for c in name)
