"""A LINE SEPARATOR (U+2028) or PARAGRAPH SEPARATOR (U+2029) in text that came by mail: a
terminal breaks no line there, but Python's ``splitlines`` does, and wtg's error lines are
split so, each under ``wtg: ``. A stranger's words after one stood as a line of wtg's own
(``wtg: poll: ... all is well``). ``printable`` now makes each a space, as it takes out
every other character that acts (a NEL, U+0085, with the C1 controls)."""

from __future__ import annotations

import pytest

from wtg.cli.common import fail
from wtg.cli.givenhead import tell
from wtg.core.printable import on_screen, printable

FORGED = "550 5.1.1 User unknown\u2028wtg: poll: all is well\u2029and more"


def test_a_separator_is_a_space() -> None:
    assert printable(FORGED) == "550 5.1.1 User unknown wtg: poll: all is well and more"
    assert on_screen("a\u2028b") == "a b"
    assert printable("a\nb\tc") == "a\nb\tc"  # a line break and a tab stay


def test_an_error_quoting_one_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        fail(f"mail to cid@example.org came back: {FORGED}")
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "wtg: mail to cid@example.org came back: 550 5.1.1 User unknown wtg: poll: all is "
        "well and more"
    ], err


def test_a_line_told_holds_none(capsys: pytest.CaptureFixture[str]) -> None:
    tell(f"  g1  to cid@example.org  {FORGED}")
    out = capsys.readouterr().out
    assert "\u2028" not in out and "\u2029" not in out, repr(out)
    assert len(out.splitlines()) == 1, repr(out)
