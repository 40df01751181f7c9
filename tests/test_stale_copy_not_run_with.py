"""review39: an order file's parsed copy left beside older orders by a kill (the copy is
written first, ``GameStore.save_pending``) is not those orders' for a mail read again after
the turn ran, nor does a copy that is not the order file's lose the arrival key of the
orders on file (a GM's hand edit)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.test_pending_copy_stale import unready
from wtg.cli.demo import filled_aof
from wtg.core.orders import OrderRefused
from wtg.game.arrivalkey import arrival_key
from wtg.game.engine import Game
from wtg.game.intake import Submission
from wtg.game.schedule import iso
from wtg.rules.wok.state import WokState

EARLY = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)


def test_a_mail_read_again_after_its_filing_was_cut_short_is_not_said_run_with(
    small_game: Game[WokState],
) -> None:
    """The kill falls between mail B's parsed copy and its order file: the order file is
    still mail A's, and the turn runs with A's orders. Mail B read again by the next poll
    was answered 'Turn 1 has run with them since: nothing more was stored', read from B's
    copy; the turn never had them: it is refused as late, as any mail after its turn."""
    game = small_game
    pending = game.store.pending_dir(game.latest_turn() + 1)
    key_a = arrival_key(EARLY, "mail-a")
    key_b = arrival_key(EARLY + timedelta(hours=1), "mail-b")
    for seat in (1, 2, 3):
        game.submit(filled_aof(game, seat))
    game.submit_all(unready(filled_aof(game, 4)), received=EARLY, order_key=key_a)
    old_yaml = (pending / "p04.yaml").read_bytes()
    text_b = filled_aof(game, 4)
    game.submit_all(text_b, received=EARLY + timedelta(hours=1), order_key=key_b)
    (pending / "p04.yaml").write_bytes(old_yaml)  # the kill: B's copy, A's order file
    game.run_turn(force=True)
    (again,) = game.submit_all(
        text_b, received=EARLY + timedelta(hours=1), order_key=key_b, via="mail"
    )
    assert not isinstance(again, Submission), again.notes
    assert isinstance(again, OrderRefused)
    assert "turn 1" in str(again).lower(), str(again)


def test_an_order_file_edited_by_hand_keeps_its_arrival(small_game: Game[WokState]) -> None:
    """A GM's hand edit of the order file makes its parsed copy not its copy: its READY is
    read from the file (the lead's round 39); when the orders on file arrived, and their
    arrival key, are still the copy's: an older mail read after it (a relay that held it)
    does not replace them, and status says when they came."""
    game = small_game
    pending = game.store.pending_dir(game.latest_turn() + 1)
    later = EARLY + timedelta(hours=1)
    game.submit_all(filled_aof(game, 2), received=later, order_key=arrival_key(later, "new"))
    path = pending / "p02.yaml"
    edited = path.read_text(encoding="utf-8").replace("ready: true", "ready: false")
    path.write_text(edited, encoding="utf-8")
    meta = game.store.pending_meta(game.latest_turn() + 1, 2)
    assert meta["ready"] is False
    assert meta["received"] == iso(later)
    assert meta["order_key"] == arrival_key(later, "new")
    (older,) = game.submit_all(
        unready(filled_aof(game, 2)), received=EARLY, order_key=arrival_key(EARLY, "old")
    )
    assert getattr(older, "superseded", False) is True
    assert path.read_text(encoding="utf-8") == edited
