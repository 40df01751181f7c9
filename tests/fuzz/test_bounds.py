"""Issue 12, "Why": one message must not stop every poll, and no small mail may cost without
bound. Each named input goes through `wtg poll` (a whole poll of a real game's maildir) and,
where it applies, `wtg orders`, in a process of its own under RLIMIT_CPU (2 s beyond start-up:
SIGXCPU kills it) (tests/fuzz/bounded.py). It must be handled: no exception, no traceback,
rejected or answered with a reason, the process's peak RSS under 200 MB."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fuzz.bounded import MEMORY_BYTES
from tests.fuzz.inputs import alias_bomb, nested_blockquotes, nested_multiparts
from tests.mail.loop import World

ROOT = Path(__file__).resolve().parents[2]
BOMB = alias_bomb()
LIMIT_MB = MEMORY_BYTES / 1024 / 1024


def bounded(*args: str) -> tuple[dict[str, object], str]:
    """Run tests/fuzz/bounded.py; its JSON verdict and what it wrote to stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "tests.fuzz.bounded", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"killed or failed ({done.returncode}): {done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    verdict = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(verdict, dict)
    assert float(verdict["peak_rss_mb"]) < LIMIT_MB, verdict
    return verdict, done.stderr


def mail(body: bytes, content_type: str = "text/plain; charset=utf-8") -> bytes:
    head = (
        "From: p1@players.example\nTo: gm@wtg.example\nSubject: orders\n"
        f"Message-ID: <bound@players.example>\nMIME-Version: 1.0\nContent-Type: {content_type}\n\n"
    )
    return head.encode() + body


def polled(world: World, raw: bytes) -> list[str]:
    path = world.gm.games_dir.parent / "input.eml"
    path.write_bytes(raw)
    verdict, _ = bounded("poll", str(world.gm.games_dir.parent), str(path))
    outcomes = verdict["outcomes"]
    assert isinstance(outcomes, list) and len(outcomes) == 1, verdict
    assert not str(outcomes[0]).startswith("quarantine"), outcomes
    return [str(o) for o in outcomes]


def ordered(world: World, text: str) -> str:
    path = world.gm.games_dir.parent / "input.txt"
    path.write_text(text, encoding="utf-8")
    verdict, stderr = bounded("orders", str(world.game.store.root), str(path))
    assert verdict["exit"] == 2, (verdict, stderr)
    assert "wtg: orders not stored: " in stderr
    return stderr


def test_the_bomb_is_small_and_unfolds_into_387_million_strings() -> None:
    assert len(BOMB.encode()) <= 610
    assert BOMB.count("*") == 8 * 9 + 2 and 9**9 == 387_420_489


def test_a_yaml_alias_bomb_is_refused_by_wtg_orders(tmp_path: Path) -> None:
    stderr = ordered(World(tmp_path), BOMB)
    assert "anchors (&a) are not allowed" in stderr


def test_a_yaml_alias_bomb_by_mail_is_handled(tmp_path: Path) -> None:
    world = World(tmp_path)
    body = "=== begin aof ===\n" + BOMB  # the extractor finds the marker in any case
    (outcome,) = polled(world, mail(body.encode()))
    assert outcome.startswith(("rejected: ", "answered: "))
    assert not world.game.store.pending_orders(1)


def test_a_thousand_nested_multiparts_are_handled(tmp_path: Path) -> None:
    world = World(tmp_path)
    raw = mail(nested_multiparts(1000, world.aof(1, X1="100").encode()), "multipart/mixed")
    raw = raw.replace(b"Content-Type: multipart/mixed\n\n", b"", 1)  # the tree gives its own
    (outcome,) = polled(world, raw)
    assert outcome == "answered: help sent"


def test_nested_blockquotes_of_384_kb_are_handled(tmp_path: Path) -> None:
    world = World(tmp_path)
    html = nested_blockquotes(384_000, world.aof(1, X1="100"))
    (outcome,) = polled(world, mail(html.encode(), "text/html; charset=utf-8"))
    assert outcome.startswith(("stored: ", "rejected: ", "answered: ", "ignored: "))


def test_a_declared_unicode_escape_charset_is_handled(tmp_path: Path) -> None:
    world = World(tmp_path)
    # unicode_escape would read a lone surrogate; X2 is rejected, X1 filed
    text = world.aof(1, X1="100", X2="150 \\ud800")
    (outcome,) = polled(world, mail(text.encode(), "text/plain; charset=unicode_escape"))
    assert outcome == "stored: g1 turn 1 player 1"


def test_a_superscript_player_number_by_mail_is_rejected(tmp_path: Path) -> None:
    world = World(tmp_path)
    text = world.aof(1, X1="100").replace("PLAYER: 1", "PLAYER: \u00b9")
    (outcome,) = polled(world, mail(text.encode()))
    assert outcome.startswith("rejected: ")
    assert not world.game.store.pending_orders(1)


def test_a_superscript_player_number_is_refused_by_wtg_orders(tmp_path: Path) -> None:
    world = World(tmp_path)
    text = world.aof(1, X1="100").replace("PLAYER: 1", "PLAYER: \u00b9")
    stderr = ordered(world, text)
    assert "line 3: PLAYER must be a number, found '\u00b9'" in stderr


@pytest.mark.parametrize("key", ["PLAYER", "TURN"])
def test_a_number_of_4301_digits_is_refused_by_wtg_orders(tmp_path: Path, key: str) -> None:
    world = World(tmp_path)
    aof = world.aof(1, X1="100")
    text = aof.replace(f"{key}: 1", f"{key}: " + "1" * 4301)
    stderr = ordered(world, text)
    assert f"line 3: {key} must be a number, found '{'1' * 24}'" in stderr


def test_a_number_of_4301_digits_in_an_order_file_is_refused(tmp_path: Path) -> None:
    stderr = ordered(World(tmp_path), "player: " + "1" * 4301 + "\nturn: 1\n")
    assert f"the order file: PLAYER must be a number, found '{'1' * 24}'" in stderr


def test_a_number_of_4301_digits_by_mail_is_rejected(tmp_path: Path) -> None:
    world = World(tmp_path)
    text = world.aof(1, X1="100").replace("PLAYER: 1", "PLAYER: " + "1" * 4301)
    (outcome,) = polled(world, mail(text.encode()))
    assert outcome.startswith("rejected: ")


def test_a_line_of_a_million_quote_marks_is_handled(tmp_path: Path) -> None:
    """Before: the quote-prefix pattern was a repeated group, and the regex engine kept a
    frame for each repetition: 80 MB for half a million."""
    world = World(tmp_path)
    text = world.aof(1, X1="100").replace("X2: ___", ">" * 950_000 + " X2: 150")
    (outcome,) = polled(world, mail(text.encode()))
    assert outcome == "stored: g1 turn 1 player 1"
    ordered(world, "=== BEGIN AOF ===\n" + ">" * 2_000_000 + "\n")
