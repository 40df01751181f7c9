"""A parsed copy a kill left beside older orders (the copy is written first,
``GameStore.save_pending``) read by a rollback and by its undo only while it is its order
file's copy (``wtg.files.store.parsed_meta``): the rollback made the new mail's arrival
key that of the older orders it made pending again, so the mail read again after the turn
ran anew was answered that the turn ran with it; the undo took orders a player's filing
never stored for orders he sent since the rollback, and told him they were set aside."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.test_rollback import send_orders
from tests.test_rollback_undo import wtg
from tests.test_rollback_undo_untold import NOW, host, mails
from wtg.cli.demo import filled_aof
from wtg.core.orders import OrderRefused
from wtg.game.arrivalkey import arrival_key
from wtg.game.engine import Game
from wtg.game.intake import Submission
from wtg.gm.control import rollback
from wtg.mail.outgoing.sender import send
from wtg.rules.wok.state import WokState

EARLY = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)
ATTACK = "A1: 02   05 012"


def test_a_rollback_does_not_make_older_orders_the_mail_whose_copy_was_left(
    small_game: Game[WokState],
) -> None:
    """The kill falls between mail B's parsed copy and its order file: the turn runs with
    mail A's orders. The rollback made them pending again under B's key, so the turn run
    again was said to have run with B, read again by the next poll: it never had them."""
    game = small_game
    pending = game.store.pending_dir(1)
    key_a = arrival_key(EARLY, "mail-a")
    key_b = arrival_key(EARLY + timedelta(hours=1), "mail-b")
    for seat in (1, 2, 3):
        game.submit(filled_aof(game, seat))
    text_a = filled_aof(game, 4)
    assert text_a.count(ATTACK) == 1
    text_b = text_a.replace(ATTACK, "A1: 02   05 011")
    game.submit_all(text_a, received=EARLY, order_key=key_a, via="mail")
    old_yaml = (pending / "p04.yaml").read_bytes()
    game.submit_all(text_b, received=EARLY + timedelta(hours=1), order_key=key_b, via="mail")
    (pending / "p04.yaml").write_bytes(old_yaml)  # the kill: B's copy, A's order file
    game.run_turn(force=True)
    rollback(game, 0, datetime.now(timezone.utc))
    assert game.store.pending_meta(1, 4).get("order_key") != key_b
    game.run_turn(force=True)  # with A's orders again
    (again,) = game.submit_all(
        text_b, received=EARLY + timedelta(hours=1), order_key=key_b, via="mail"
    )
    assert not isinstance(again, Submission), again.notes
    assert isinstance(again, OrderRefused)
    assert "turn 1" in str(again).lower(), str(again)


def test_an_undo_does_not_take_a_filing_cut_short_for_orders_sent_since(
    tmp_path: Path,
) -> None:
    """After the rollback player 2's mail is filed but for its order file (the kill): the
    orders pending are still those the turn ran with. He was told of the undo as one whose
    orders sent since were set aside."""
    gm, game = host(tmp_path)
    send(gm, now=NOW)
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    path = game.store.pending_dir(1) / "p02.yaml"
    restored = path.read_bytes()
    send_orders(game, only=(2,))
    path.write_bytes(restored)  # the kill: the mail's copy, the restored order file
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0 and "0 notices queued" in said and "4 players not told" in said, said
    assert mails(gm, "queue", "unrollback-") == []


def test_an_undo_of_a_rollback_of_a_turn_run_beside_a_stale_copy_tells_nobody(
    tmp_path: Path,
) -> None:
    """The turn ran with player 2's orders beside a later mail's copy (the kill): the
    rollback made them pending again without that mail's key, and the undo finds them the
    orders the turn ran with all the same, by their orders."""
    gm, game = host(tmp_path)
    received = game.store.turn_dir(1) / "received"
    copy = received / "p02.parsed.json"
    later = json.loads(copy.read_text(encoding="utf-8"))
    later.update(order_key="a later mail", sha256=hashlib.sha256(b"its orders").hexdigest())
    copy.write_text(json.dumps(later), encoding="utf-8")
    assert wtg(gm.games_dir, "rollback", "g1", "--to", "0")[0] == 0
    code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0 and "0 notices queued" in said and "4 players not told" in said, said
