"""Issue 12: a CR or LF in a game or player name (a hand-edited game.yaml) broke every later
`wtg send` with HeaderParseError. Now no text can add a header: a name is made harmless (its
line break a space), and an address that is not one address refuses its one mail for good,
with the reason in the outbox's failed folder; every other mail goes out."""

from __future__ import annotations

import email
import email.policy
import json
from pathlib import Path

from click.testing import CliRunner

from tests.mail.loop import World
from wtg.cli import main
from wtg.mail.servers.transport import envelope
from wtg.text.yamlio import dump_yaml, load_yaml

EVIL = "\r\nBcc: evil@example.org"
MAIL = "report-g1_0d_0aBcc_3a_20evil_40example.org-t0000-p{:02d}"
"""The outbox name of a report: the game name made fit for a file name (each character
but a letter, digit, dot or hyphen written `_` and its bytes in hex)."""


def edit_game_yaml(world: World, game: str, names: dict[int, str], emails: dict[int, str]) -> None:
    """What a GM's editor might leave in game.yaml; the folder renamed with the game (a
    game's name edited in its own folder is refused: ``wtg.game.madewith``)."""
    root = world.game.store.root
    path = root / "game.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    data["game"] = game
    for player in data["players"]:
        player["name"] = names.get(player["id"], player["name"])
        player["email"] = emails.get(player["id"], player["email"])
    path.write_text(dump_yaml(data), encoding="utf-8")
    root.rename(root.with_name(game))


def wtg_send(world: World, tmp_path: Path, status: int = 0) -> str:
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "send"], catch_exceptions=False)
    assert result.exit_code == status, result.output
    return result.output


def test_a_line_break_in_game_yaml_adds_no_header_and_stops_no_other_mail(tmp_path: Path) -> None:
    world = World(tmp_path)
    edit_game_yaml(
        world,
        game="g1" + EVIL,
        names={2: "Alice" + EVIL},
        emails={3: "p3@players.example" + EVIL},
    )
    output = wtg_send(world, tmp_path, status=1)  # one set aside: the GM's to see to
    assert "4 reports queued; 3 mails sent, 0 waiting to be retried, 1 refused for good" in (output)
    sent = {path.name: path.read_bytes() for path in world.sent()}
    assert sorted(sent) == [MAIL.format(seat) for seat in (1, 2, 4)]
    for raw in sent.values():
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        assert msg["Bcc"] is None
        assert envelope(raw)[1] == [str(msg["To"])]
        assert "evil@example.org" not in str(msg["To"])
    alice = email.message_from_bytes(sent[MAIL.format(2)], policy=email.policy.default)
    assert alice["To"] == "p2@players.example"
    assert alice["Subject"].strip() == (
        "[g1 Bcc: evil@example.org] turn 0 report for Alice Bcc: evil@example.org"
    )
    failed = world.gm.spool / "outbox" / "failed"
    (note,) = failed.glob("*.json")
    assert note.name == MAIL.format(3) + ".json"
    assert json.loads(note.read_text(encoding="utf-8")) == {
        "error": "To: 'p3@players.example\\r\\nBcc: evil@example.org' holds a line break or "
        "control character"
    }
    head = (failed / f"{MAIL.format(3)}.eml").read_bytes().split(b"\r\n\r\n")[0]
    assert b"\r\nTo:" not in head and b"\r\nBcc:" not in head
    again = wtg_send(world, tmp_path)
    assert "0 reports queued; 0 mails sent, 0 waiting to be retried, 0 refused" in again
