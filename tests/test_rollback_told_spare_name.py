"""`wtg status` said a rollback was cut short before every player was told when a player's
notice lay under a spare name of the outbox (``Outbox.free_name``: ``<name>__2``, given
when its own name holds another id's mail, as an outbox of an older wtg may, whose names
two ids could share). It looked for each notice under its own name alone; it asks the
outbox, which finds a mail under its own, a spare or an older name by the id it carries."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import players
from tests.test_gm_controls import run
from wtg.game.engine import create_game
from wtg.mail.outgoing.compose import digest

CONFIG = "games_dir: games\nfrom: Game Master <gm@example.org>\n"


def test_a_notice_under_a_spare_name_is_told(tmp_path: Path) -> None:
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", players(4), 7)
    game.run_turn()
    game.run_turn()
    (tmp_path / "wtg.yaml").write_text(CONFIG, encoding="utf-8")
    run(tmp_path, "rollback", "g1", "--to", "1")

    def owed() -> list[str]:
        found: list[str] = json.loads(run(tmp_path, "status", "g1", "--json").stdout)["owed"]
        return found

    assert owed() == []
    outbox = tmp_path / "games" / ".mail" / "outbox"
    (notice,) = outbox.glob("queue/rollback-*-g1-p01.eml")
    name = notice.stem
    notice.rename(notice.with_name(f"{name}__2.eml"))  # queued as under a collision
    other = digest("another id an older outbox named alike")
    (outbox / "sent" / f"{name}.eml").write_text(
        f"Message-ID: <{name}.{other}@example.org>\nSubject: an older mail\n\nold\n",
        encoding="utf-8",
    )
    assert owed() == []  # the notice is there, under its spare name
    (outbox / "queue" / f"{name}__2.eml").unlink()  # and with it gone, it is owed
    (line,) = owed()
    assert "was cut short before every player was told" in line, line


def test_status_asking_the_outbox_makes_none_of_its_folders(tmp_path: Path) -> None:
    """`wtg status` asked the outbox whether a rollback's notices lie there by opening it as
    a send does, which makes its folders: a GM who had emptied outbox/sent/ by removing it
    found it made again by a status, and one run by root (sudo) made a root's folder the
    GM's `wtg send` could not move a mail into. A status reads; a folder missing holds no
    mail."""
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", players(4), 7)
    game.run_turn()
    game.run_turn()
    (tmp_path / "wtg.yaml").write_text(CONFIG, encoding="utf-8")
    run(tmp_path, "rollback", "g1", "--to", "1")
    outbox = tmp_path / "games" / ".mail" / "outbox"
    for part in ("sent", "pictures"):
        (outbox / part).rmdir()
    shown = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert shown["owed"] == []  # the notices queued: told
    assert sorted(p.name for p in outbox.iterdir()) == ["failed", "queue"]
    for notice in outbox.glob("queue/rollback-*-g1-p*.eml"):
        notice.unlink()
    (line,) = json.loads(run(tmp_path, "status", "g1", "--json").stdout)["owed"]
    assert "was cut short before any player was told" in line, line
    assert sorted(p.name for p in outbox.iterdir()) == ["failed", "queue"]
