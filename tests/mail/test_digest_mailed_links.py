"""The digest mailed to the GM (`wtg digest --mail`, the service's daily digest) quotes what
strangers wrote: the game a held form names, the commands of a mail not answered. A stranger
wrote `GAME: https://wtg-login.example/reset` in a form, and the GM's digest, a mail from the
host's own address, carried it as a link his mail client made clickable (attack47). Every
web address in the mailed digest is defanged, as the press and the answers quoting a
sender's words defang them, and a line under it says why; the host's own words (its paths,
`docs/mail.md`) stay as they are."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from tests.test_gm_controls import body, queued
from wtg.mail.outgoing.digest import mail_and_mark, make_digest, mark_digest

GM = "gm@wtg.example"


def test_a_strangers_web_address_reaches_the_gm_defanged(tmp_path: Path) -> None:
    world = World(tmp_path)
    games = world.gm.games_dir
    mark_digest(world.gm.spool, NOW - timedelta(days=1))
    form = world.aof(1, X1="100").replace("GAME: g1", "GAME: https://wtg-login.example/reset")
    world.mail(form, sender="stranger@else.example")
    world.poll()
    made = make_digest(games, NOW + timedelta(minutes=5))
    assert "game 'https://wtg-login.example/reset'" in made.text()  # printed: as it came
    ident = mail_and_mark(games, GM, GM, made)
    assert ident is not None
    said = body(queued(tmp_path, ident)[ident])
    assert "https://" not in said and "wtg-login.example" not in said
    assert "game 'https[:]//wtg-login[.]example/reset'" in said
    assert " ".join(said.split()).endswith(
        "Web addresses in this digest are written with [.] and [:] (wtg-login[.]example) so "
        "that no mail client makes them links: the mails it quotes wrote them, not wtg."
    )
    assert f"{games}/.mail/archive/" in said  # the host's own path, kept whole


def test_a_digest_of_no_web_address_is_mailed_as_printed(tmp_path: Path) -> None:
    world = World(tmp_path)
    games = world.gm.games_dir
    mark_digest(world.gm.spool, NOW - timedelta(days=1))
    made = make_digest(games, NOW + timedelta(minutes=5))
    ident = mail_and_mark(games, GM, GM, made)
    assert ident is not None
    assert body(queued(tmp_path, ident)[ident]) == made.text()
