"""Where a poll's CPU goes, stage by stage: each stage's function is wrapped to add up the
thread's CPU time inside it (inclusive: a stage counts what it calls), for the benchmarks'
``--stages``. A wrapped call costs about a microsecond more; cProfile costs every call."""

from __future__ import annotations

import importlib
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

STAGES = (
    ("handle one mail", "wtg.mail.poll.poller", "Poller", "handle"),
    ("  archive the raw mail", "wtg.mail.poll.poller", "Poller", "_archive"),
    ("  parse the MIME tree", "wtg.mail.poll.poller", None, "parse_mail"),
    ("  robot and bounce checks", "wtg.mail.poll.poller", None, "auto_reply_reason"),
    ("  find the text with the AOF", "wtg.mail.poll.poller", None, "extract_from_message"),
    ("  the mail it answers, read back", "wtg.mail.incoming.commands", "Commands", "copied_text"),
    ("  the games it names (glance)", "wtg.mail.incoming.answers", None, "games_glanced"),
    ("  commands typed beside the form", "wtg.mail.incoming.answers", None, "typed_beside_a_form"),
    ("  check and file the orders", "wtg.game.engine", "Game", "submit_all"),
    ("    find and read the form's copies", "wtg.game.intake", None, "find_all"),
    ("    the door and the rules' checks", "wtg.game.intake", "Door", "judge"),
    ("    write the order file", "wtg.game.filing", None, "_file"),
    ("  answer: the confirmation", "wtg.mail.incoming.answers", "Answers", "_confirm"),
    ("    forecast", "wtg.rules.wok.ruleset", "WokRuleset", "forecast"),
    ("    the verdict lines (masked, wrapped)", "wtg.mail.incoming.answers", None, "_described"),
    ("    render the template", "wtg.mail.outgoing.compose", None, "render"),
    ("    compose and queue the mail", "wtg.mail.incoming.answers", "Answers", "_queue"),
    ("      the mail made (headers, QP)", "wtg.mail.outgoing.compose", None, "message"),
    ("      its outbox name looked up", "wtg.mail.outgoing.outbox", "Outbox", "free_name"),
    ("      mail and picture request written", "wtg.mail.outgoing.outbox", "Outbox", "put"),
    ("commit a batch (flush, journal)", "wtg.mail.poll.poller", "Poller", "_commit"),
)


@contextmanager
def counted() -> Iterator[Counter[str]]:
    """Wrap every stage while the block runs; yields the nanoseconds of each, by label."""
    spent: Counter[str] = Counter()
    undo: list[tuple[Any, str, Any]] = []
    for label, module_name, owner_name, name in STAGES:
        module = importlib.import_module(module_name)
        owner = getattr(module, owner_name) if owner_name else module
        original = getattr(owner, name)
        undo.append((owner, name, original))
        setattr(owner, name, _timed(label, original, spent))
    try:
        yield spent
    finally:
        for owner, name, original in reversed(undo):
            setattr(owner, name, original)


def _timed(label: str, function: Callable[..., Any], spent: Counter[str]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        begin = time.thread_time_ns()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] += time.thread_time_ns() - begin

    return timed


def table(spent: Counter[str], mails: int, total: float) -> str:
    """The stages as a table: µs of CPU a mail, and the share of the poll's CPU."""
    lines = [f"  {'stage (CPU, inclusive)':40} {'a mail':>9} {'share':>6}"]
    for label, *_ in STAGES:
        micro = spent[label] / 1e3 / mails
        lines.append(f"  {label:40} {micro:6.0f} µs {micro / 1e6 * mails / total:6.0%}")
    return "\n".join(lines)
