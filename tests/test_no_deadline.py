"""No property test fails for being slow (``tests/conftest.py``): Hypothesis's deadline, 200 ms
an example unless a test sets its own, failed `test_press_links`'s ASCII text on a loaded
machine, where a test's examples take what the machine gives them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st


def test_the_profile_loaded_has_no_deadline() -> None:
    assert settings.default is not None
    assert settings.default.deadline is None


@given(st.text(max_size=3))
def test_a_property_test_that_sets_no_deadline_has_none(text: str) -> None:
    assert settings().deadline is None
    assert len(text) <= 3
