"""docs/rules/<ruleset>.md names, for every rule, the code and the test: those must exist."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ("wok", "wok4", "standard", "intermediate", "wisk", "tactics")


def names_in(path: Path) -> set[str]:
    return set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))


def resolve_test_file(name: str, tests: Path) -> Path | None:
    for base in (ROOT, tests):
        if (base / name).is_file():
            return base / name
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_test_the_rulings_name_exists(ruleset: str) -> None:
    doc = ROOT / "docs" / "rules" / f"{ruleset}.md"
    tests = ROOT / "tests" / "rules" / ruleset
    missing = []
    checked = 0
    current: Path | None = None  # "`::name`" continues the file named before it
    for cell in re.findall(r"`([^`]*(?:::|test_\w+\.py)[^`]*)`", doc.read_text(encoding="utf-8")):
        file_part, _, name = cell.partition("::")
        path = resolve_test_file(file_part, tests) if file_part else current
        current = path
        if path is None:
            missing.append(cell)
            continue
        if name and not fnmatch.filter(names_in(path), name):
            missing.append(cell)
        checked += 1
    assert checked > 10
    assert missing == [], missing


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rule_test_file_is_named_in_the_rulings(ruleset: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    for path in (ROOT / "tests" / "rules" / ruleset).glob("test_*.py"):
        assert path.name in text, f"{path.name} is not referenced in {ruleset}.md"


SEEDS = {"wisk": "002_0e98967d14176718", "tactics": "004_c6f9ba956069c95d"}
"""The rulings pages whose quotes are checked, each with its rule text (tests/seedprint.py).
The WoK family's pages are not checked yet: they quote several texts and paraphrase
in double quotes in places."""


def quoted(doc: str) -> list[str]:
    """Every passage a rulings page puts in double quotes, outside code; a paragraph or a
    table row with an odd number of quote marks is an error of its own."""
    text = re.sub(r"```.*?```", "", doc, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    passages = []
    for block in re.split(r"\n\s*\n|\n(?=\|)", text):
        assert block.count('"') % 2 == 0, f"unbalanced quote marks in: {block[:200]}"
        passages += re.findall(r'"([^"]*)"', block)
    return [p for p in passages if p.strip()]


@pytest.mark.parametrize("ruleset", sorted(SEEDS))
def test_every_quote_is_the_texts_own_words(ruleset: str) -> None:
    """The seeds' README: "Where a text is silent or contradicts itself, the project makes a
    ruling, writes it down in `docs/rules/<ruleset>.md` with the sentence it rules on": a
    passage in double quotes is the rule text's, word for word ("..." leaves words out);
    our own words, messages and names go unquoted or in code."""
    from tests.seedprint import missing_words

    doc = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    passages = quoted(doc)
    assert len(passages) > 30
    wrong = [" ".join(missing_words(p, SEEDS[ruleset]).split()) for p in passages]
    assert [w for w in wrong if w] == []


def test_a_quote_not_in_the_text_is_found() -> None:
    """The check itself: words the WoS Tactics text never says, in its order or out of it."""
    from tests.seedprint import missing_words

    seed = SEEDS["tactics"]
    assert missing_words("ChanceOfMiss = (tgtAGI - AGI + 1) * 10 (limited to 0-100)", seed) == ""
    assert missing_words("the white tile is just ... pointing at", seed) == ""
    assert missing_words("a piece can cross a tile if it has ANY in common", seed) != ""
    assert missing_words("ChanceOfMiss = (tgtAGI - AGI + 2) * 10", seed) != ""
    assert missing_words("tile white the", seed) == "tile white the"
