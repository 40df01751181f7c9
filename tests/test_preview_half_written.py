"""`wtg run-turn GAME --preview OUT` of a game a writer is at work on, or left half done
(killed, SIGKILL, between its writes): refused, saying why and what finishes it, with
nothing written, neither OUT nor the recovery the next writer's lock makes. Before, the
preview took no lock and read the game as it was: a rollback cut short halfway through
its moves of turns, a turn being written by another process."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from tests import killpoints
from tests.test_kill_rollback import files, template
from wtg.files.filelock import exclusive
from wtg.files.store import LOCK_FILE, LOCKED

KILLS = 8


def preview(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return killpoints.wtg(["--config", str(config), "run-turn", "g1", "--preview", str(out)])


def rollback_host(tmp_path: Path) -> tuple[Path, list[str], Callable[[], None]]:
    """Game g1 (three turns run) in the games folder of a config at ``tmp_path``, copied from a
    template: the config, the arguments of its rollback to turn 1, and what puts the games
    folder back as the template is before each kill."""
    original = template(tmp_path / "template" / "g1")
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    args = ["--config", str(config), "rollback", "g1", "--to", "1"]
    games = tmp_path / "games"
    fresh = killpoints.restorer(original, games / "g1", clearing=games)
    fresh()
    return config, args, fresh


def test_a_preview_of_a_game_a_rollback_cut_short_is_refused_and_writes_nothing(
    tmp_path: Path,
) -> None:
    config, args, fresh = rollback_host(tmp_path)
    games = tmp_path / "games"
    root = games / "g1"
    whole = killpoints.whole(args, games)
    refused = 0
    for at, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        marks = sorted(p.parent.name for p in (root / "archive").glob("*/.unfinished"))
        before = files(root)
        out = tmp_path / f"out-{at}"
        shown = preview(config, out)
        if not marks:  # killed before the rollback counted, or once it was done
            continue
        refused += 1
        assert shown.returncode == 1, (at, shown.stdout)
        assert shown.stderr.startswith(
            f"wtg: game g1: a rollback (archive/{marks[0]}) was cut short: the latest turn "
            f"may be half rewritten, and `wtg --config {config} run-turn g1` finishes what was "
            "cut short before it runs the turn: nothing was previewed"
        ), (at, shown.stderr)
        assert not out.exists(), at
        assert files(root) == before, at  # no recovery either: a preview writes nothing
    assert refused, "no kill point left a rollback cut short"


def test_a_preview_while_a_writer_holds_the_game_s_lock_is_refused(tmp_path: Path) -> None:
    root = template(tmp_path / "games" / "g1")
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    out = tmp_path / "out"
    with exclusive(root / LOCK_FILE, lambda: AssertionError("locked")):
        shown = preview(config, out)
    assert shown.returncode == 1
    said = LOCKED.replace("`wtg serve`", f"`wtg --config {config} serve`")  # as given
    assert shown.stderr == f"wtg: {root} {said}\n"
    assert not out.exists()
    shown = preview(config, out)  # the writer done: previewed
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(f"turn 4 of game g1 previewed in {out}: ")


READERS = (
    ["topten", "g1"],
    ["report", "g1", "--player", "1"],
    ["state", "g1"],
    ["state", "g1", "--json"],
    ["map", "g1"],
)
"""The commands that print a game as they find it, writing nothing: `wtg state` and `wtg
map` said nothing of a rollback cut short (kill21 gave topten and report the note)."""


def test_readers_of_a_game_a_rollback_cut_short_note_it(tmp_path: Path) -> None:
    """They write nothing, and still print the game as they find it; a note on stderr
    (never on stdout: `wtg state --json` stays JSON) says that the rollback cut short is
    not finished, and where to read what finishes it (before, they showed turn 3, to be
    taken back, without a word)."""
    config, args, fresh = rollback_host(tmp_path)
    games = tmp_path / "games"
    root = games / "g1"
    whole = killpoints.count(args, games)
    noted = 0
    for at, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        marks = sorted(p.parent.name for p in (root / "archive").glob("*/.unfinished"))
        for command in READERS:
            shown = killpoints.wtg(["--config", str(config), *command])
            assert shown.returncode == 0, (at, shown.stderr)
            assert shown.stdout, at
            if "--json" in command:
                assert json.loads(shown.stdout)["turn"] in (1, 3), at
            if not marks:
                assert shown.stderr == "", (at, shown.stderr)
                continue
            noted += 1
            assert shown.stderr == (
                f"wtg: note: game g1: a rollback (archive/{marks[0]}) was cut short: what is "
                "shown here may change once the next command on the game finishes it (`wtg "
                f"--config {config} status g1` says what finishes it)\n"
            ), at
    assert noted
