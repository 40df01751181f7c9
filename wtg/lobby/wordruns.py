"""Whether a run of words follows, word after word, somewhere in a text: the check of
``wtg.lobby.commands.copied``, which asks it of each two lines next to each other of a
reply (a mail of thousands of lines asks it thousands of times of one text).

The text's words are read once into the automaton of all its runs (its suffixes'): a run
asked is then walked word by word, and costs its own length, never the text's. Searching
the text itself for each run cost the text's length each time: a reply of 5000 short lines
made to pair the words of a long mail of the host's (a HELP listing hundreds of requests
waiting) was that many searches of it, a mail (review40: ``bench/bench_copied.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache


class WordRuns:
    """The runs of words of one text (``words``: its words in order)."""

    def __init__(self, words: Sequence[str]) -> None:
        self._moves: list[dict[str, int]] = [{}]
        """Each state's next state by the word that follows (state 0: no word read yet)."""
        links = [-1]
        lengths = [0]
        last = 0
        for word in words:
            new = len(self._moves)
            self._moves.append({})
            lengths.append(lengths[last] + 1)
            links.append(0)
            state = last
            while state != -1 and word not in self._moves[state]:
                self._moves[state][word] = new
                state = links[state]
            if state != -1:
                known = self._moves[state][word]
                if lengths[state] + 1 == lengths[known]:
                    links[new] = known
                else:  # ``known`` stands for longer runs too: its shorter ones split off
                    clone = len(self._moves)
                    self._moves.append(dict(self._moves[known]))
                    lengths.append(lengths[state] + 1)
                    links.append(links[known])
                    while state != -1 and self._moves[state].get(word) == known:
                        self._moves[state][word] = clone
                        state = links[state]
                    links[known] = clone
                    links[new] = clone
            last = new
        self.steps = 0
        """The words walked by ``holds`` so far: what its answers cost."""

    def holds(self, run: Iterable[str]) -> bool:
        """Whether ``run``'s words follow one another so in the text (an empty run does)."""
        state = 0
        for word in run:
            self.steps += 1
            found = self._moves[state].get(word)
            if found is None:
                return False
            state = found
        return True


@lru_cache(maxsize=2)
def runs_of(text: str) -> WordRuns:
    """The ``WordRuns`` of ``text``'s words (split at white space): one text is asked of by
    several readings of one mail (the host's mail it answers, and with the press pasted in
    it), read once for them. Two are kept: a late code's list of 2000 requests waiting
    (149,000 characters) takes 4.8 MB."""
    return WordRuns(text.split())
