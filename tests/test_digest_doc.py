"""docs/gm.md's `wtg digest` example reads as the digest does: each heading of it is a
heading of templates/mail/digest.txt.j2 with its numbers filled in. The example's "Mail not
answered: an hourly limit held its answer back (1; the limits are ...)" was a heading the
digest no longer wrote, and a new GM looked for it in vain."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def doc_example() -> list[str]:
    text = (ROOT / "docs" / "gm.md").read_text(encoding="utf-8")
    block = text.split("```sh\n$ wtg digest\n", 1)[1].split("```", 1)[0]
    return block.splitlines()


def template_headings() -> list[re.Pattern[str]]:
    text = (ROOT / "templates" / "mail" / "digest.txt.j2").read_text(encoding="utf-8")
    patterns = []
    for line in text.splitlines():
        if not line or line[0] in " {":
            continue
        parts = re.split(r"\{\{.*?\}\}", line)
        patterns.append(re.compile(".+?".join(re.escape(part) for part in parts) + r"\Z"))
    return patterns


def test_every_heading_of_the_digest_example_is_one_the_digest_writes() -> None:
    headings: list[str] = []
    for line, before in zip(doc_example()[1:], doc_example(), strict=False):
        if line and not line.startswith(" "):  # a heading, wrapped as the digest wraps it
            if before and not before.startswith(" ") and headings:
                headings[-1] += " " + line
            else:
                headings.append(line)
    assert len(headings) >= 5, headings
    patterns = template_headings()
    for heading in headings:
        assert any(pattern.match(heading) for pattern in patterns), heading
