"""What the book forgets of a flood's mails let go (``database.forget_mails``): what their
commands did, but a command half done (a takeover's note, without its answers) and the
answer of a request that first mailed a code still waiting (a copy of it pasted back is
known by it); the rows of other mails, and those of the same key's prefix, stay."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from wtg.lobby.database import LobbyDatabase, done, forget_mails, remember

MOMENT = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
CODE = "ABCDEFGHJK"


def answer(asks: str | None = None, asked_before: bool = False) -> dict[str, object]:
    return {"replies": [{"to": "x@evil.example", "asks": asks, "asked_before": asked_before}]}


def test_a_floods_commands_are_forgotten_but_what_is_needed_still(tmp_path: Path) -> None:
    with LobbyDatabase(tmp_path) as book, book.write() as db:
        db.execute(
            "INSERT INTO pending (code, kind, address, target, name, seat, made) "
            "VALUES (?, 'join', 'x@evil.example', 'wok4', 'X', NULL, '2026-11-22T12:00:00Z')",
            (CODE,),
        )
        remember(db, "maildir:m1#1", answer(), MOMENT)  # a HELP
        remember(db, "maildir:m1#2", answer(), MOMENT)  # a LIST on the next line
        remember(db, "maildir:m2#1", answer(CODE), MOMENT)  # the request that mailed it
        remember(db, "maildir:m3#1", answer(CODE, asked_before=True), MOMENT)  # asked again
        remember(db, "maildir:m4#1", answer("GONEGONE00"), MOMENT)  # a code no longer waiting
        remember(db, "maildir:m5#1", {"game": "g1", "seat": 2}, MOMENT)  # a takeover half done
        remember(db, "maildir:m1x#1", answer(), MOMENT)  # another mail, its key longer
        remember(db, "maildir:m6#1", answer(), MOMENT)  # a mail not let go
        mails = ["maildir:m1", "maildir:m2", "maildir:m3", "maildir:m4", "maildir:m5"]
        assert forget_mails(db, mails) == 4
    with LobbyDatabase(tmp_path) as book:
        left = sorted(str(row["mail"]) for row in book.rows("SELECT mail FROM done"))
        assert left == ["maildir:m1x#1", "maildir:m2#1", "maildir:m5#1", "maildir:m6#1"]
        kept = done(book, "maildir:m2#1")
        assert kept is not None and json.dumps(kept).count(CODE) == 1
