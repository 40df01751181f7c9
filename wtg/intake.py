"""Orders coming in: an AOF text or an order file (YAML), checked and stored for the turn."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wtg.aof.orderfile import orders_from_yaml, orders_to_yaml
from wtg.aof.parse import parse_aof
from wtg.aof.values import read_number, shown
from wtg.core.orders import OrderError, OrderRefused, RawEntry, Verdict, WrongCode
from wtg.core.ruleset import Ruleset
from wtg.gameconfig import GameConfig


@dataclass(slots=True)
class Submission:
    """Orders that were understood: whose, for which turn, and the verdict on every line."""

    player: int
    turn: int
    orders: dict[str, Any]
    verdicts: list[Verdict]
    source: str
    """"aof" or "yaml"."""
    notes: list[str] = field(default_factory=list)
    superseded: bool = False
    """True when later orders of the player were already on file: these were not stored."""

    def confirmation(self) -> str:
        """Every accepted order and every rejected line, in the order they were written."""
        lines = [f"Orders of player {self.player} for turn {self.turn}:"]
        ok = sum(1 for v in self.verdicts if v.accepted)
        lines.append(f"{ok} accepted, {len(self.verdicts) - ok} rejected.")
        lines.extend(v.describe() for v in self.verdicts)
        lines.extend(self.notes)
        return "\n".join(lines) + "\n"


_PLAYER = re.compile(r"\bPLAYER\s*:\s*(\d+)", re.IGNORECASE)


def split_forms(text: str, begin_marker: str) -> list[str]:
    """The forms in a text, one for each side: a Duel player mails three AOFs in one mail.

    A form whose PLAYER came before in the text is dropped: a reply that quotes the
    report under the filled-in form also quotes the report's blank form."""
    starts = [m.start() for m in re.finditer(re.escape(begin_marker), text, re.IGNORECASE)]
    if len(starts) < 2:
        return [text]
    chunks = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    seen: set[str] = set()
    forms = []
    for chunk in chunks:
        found = _PLAYER.search(chunk)
        key = found[1].lstrip("0") if found else ""
        if key not in seen:
            seen.add(key)
            forms.append(chunk)
    return forms


def looks_like_aof(text: str, begin_marker: str) -> bool:
    return begin_marker in text or "GAME:" in text.upper()


def read_submission(
    text: str,
    ruleset: Ruleset,
    config: GameConfig,
    state: Any,
    *,
    player: int | None,
    turn: int,
) -> Submission:
    """Check ``text`` against the game; raises OrderError when nothing can be stored."""
    form = ruleset.form
    if looks_like_aof(text, form.begin):
        return _from_aof(text, ruleset, config, state, player, turn)
    data, problems = orders_from_yaml(text)
    if data is None:
        raise OrderError("neither an order form nor an order file: " + "; ".join(problems))
    return _from_yaml(data, ruleset, state, player, turn)


def _from_aof(
    text: str,
    ruleset: Ruleset,
    config: GameConfig,
    state: Any,
    player: int | None,
    turn: int,
) -> Submission:
    outcome = parse_aof(ruleset.form, text)
    if outcome.problems:
        raise OrderError("; ".join(outcome.problems))
    header = outcome.header
    if header.get("game", "").lower() != config.game.lower():
        raise OrderError(f"this form is for game {header.get('game')!r}, not {config.game!r}")
    pid = _number(header.get("player"), "PLAYER")
    if player is not None and player != pid:
        raise OrderError(f"the form is player {pid}'s, not player {player}'s")
    try:
        seat = ruleset.seat_of(state, pid)
    except KeyError:
        raise OrderError(f"game {config.game} has no player {pid}") from None
    entry = next((p for p in config.players if p.id == seat), None)
    if entry is None:
        raise OrderError(f"player {pid} of game {config.game} takes no orders")
    if header.get("code", "").strip().upper() != entry.code.upper():
        raise WrongCode(config.game, pid)
    try:
        _check_turn(_number(header.get("turn"), "TURN"), turn)
    except OrderError as exc:
        raise OrderRefused(str(exc)) from exc
    return _judge(outcome.entries, outcome.bad, ruleset, state, pid, turn, "aof")


def _from_yaml(
    data: Mapping[str, Any],
    ruleset: Ruleset,
    state: Any,
    player: int | None,
    turn: int,
) -> Submission:
    entries, bad, problems = ruleset.entries_from_dict(data)
    if problems:
        raise OrderError("; ".join(problems))
    pid = int(data["player"])
    if player is not None and player != pid:
        raise OrderError(f"the order file is player {pid}'s, not player {player}'s")
    _check_turn(int(data["turn"]), turn)
    return _judge(entries, bad, ruleset, state, pid, turn, "yaml")


def _judge(
    entries: list[RawEntry],
    bad: list[Verdict],
    ruleset: Ruleset,
    state: Any,
    pid: int,
    turn: int,
    source: str,
) -> Submission:
    if pid not in ruleset.owing(state):
        raise OrderRefused(f"player {pid} has no orders to give this turn")
    acceptance = ruleset.accept(entries, state, pid)
    verdicts = sorted(bad + acceptance.verdicts, key=_verdict_order)
    return Submission(pid, turn, acceptance.orders, verdicts, source)


def _verdict_order(verdict: Verdict) -> tuple[int, str, int]:
    entry = verdict.entry
    return (entry.line if entry.line is not None else 0, entry.section, entry.position)


def _number(text: str | None, name: str) -> int:
    number = None if text is None else read_number(text, 9)
    if number is None:
        written = "nothing" if text is None else shown(text)
        raise OrderError(f"the form's {name} is not a number of at most 9 digits: {written}")
    return number


def _check_turn(written: int, expected: int) -> None:
    if written != expected:
        raise OrderError(
            f"these orders are for turn {written}, but the game expects turn {expected}"
        )


def order_file_text(submission: Submission) -> str:
    return orders_to_yaml(submission.orders)
