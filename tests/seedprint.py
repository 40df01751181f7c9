"""Fingerprints of the rule texts, so a test can check that a ruling quotes the text's own
words while the texts themselves stay outside the repository (``../shared/seeds/``).

A text is read as its words: every character that is not a letter or a digit is a space
("..." included), words are cut apart where a lower-case letter meets a capital, where a
capital starts a word after capitals and where a digit and a letter meet (the texts are web
pages whose table cells ran together: "1Spy Province.", "EFFGain 30 EFF", "KnightPlains";
a quote may give the cells apart), then case folded. Every run of one to three words is
hashed (BLAKE2b, four bytes) and the sorted hashes are the text's fingerprint,
``tests/seedprints/<seed file>.bin``.
A quoted passage is cut at its "..." (words left out); each piece of k words is the text's
when each run of min(k, 3) words in it is in the fingerprint. Punctuation is not checked;
words, and their order three at a time, are.

Build or rebuild a fingerprint from a seed file:
    python -m tests.seedprint ../shared/seeds/002_0e98967d14176718.txt
"""

from __future__ import annotations

import re
import sys
from array import array
from collections.abc import Iterator, Sequence
from functools import cache
from hashlib import blake2b
from pathlib import Path

PRINTS = Path(__file__).resolve().parent / "seedprints"
RUN = 3
"""Words checked together: a piece of a quote must follow the text three words at a time."""
ELISION = re.compile(r"\.\.\.|\u2026")
GLUED = re.compile(
    r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=\d)(?=[^\W\d_])|(?<=[^\W\d_])(?=\d)"
)
"""Where two cells of a table may have run together: ``EFFGain``, ``KnightPlains``, ``1Spy``."""


def words(text: str) -> list[str]:
    return re.sub(r"[\W_]+", " ", GLUED.sub(" ", text)).casefold().split()


def _hash(run: Sequence[str]) -> int:
    return int.from_bytes(blake2b(" ".join(run).encode(), digest_size=4).digest(), "big")


def runs(tokens: Sequence[str], size: int) -> Iterator[Sequence[str]]:
    for start in range(len(tokens) - size + 1):
        yield tokens[start : start + size]


def fingerprint(text: str) -> bytes:
    tokens = words(text)
    hashes = {_hash(run) for size in range(1, RUN + 1) for run in runs(tokens, size)}
    return b"".join(h.to_bytes(4, "big") for h in sorted(hashes))


@cache
def load(seed: str) -> frozenset[int]:
    """The fingerprint of seed file ``seed`` (its name without ``.txt``)."""
    data = array("I")
    data.frombytes((PRINTS / f"{seed}.bin").read_bytes())
    if sys.byteorder == "little":
        data.byteswap()
    return frozenset(data)


def missing_words(quote: str, seed: str) -> str:
    """The first piece of ``quote`` whose words are not the text's ("" when all are)."""
    known = load(seed)
    for piece in ELISION.split(quote):
        tokens = words(piece)
        size = min(len(tokens), RUN)
        if size and any(_hash(run) not in known for run in runs(tokens, size)):
            return piece.strip()
    return ""


def main(paths: Sequence[str]) -> None:
    PRINTS.mkdir(exist_ok=True)
    for name in paths:
        source = Path(name)
        target = PRINTS / f"{source.stem}.bin"
        target.write_bytes(fingerprint(source.read_text(encoding="utf-8")))
        print(f"{target}: {target.stat().st_size // 4} runs of words")


if __name__ == "__main__":
    main(sys.argv[1:])
