"""A report `wtg send` mailed to a mistyped address whose server took it: wtg had no way to
send it again to the address the GM corrected, and he mailed what `wtg report` printed by
hand. `wtg report GAME --player N --mail` queues the seat's report to his address in
game.yaml now, once: given again (after a kill before or after its write, or after the
send), it is never queued twice."""

from __future__ import annotations

import json
import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import GM, World
from tests.mail.maps import Drawing, parts, picture_of, text_of
from tests.mail.test_outbox_retry import folders, played
from wtg.cli import main
from wtg.files.store import ARCHIVE, ROLLBACK_RECORD
from wtg.game.engine import Game, open_game
from wtg.game.schedule import iso, parse_iso
from wtg.gm.rollback import rollbacks
from wtg.mail.outgoing import compose, pictures, reportagain
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.reportagain import PREFIX

GOOD = "p2@players.example"
TYPO = "p2@plyaers.example"


class Killed(Exception):
    """The command cut short here, as a kill would cut it."""


def wtg(config: Path, *args: str, code: int = 0) -> Result:
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert result.exit_code == code, result.output
    return result


def mistyped(tmp_path: Path) -> tuple[World, Path]:
    """Turn 0's reports sent, player 2's to the mistyped address, game.yaml mended since."""
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    yaml = world.game.store.root / "game.yaml"
    yaml.write_text(yaml.read_text().replace(GOOD, TYPO))
    wtg(config, "send", "-q")
    yaml.write_text(yaml.read_text().replace(TYPO, GOOD))
    return world, config


def again(world: World) -> dict[str, bytes]:
    return {name: raw for name, raw in world.outbox().items() if name.startswith(PREFIX)}


def turn_1_mailed_again(world: World, config: Path) -> str:
    """Turn 1 run and its reports sent, then player 2's mailed again: the name of the one
    mail queued for it."""
    played(world)
    wtg(config, "send", "-q")
    wtg(config, "report", "g1", "--player", "2", "--mail")
    (name,) = again(world)
    return name


def test_the_report_is_queued_to_the_address_now_and_sent_there_once(tmp_path: Path) -> None:
    world, config = mistyped(tmp_path)
    report = open_game(world.game.store.root).report(2, 0)
    done = wtg(config, "report", "g1", "--player", "2", "--mail")
    send = f"`wtg --config {config} send`"  # the config given, for the line copied
    assert done.stdout == f"game g1 player 2's report queued to {GOOD}: {send} mails it\n"
    ((name, raw),) = again(world).items()
    assert name.startswith(PREFIX) and name.endswith("-g1-t0000-p02")
    text = raw.decode().replace("\r\n", "\n")
    assert f"\nTo: {GOOD}\n" in text and TYPO not in text
    assert "Subject: [g1] turn 0 report for Player2\n" in text
    code = world.game.config.player(2).code
    assert f"CODE: {code}" in report and f"CODE: {code}" in text  # his form, his code
    assert "--config" not in text and str(config) not in text  # the GM's, not the player's
    # given again before the send: the one mail, not another
    twice = wtg(config, "report", "g1", "--player", "2", "--mail")
    assert twice.stdout == (
        f"game g1 player 2's report waits in the queue already, to {GOOD}: {send} mails it\n"
    )
    assert list(again(world)) == [name]
    before = len(world.sent())
    wtg(config, "send", "-q")
    went = world.sent()[before:]
    assert len(went) == 1 and f"To: {GOOD}" in went[0].read_text()
    # given again after the send: not mailed twice
    thrice = wtg(config, "report", "g1", "--player", "2", "--mail")
    assert thrice.stdout == (
        f"game g1 player 2's report was mailed to {GOOD} already ({name}): the same report is "
        "mailed to an address once\n"
    )
    assert again(world) == {}
    wtg(config, "send", "-q")
    assert len(world.sent()) == before + 1


def test_an_address_corrected_again_is_another_mail(tmp_path: Path) -> None:
    world, config = mistyped(tmp_path)
    wtg(config, "report", "g1", "--player", "2", "--mail")
    yaml = world.game.store.root / "game.yaml"
    yaml.write_text(yaml.read_text().replace(GOOD, "p2@other.example"))
    wtg(config, "report", "g1", "--player", "2", "--mail")
    tos = sorted(
        line
        for raw in again(world).values()
        for line in raw.decode().splitlines()
        if line.startswith("To:")
    )
    assert tos == ["To: p2@other.example", f"To: {GOOD}"]


@pytest.mark.parametrize("after_write", [False, True])
def test_killed_it_is_queued_when_given_again_and_never_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, after_write: bool
) -> None:
    world, config = mistyped(tmp_path)
    add = Outbox.add

    def dying(self: Outbox, ident: str, *args: object, **kwargs: object) -> bool:
        if after_write:
            add(self, ident, *args, **kwargs)  # type: ignore[arg-type]
        raise Killed(ident)

    monkeypatch.setattr(Outbox, "add", dying)
    killed = CliRunner().invoke(
        main, ["--config", str(config), "report", "g1", "--player", "2", "--mail"]
    )
    assert isinstance(killed.exception, Killed)
    monkeypatch.undo()
    assert len(again(world)) == int(after_write)
    done = wtg(config, "report", "g1", "--player", "2", "--mail")
    assert ("waits in the queue already" in done.stdout) is after_write
    assert len(again(world)) == 1


def test_the_gms_report_is_not_mailed(tmp_path: Path) -> None:
    world, config = mistyped(tmp_path)
    refused = wtg(config, "report", "g1", "--gm", "--mail", code=1)
    assert refused.stderr == "wtg: --mail goes with --player N: the GM's report is not mailed\n"
    assert again(world) == {}


def test_a_game_left_half_written_is_not_mailed_from(tmp_path: Path) -> None:
    world, config = mistyped(tmp_path)
    root = world.game.store.root
    (root / "takeover-under-way.json").write_text(
        '{"turn": 0, "seat": 3, "name": "New", "address": "new@example.org", '
        '"code": "NEWCODE234", "at": "2026-12-05T20:00:00+00:00"}',
        encoding="utf-8",
    )
    refused = wtg(config, "report", "g1", "--player", "2", "--mail", code=1)
    assert refused.stderr.startswith("wtg: game g1: ")
    assert refused.stderr.endswith(
        f": its report is not mailed before that is finished (`wtg --config {config} status g1` "
        "says what finishes it)\n"
    )
    assert again(world) == {}


def test_one_set_aside_goes_back_to_the_seats_address_on_file(tmp_path: Path) -> None:
    """A mail of the seat's, as a report is to `wtg outbox --retry`: put back to the
    address game.yaml has then."""
    world, config = mistyped(tmp_path)
    wtg(config, "report", "g1", "--player", "2", "--mail")
    (name,) = again(world)
    outbox = world.gm.spool / "outbox"
    (outbox / "failed").mkdir(exist_ok=True)
    (outbox / "queue" / f"{name}.eml").rename(outbox / "failed" / f"{name}.eml")
    yaml = world.game.store.root / "game.yaml"
    yaml.write_text(yaml.read_text().replace(GOOD, "p2@other.example"))
    retried = wtg(config, "outbox", "--retry", name)
    assert "p2@other.example" in retried.stdout, retried.output
    (raw,) = again(world).values()
    assert "\nTo: p2@other.example\r\n" in raw.decode()


def test_one_of_a_turn_rolled_back_since_is_set_aside_not_sent(tmp_path: Path) -> None:
    """Turn 1's report mailed again waits in the queue; the GM rolls back to turn 0. The
    turn it shows is no more: `wtg send` sets it aside as it does the turn's report, and
    mails the rest."""
    world, config = mistyped(tmp_path)
    name = turn_1_mailed_again(world, config)
    assert name.endswith("-g1-t0001-p02")
    wtg(config, "rollback", "g1", "--to", "0")
    (back,) = rollbacks(world.game.store)
    sent = wtg(config, "send")
    why = (
        f"game g1's turn 1 was rolled back to turn 0 since ({back.at}): that turn is no more, "
        "its mail is not sent (the mail of the turn as it is now goes)"
    )
    assert f"mail {name} set aside for good: {why} (kept in " in sent.stderr
    assert name in folders(world)["failed"] and name not in folders(world)["sent"]
    assert again(world) == {}
    # turn 1 run again: the report of it as it is now is mailed again under an id of its own
    anew = turn_1_mailed_again(world, config)
    assert anew.endswith("-g1-t0001-p02-g1")
    wtg(config, "send", "-q")
    assert anew in folders(world)["sent"]


def test_one_of_a_turn_run_again_since_is_set_aside_not_sent(tmp_path: Path) -> None:
    world, config = mistyped(tmp_path)
    name = turn_1_mailed_again(world, config)
    wtg(config, "run-turn", "g1", "--rerun", "--unchanged")  # its report mailed anew
    sent = wtg(config, "send")
    why = (
        f"game g1's turn 1 was run again since (`wtg --config {config} run-turn --rerun`): "
        "that turn is no "
        "more, its mail is not sent (the mail of the turn as it is now goes)"
    )
    assert f"mail {name} set aside for good: {why} (kept in " in sent.stderr
    assert name in folders(world)["failed"] and name not in folders(world)["sent"]


def test_one_of_a_game_whose_name_was_taken_again_is_set_aside(tmp_path: Path) -> None:
    """The report mailed again waits in the queue; the GM removes the game and makes it
    anew under its name: the mail was to a player of the game that is gone."""
    world, config = mistyped(tmp_path)
    wtg(config, "report", "g1", "--player", "2", "--mail")
    (name,) = again(world)
    shutil.rmtree(world.game.store.root)
    players = [f"--player=Player{i}:p{i}@players.example" for i in range(1, 5)]
    made = ["new-game", "g1", "--ruleset", "wok4", "--map", "small", *players, "--reuse-name"]
    wtg(config, *made)
    sent = wtg(config, "send")
    why = (
        "game g1's name was taken again by a new game since it was queued (`new-game "
        "--reuse-name`): the mail was to a player of the game before it, and is not sent"
    )
    assert f"mail {name} set aside for good: {why} (kept in " in sent.stderr
    assert name in folders(world)["failed"] and name not in folders(world)["sent"]


def first_report(world: World, seat: int) -> bytes:
    """The report of turn 0 `wtg send` mailed to the seat (to the mistyped address)."""
    (raw,) = [p.read_bytes() for p in world.sent() if p.name == f"report-g1-t0000-p{seat:02d}"]
    return raw


def test_it_carries_the_map_picture_wtg_send_gave_the_report(tmp_path: Path) -> None:
    """The seat's reports carry his map (MAP: on): the mail queued again carries the
    picture and the words `wtg send` gave the report it mails again, byte for byte."""
    world, config = mistyped(tmp_path)
    first = first_report(world, 2)
    assert parts(first) == ["text/plain", "image/png"]
    done = wtg(config, "report", "g1", "--player", "2", "--mail")
    assert done.stderr == ""
    (raw,) = again(world).values()
    assert parts(raw) == ["text/plain", "image/png"]
    assert picture_of(raw) == picture_of(first)
    assert picture_of(raw)[1] == "map-turn0.png"
    assert text_of(raw) == text_of(first)
    assert "The map after turn 0, as you may see it, is the picture map-turn0.png" in text_of(raw)


def test_a_game_without_pictures_is_mailed_its_text_alone(tmp_path: Path) -> None:
    world, config = mistyped(tmp_path)
    yaml = world.game.store.root / "game.yaml"
    yaml.write_text(yaml.read_text().replace("\nmap_pictures: true\n", "\nmap_pictures: false\n"))
    wtg(config, "report", "g1", "--player", "2", "--mail")
    (raw,) = again(world).values()
    assert parts(raw) == ["text/plain"]
    code = world.game.config.player(2).code
    assert text_of(raw) == open_game(world.game.store.root).report(2, 0)
    assert f"CODE: {code}" in text_of(raw) and "map-turn0.png" not in text_of(raw)


def test_a_drawing_that_fails_leaves_it_to_go_without_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world, config = mistyped(tmp_path)
    monkeypatch.setattr(pictures, "map_drawing", lambda: Drawing(failing=(2,)))
    done = wtg(config, "report", "g1", "--player", "2", "--mail")
    assert done.stderr == (
        "wtg: game g1 player 2's report goes without its map: g1 turn 0 p02: no map picture: "
        "RuntimeError: no ink for seat 2\n"
    )
    assert done.stdout.startswith(f"game g1 player 2's report queued to {GOOD}")
    (raw,) = again(world).values()
    assert parts(raw) == ["text/plain"]
    assert text_of(raw) == open_game(world.game.store.root).report(2, 0)


def test_a_seat_that_wrote_map_off_is_mailed_no_picture_and_told_how_to_get_it(
    tmp_path: Path,
) -> None:
    world, config = mistyped(tmp_path)
    form = world.aof(2).replace("=== END AOF ===", "MAP: off\n=== END AOF ===")
    world.mail(form, sender=GOOD)
    world.poll()
    assert world.game.settings().read()[2]["map"][0] == "off"
    wtg(config, "report", "g1", "--player", "2", "--mail")
    (raw,) = again(world).values()
    assert parts(raw) == ["text/plain"]
    text = text_of(raw)
    assert text.startswith(open_game(world.game.store.root).report(2, 0))
    assert text.endswith(
        "Map pictures are off for you. To get the map with your reports again,\n"
        'write the line "MAP: on" into your order form.\n'
    )


def test_the_undo_of_a_rollback_puts_back_one_it_set_aside(tmp_path: Path) -> None:
    """Turn 1's report mailed again waits in the queue; the GM rolls back from turn 2 to
    turn 0, and `wtg send` sets the mail aside for good. Before, `wtg rollback --undo` put
    back the turn's reports and press a send had set aside while the rollback stood, and
    left the report mailed again in failed/ (`wtg outbox --retry` alone brought it back):
    its turn counts again, as it ran, and it is sent. (The latest turn's report goes in the
    undo's notice to a player told of the rollback, as the report set aside does.)"""
    world, config = mistyped(tmp_path)
    name = turn_1_mailed_again(world, config)
    assert name.endswith("-g1-t0001-p02")
    played(world)
    wtg(config, "rollback", "g1", "--to", "0")
    wtg(config, "send", "-q")
    assert name in folders(world)["failed"]
    undone = wtg(config, "rollback", "g1", "--undo")
    assert name in folders(world)["queue"] and name not in folders(world)["failed"]
    assert "; 1 report or press a send had set aside" in undone.stdout, undone.stdout
    wtg(config, "send", "-q")
    assert name in folders(world)["sent"]
    assert again(world) == {}


def _a_minute_back(world: World) -> None:
    """The game's one rollback recorded a minute before it was made: the mail made after
    it is made a second later at least, whatever the clock did between."""
    (back,) = rollbacks(world.game.store)
    record = world.game.store.root / ARCHIVE / back.ident / ROLLBACK_RECORD
    data = json.loads(record.read_text(encoding="utf-8"))
    data["at"] = iso(parse_iso(back.at) - timedelta(minutes=1))
    record.write_text(json.dumps(data), encoding="utf-8")


def _old_ident(game: Game, seat: int, turn: int, to: str, text: str, mark: str) -> str:
    """The id an older wtg gave a report mailed again: no ``-gN``, no ``-rN``."""
    key = compose.digest(f"{to}\n{text}")[:12]
    return f"{PREFIX}{key}-{game.config.game}-t{turn:04d}-p{seat:02d}{mark}"


def test_one_an_older_wtg_queued_without_its_counts_is_listed_and_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older wtg named a report mailed again without ``-gN``/``-rN``: one queued after a
    rollback, of the turn run again since, is listed and sent (its Date is
    after the rollback: the rollback did not undo it), not set aside."""
    world, config = mistyped(tmp_path)
    played(world)
    wtg(config, "rollback", "g1", "--to", "0")
    _a_minute_back(world)
    played(world)
    wtg(config, "send", "-q")
    monkeypatch.setattr(reportagain, "ident", _old_ident)
    wtg(config, "report", "g1", "--player", "2", "--mail")
    (old,) = again(world)
    assert old.endswith("-g1-t0001-p02")
    listed = json.loads(wtg(config, "outbox", "--json").stdout)
    (mail,) = [m for m in listed["queued_mails"] if m["name"] == old]
    assert (mail["to"], mail["error"]) == (GOOD, None), mail
    sent = wtg(config, "send")
    assert old in folders(world)["sent"], sent.output
    assert "set aside" not in sent.stderr, sent.stderr


def test_one_an_older_wtg_queued_is_not_queued_again_under_the_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Given again after an upgrade, the command finds the mail an older wtg queued under
    its name without ``-gN``: the same report to the same address, not queued twice."""
    world, config = mistyped(tmp_path)
    played(world)
    wtg(config, "rollback", "g1", "--to", "0")
    played(world)
    wtg(config, "send", "-q")
    with monkeypatch.context() as patched:
        patched.setattr(reportagain, "ident", _old_ident)
        wtg(config, "report", "g1", "--player", "2", "--mail")
    (old,) = again(world)
    given = wtg(config, "report", "g1", "--player", "2", "--mail")
    assert list(again(world)) == [old], given.output
    assert "waits in the queue already" in given.output, given.output
