"""docs/rules/<ruleset>.md names, for every rule, the code and the test: those must exist; what
the page and the rule tests' docstrings put in double quotes is the rule text's own words."""

from __future__ import annotations

import ast
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


TEXTS = {
    "wok4": ("003_046d4dcd9dfdbd34", "WoK IV"),
    "standard": ("000_19712b0c9b1e599e", "Standard"),
    "intermediate": ("001_d037a1610618e17b", "Intermediate"),
    "wisk": ("002_0e98967d14176718", "WISK"),
    "tactics": ("004_c6f9ba956069c95d", "Tactics"),
}
"""Each ruleset's rule text: its seed file (tests/seedprint.py) and the name a passage
quoting it beside another text gives it."""
FAMILY = ("wok4", "standard", "intermediate")
"""The WoK texts quote one another's rules: Standard is "the evolution of that game engine"
(WoK IV), most of Intermediate "similar to Standard WoK"."""
OWN_TEXTS = {"wok": FAMILY}
"""The family's page reads all three texts as its own; any other page reads its ruleset's."""


def quote_problem(passage: str, block: str, page: str) -> str:
    """Empty when one text holds all of ``passage``, word for word: a text the page reads, or
    another WoK text its block (paragraph, table row, docstring) names. Otherwise the first
    piece of it that the page's own text does not hold."""
    from tests.seedprint import missing_words

    own = OWN_TEXTS.get(page, (page,))
    others = [r for r in FAMILY if r not in own and TEXTS[r][1] in block] if page in FAMILY else []
    problems = [missing_words(passage, TEXTS[ruleset][0]) for ruleset in (*own, *others)]
    return "" if "" in problems else " ".join(problems[0].split())


def quoted(text: str) -> list[tuple[str, str]]:
    """Every passage in double quotes outside code, with the block it stands in (a paragraph
    or a table row); a block with an odd number of quote marks is an error of its own."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*(?:\n(?!\s*\n)[^`]*)*`", "", text)  # a code span may span lines
    passages = []
    for block in re.split(r"\n\s*\n|\n(?=\|)", text):
        assert block.count('"') % 2 == 0, f"unbalanced quote marks in: {block[:200]}"
        passages += [(p, block) for p in re.findall(r'"([^"]*)"', block) if p.strip()]
    return passages


PAGES_QUOTED = {"wok": 5, "wok4": 60, "standard": 40, "intermediate": 30, "wisk": 30, "tactics": 30}
"""The rulings pages and, for each, fewer passages than it quotes today: a sign that the
quotes are found at all."""


@pytest.mark.parametrize("page", sorted(PAGES_QUOTED))
def test_every_quote_is_the_texts_own_words(page: str) -> None:
    """The seeds' README: "Where a text is silent or contradicts itself, the project makes a
    ruling, writes it down in `docs/rules/<ruleset>.md` with the sentence it rules on": a
    passage in double quotes is the rule text's, word for word ("..." leaves words out);
    our own words, messages and names go unquoted or in code."""
    passages = quoted((ROOT / "docs" / "rules" / f"{page}.md").read_text(encoding="utf-8"))
    assert len(passages) > PAGES_QUOTED[page]
    wrong = [quote_problem(passage, block, page) for passage, block in passages]
    assert [w for w in wrong if w] == []


def docstrings(path: Path) -> list[tuple[str, str]]:
    """(where, docstring) of a test module, its classes and its functions."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                name = getattr(node, "name", "")
                found.append((f"{path.name}::{name}" if name else path.name, doc))
    return found


@pytest.mark.parametrize("ruleset", FAMILY)
def test_every_quote_in_a_rule_tests_docstring_is_the_texts_own_words(ruleset: str) -> None:
    """A rule test quotes the rule sentence it tests: what its docstring puts in double
    quotes (outside ``code``) is the text's, word for word, as on the rulings page."""
    wrong = []
    checked = 0
    for path in sorted((ROOT / "tests" / "rules" / ruleset).glob("*.py")):
        for where, doc in docstrings(path):
            doc = re.sub(r"``[^`]*``", "", doc)
            if doc.count('"') % 2:
                wrong.append(f"{where}: unbalanced quote marks")
            for passage in filter(str.strip, re.findall(r'"([^"]*)"', doc)):
                checked += 1
                if problem := quote_problem(passage, doc, ruleset):
                    wrong.append(f"{where}: {problem}")
    assert checked > 50
    assert wrong == []


def test_a_quote_not_in_the_text_is_found() -> None:
    """The check itself: words the WoS Tactics text never says, in its order or out of it."""
    from tests.seedprint import missing_words

    seed = TEXTS["tactics"][0]
    assert missing_words("ChanceOfMiss = (tgtAGI - AGI + 1) * 10 (limited to 0-100)", seed) == ""
    assert missing_words("the white tile is just ... pointing at", seed) == ""
    assert missing_words("a piece can cross a tile if it has ANY in common", seed) != ""
    assert missing_words("ChanceOfMiss = (tgtAGI - AGI + 2) * 10", seed) != ""
    assert missing_words("tile white the", seed) == "tile white the"


def test_a_quote_of_another_wok_text_must_name_it() -> None:
    """Standard's words on the WoK IV page are a quote only where the passage says whose."""
    said = "the evolution of that game engine"
    assert quote_problem(said, f'Standard WoK, "{said}", says', "wok4") == ""
    assert quote_problem(said, f'The manual, "{said}", says', "wok4") == said
    assert quote_problem(said, f'"{said}"', "wok") == ""
    assert quote_problem(said, f'Standard WoK, "{said}"', "wisk") == said


def test_table_cells_that_ran_together_may_be_quoted_apart() -> None:
    """The texts' tables lost their cell borders ("1Spy Province.", "KnightPlains"): a quote
    may give the cells apart, and words the table does not hold are still found."""
    from tests.seedprint import missing_words

    standard, intermediate = TEXTS["standard"][0], TEXTS["intermediate"][0]
    spy_province = "1 Spy Province. See the full contents of the target province."
    assert missing_words(spy_province, standard) == ""
    assert missing_words("Pikeman Desert, Archer Forest, Knight Plains", intermediate) == ""
    assert missing_words("Pikeman Forest", intermediate) == "Pikeman Forest"
    assert missing_words("6 Spy Province", standard) == "6 Spy Province"


CODE_NAME = re.compile(r"`([A-Za-z_]\w*(?:\.\w+)*)(?:\(\))?`")
"""A name of the code in a rulings table's code column: `ranked_players`, `Player.turn_points`."""
FILE_SUFFIXES = {"py", "yaml", "j2", "md", "txt"}


def words_of_the_code() -> set[str]:
    """Every word of wtg's code, templates, forms and shipped data, casefolded: a Tactics
    world's keys (`elevationBitmap`) are read in any case."""
    words: set[str] = set()
    for top, pattern in (("wtg", "*.py"), ("templates", "*.j2"), ("forms", "*"), ("games", "*")):
        for path in (ROOT / top).rglob(pattern):
            if path.is_file() and path.suffix in {".py", ".j2", ".yaml", ".txt"}:
                words |= set(re.findall(r"\w+", path.read_text(encoding="utf-8").casefold()))
    return words


def unknown_code_names(page: str, words: set[str]) -> list[str]:
    """The names a rulings page's table rows give in their code column (the second cell)
    that are no word of the code, each as ``name``: a function renamed since."""
    missing = []
    for line in page.splitlines():
        cells = line.split(" | ")
        if not line.startswith("|") or len(cells) < 3:
            continue
        for name in CODE_NAME.findall(cells[1]):
            if name.rpartition(".")[2] in FILE_SUFFIXES:
                continue  # a file: test_docs_modules checks it
            if any(part.casefold() not in words for part in name.split(".")):
                missing.append(name)
    return missing


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_name_of_the_code_the_rulings_give_is_there(ruleset: str) -> None:
    """Round 49: wok4.md gave `rank_players` and `_conquer`, standard.md `split_forms`, each
    renamed or folded into another function since: a reader looking the rule's code up found
    nothing by that name."""
    page = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    assert unknown_code_names(page, words_of_the_code()) == []


def test_a_name_of_the_code_renamed_is_found() -> None:
    row = "| rule | `phases/attacks.py` `battle`, `_conquer`, `Player.turn_pointz` | `test_x.py` |"
    assert unknown_code_names(row, words_of_the_code()) == ["_conquer", "Player.turn_pointz"]
