"""A GAME: line with a run of a million spaces in it (a mail under `mail.max_bytes`): the
glance at the games a mail names (``games_glanced``: which game's lock a mail takes, and
which share of a poll's helpers it goes to) took time that grew with the square of the run.
Under the poll's time limit each such mail was quarantined after
`mail.handle_seconds`, every player's mail waiting behind it; where a poll shares its
mails among its helpers, the glance runs before any mail is in hand and no limit stopped
it. The glance reads a line once, whatever it holds."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import GM, Hall, ann_and_bob
from wtg.aof.mailtext import games_glanced

RUN = " " * 900_000
"""The run in a mail: the mail stays under `mail.max_bytes` (1 MB)."""
SHORT = " " * 2_000


def _mail(sender: str, body: str, ident: str) -> bytes:
    head = f"From: {sender}\r\nTo: {GM}\r\nSubject: orders\r\nMessage-ID: <{ident}@else.example>"
    return f"{head}\r\n\r\n{body}".encode()


def test_a_run_of_spaces_in_a_game_line_is_glanced_as_the_regex_reads_it() -> None:
    """The value ends before the next TURN, PLAYER or CODE, or at the line's end, its
    trailing spaces left out; a header after it on the same line is read on."""
    texts = [
        f"GAME: wok4-1{SHORT}TURN: 1 PLAYER: 1",
        f"GAME: big{SHORT}game{SHORT}\n  game : g2 CODE: x game: g3\r\nGAME:{SHORT}\ngame: g4",
        f"\u0130 GAME: g5{SHORT}TURN: 2 GAME: g6 {SHORT}",
    ]
    assert games_glanced(texts) == ["wok4-1", f"big{SHORT}game", "g2", "g3", "g4", "g5", "g6"]


def test_a_mail_with_a_million_spaces_after_its_game_is_read_in_time(tmp_path: Path) -> None:
    """With `mail.handle_seconds` 5: Ann's orders whose header holds the run are filed, a
    stranger's form naming her game with the run after it is answered, and Bob's orders
    after both are filed: none is quarantined."""
    hall = Hall(tmp_path, handle_seconds=5)
    game = ann_and_bob(hall)
    ann, bob = sorted(game.config.players, key=lambda p: p.name)
    form = game.aof(ann.id).replace("X1: ___", "X1: 100")
    header = next(line for line in form.splitlines() if line.startswith("GAME:"))
    spaced = header.replace(" TURN:", f"{RUN}TURN:")
    hall.deliver(_mail(ann.email, form.replace(header, spaced), "ann"))
    hall.deliver(_mail("eve@else.example", f"=== BEGIN AOF ===\nGAME: wok4-1{RUN}x\n", "eve"))
    hall.deliver(_mail(bob.email, game.aof(bob.id).replace("X1: ___", "X1: 100"), "bob"))
    held, *stored = sorted(text for _key, text in hall.poll(hours=1).outcomes)
    assert held.startswith("held: the form names game 'wok4-1   "), held[:100]
    assert stored == sorted(f"stored: wok4-1 turn 1 player {p.id}" for p in (ann, bob))
