"""Every `docs/X.md, "Section"` that wtg prints (a help text, a message, a mail template) or
that a doc or a module's docstring names is a heading or a bold title of a paragraph of that
doc: a GM sent there finds it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ["README.md", "docs/gm.md", "docs/mail.md", "docs/architecture.md"]
REFERENCE = re.compile(r"(README(?:\.md)?|docs/[a-z0-9/]+\.md)[,:]? \"([^\"]{3,80})\"")


def plain(text: str) -> str:
    """``text`` as a title compares: no markup, no leading number (`**2. A test game**`),
    no full stop, one space between words, lower case."""
    text = re.sub(r"[`*'\"]", "", re.sub(r"\s+", " ", text)).strip(" .:").lower()
    return re.sub(r"^\d+\. ", "", text)


def titles(doc: str) -> list[str]:
    """The headings of ``doc`` and its bold words (a paragraph's title, `**Takeover**:`)."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    found = re.findall(r"^#+ (.*)$", text, flags=re.M)
    found += re.findall(r"\*\*(.+?)\*\*", text)
    return [plain(title) for title in found]


def texts() -> list[tuple[str, str]]:
    """What may name a section: each doc, each string of wtg's modules (a help text, a
    message, a docstring, its parts joined as Python joins them), each template."""
    found = [(doc, (ROOT / doc).read_text(encoding="utf-8")) for doc in DOCS]
    found += [
        (str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
        for p in (ROOT / "docs" / "rules").glob("*.md")
    ]
    for path in sorted((ROOT / "wtg").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append((str(path.relative_to(ROOT)), node.value))
    for path in sorted((ROOT / "templates").rglob("*.j2")):
        found.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    return found


def test_every_section_a_doc_or_wtg_names_is_there() -> None:
    known = {
        doc: titles(doc)
        for doc in [
            *DOCS,
            *(f"docs/rules/{p.name}" for p in (ROOT / "docs" / "rules").glob("*.md")),
        ]
    }
    missing = []
    for where, text in texts():
        for doc, section in REFERENCE.findall(re.sub(r"\s+", " ", text)):
            doc = "README.md" if doc == "README" else doc
            if not any(title.startswith(plain(section)) for title in known.get(doc, [])):
                missing.append(f'{where}: {doc}, "{section}"')
    assert missing == []


def test_the_check_finds_a_section_renamed() -> None:
    assert any(title.startswith(plain("Tab completion")) for title in titles("docs/gm.md"))
    assert not any(title.startswith(plain("Shell completion")) for title in titles("docs/gm.md"))
    assert plain("**2. A test game**,") == "a test game,"
