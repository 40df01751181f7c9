"""`wtg extend g1 2d` over a change of the clocks in the game's zone: the deadline moved 48
hours, which the game's clock reads as 17:00 or 19:00, not the 18:00 of its schedule. The
players are told the new hour; the GM, who meant two days, was not, and a player who sent
his orders at 17:30 by it missed the turn. The GM is told now, with what to do."""

from __future__ import annotations

from wtg.gm.extension import clock_change


def test_days_over_the_end_of_summer_time_name_the_hour_and_the_fix() -> None:
    # Sat 24 Oct 2026 18:00 in Vienna (summer time, 16:00 UTC), two days later
    note = clock_change("Europe/Vienna", "2026-10-24T16:00:00Z", "2026-10-26T16:00:00Z", 48, "g1")
    assert note == (
        "the clocks of Europe/Vienna change in between: the new deadline is Mon 26 Oct 2026 "
        "17:00 there, not 18:00 as the one it was moved from (wtg extend counts hours); "
        "`wtg extend g1 1` makes it 18:00"
    )


def test_days_over_the_start_of_summer_time_name_the_hour() -> None:
    # Sat 27 Mar 2027 18:00 in Vienna (winter time, 17:00 UTC), two days later
    note = clock_change("Europe/Vienna", "2027-03-27T17:00:00Z", "2027-03-29T17:00:00Z", 48, "g1")
    assert note == (
        "the clocks of Europe/Vienna change in between: the new deadline is Mon 29 Mar 2027 "
        "19:00 there, not 18:00 as the one it was moved from (wtg extend counts hours); the "
        "players are told 19:00"
    )


def test_no_note_without_a_change_or_for_hours_that_are_no_days() -> None:
    assert (
        clock_change("Europe/Vienna", "2026-11-24T17:00:00Z", "2026-11-26T17:00:00Z", 48, "g1")
        is None
    )
    assert (
        clock_change("Europe/Vienna", "2026-10-24T16:00:00Z", "2026-10-26T04:00:00Z", 36, "g1")
        is None
    )
    assert clock_change("UTC", "2026-10-24T16:00:00Z", "2026-10-26T16:00:00Z", 48, "g1") is None
