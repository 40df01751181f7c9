"""The tests hold on any date (issue 25: CI went red when the month changed, a test having
the archive's month written in as text).

This runs the tests of the code that reads the clock (deadlines, schedules, the GM's
controls, the quarantine's archive by month, due runs, the lobby) again under libfaketime,
with the clock set ten seconds before midnight at the end of a year (UTC: the day, the month
and the year change while they run) and ten seconds before Vienna's clocks go forward an
hour. They must pass as they do on any other day: what it proves is that every line of wtg
that reads the clock (``datetime.now``, ``time.time`` and their kin) and that these tests
reach passes its tests on those dates. Debian's `faketime` runs them (`.ci/run` installs
it); on a machine without it the test skips with that hint, except in CI, where it fails.

libfaketime does not fake the monotonic clock here (``DONT_FAKE_MONOTONIC``): timeouts go on
as usual, only the date moves. But a sleep fails under it (Debian's libfaketime 0.9.10 and
Python 3.11's ``time.sleep``: ``OSError: [Errno 22] Invalid argument``), so a test that
waits for another process by sleeping between looks is left out (``LEFT_OUT``), as are the
tests that only do again what others do at the moments (``LEFT_OUT``, ``DESELECTED``,
``READ_BY_OTHERS``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.unavailable import unavailable

CHECKOUT = Path(__file__).resolve().parent.parent
CLOCK_READERS = (
    "tests/test_gm_controls.py",
    "tests/test_rollback.py",
    "tests/test_deadline_again.py",
    "tests/test_schedule.py",
    "tests/test_due_many.py",
    "tests/test_absent_resigned.py",
    "tests/aof/test_map_setting.py",
    "tests/mail/test_trust.py",
    "tests/mail/test_send_due.py",
    "tests/lobby",
)
"""Test modules of the code that reads the clock (``datetime.now`` in wtg/)."""
LEFT_OUT = (
    "tests/lobby/test_kill_*",
    "tests/lobby/test_close_during_backup.py",
    "tests/lobby/test_flood_book_bounded.py",
    "tests/lobby/test_forget_flood_mails.py",
    "tests/lobby/test_join_by_reply_past_a_flood.py",
    "tests/lobby/test_new_domain_flood.py",
    "tests/lobby/test_player_code_floods.py",
    "tests/lobby/test_press_flood.py",
    "tests/lobby/test_strangers_flood.py",
    "tests/lobby/test_sub_address_floods.py",
    "tests/lobby/test_takeover_code_floods.py",
)
"""The lobby's kill tests: each kills a command at every write and checks the next run
finishes it, which no date changes (the lobby's other tests run its clock readers at the
moments). They were most of these runs' time, and these runs the longest test of CI. And
the lobby's tests that pause a real command at a point (``tests/pausedwtg.py``), which sleep
while they wait for it: what they check is two commands at once, which no date changes.
And the lobby's floods: hundreds or thousands of mails a test, each read by the same lines
that read the clock as one mail of the lobby's other tests, to check bounds on what a
flood is answered and kept, counted by the moments the tests give (``Hall.now``), which no
date of the machine changes. They were most of these runs' time again, the year's run
still the longest test of CI; every line of wtg that reads the clock and that the whole
of these tests reach, the tests kept reach too (found by recording, test by test, the
lines of wtg that called the clock's readers)."""
DESELECTED = (
    "tests/lobby/test_torn_book_forged_flood.py::"
    "test_release_held_killed_between_any_two_writes_then_given_again",
)
"""A flood's kill test among tests kept (its file's others release the mails a flood held,
the one test whose lines read the clock where no other test does)."""
READ_BY_OTHERS = (
    "tests/lobby/test_address_names_notices.py",
    "tests/lobby/test_answers_of_one_mail_counted.py",
    "tests/lobby/test_authority_names.py",
    "tests/lobby/test_auto_reply_lines.py",
    "tests/lobby/test_auto_responder_loops.py",
    "tests/lobby/test_backup_holds_a_full_list.py",
    "tests/lobby/test_blank_plain_part.py",
    "tests/lobby/test_book_added_table.py",
    "tests/lobby/test_close_list.py",
    "tests/lobby/test_close_put_back.py",
    "tests/lobby/test_code_age.py",
    "tests/lobby/test_colon_commands.py",
    "tests/lobby/test_colours_of_an_older_name.py",
    "tests/lobby/test_commands.py",
    "tests/lobby/test_commands_in_arrival_order.py",
    "tests/lobby/test_commands_past_the_tenth.py",
    "tests/lobby/test_commands_under_an_attribution.py",
    "tests/lobby/test_copied_walked.py",
    "tests/lobby/test_dashed_sub_address_seats.py",
    "tests/lobby/test_display_names.py",
    "tests/lobby/test_duel_results.py",
    "tests/lobby/test_echoed_controls.py",
    "tests/lobby/test_ended_requests.py",
    "tests/lobby/test_foreign_originals.py",
    "tests/lobby/test_forwarded_original_end.py",
    "tests/lobby/test_game_over_answers.py",
    "tests/lobby/test_gm_lines_kept.py",
    "tests/lobby/test_help_example_code.py",
    "tests/lobby/test_help_names_every_command.py",
    "tests/lobby/test_help_names_waiting.py",
    "tests/lobby/test_help_placeholders.py",
    "tests/lobby/test_host_display_name.py",
    "tests/lobby/test_idn_mailbox_seats.py",
    "tests/lobby/test_join_both_lists_of_a_game.py",
    "tests/lobby/test_join_colour_names.py",
    "tests/lobby/test_join_list_name.py",
    "tests/lobby/test_join_map_read_once.py",
    "tests/lobby/test_join_name_without_as.py",
    "tests/lobby/test_join_names_a_mail.py",
    "tests/lobby/test_join_reads_less.py",
    "tests/lobby/test_joined_columns.py",
    "tests/lobby/test_last_answer_of_each_limit.py",
    "tests/lobby/test_last_answer_of_the_hour.py",
    "tests/lobby/test_last_answer_to_a_stranger.py",
    "tests/lobby/test_left_the_game.py",
    "tests/lobby/test_letter_case.py",
    "tests/lobby/test_lines_not_understood.py",
    "tests/lobby/test_list_answer.py",
    "tests/lobby/test_list_status.py",
    "tests/lobby/test_list_turn_words.py",
    "tests/lobby/test_list_wait.py",
    "tests/lobby/test_listed_old_names.py",
    "tests/lobby/test_lists_names_whole.py",
    "tests/lobby/test_lobby_records.py",
    "tests/lobby/test_long_commands_quoted.py",
    "tests/lobby/test_long_name_count.py",
    "tests/lobby/test_look_alike_names.py",
    "tests/lobby/test_names_drawn_wide.py",
    "tests/lobby/test_names_of_made_games.py",
    "tests/lobby/test_names_that_read_as_lines.py",
    "tests/lobby/test_note_without_answer.py",
    "tests/lobby/test_old_book_due.py",
    "tests/lobby/test_old_code_after_takeover.py",
    "tests/lobby/test_old_report_form.py",
    "tests/lobby/test_one_domain.py",
    "tests/lobby/test_pasted_code_mail_reflowed.py",
    "tests/lobby/test_pasted_help_of_many_codes.py",
    "tests/lobby/test_people.py",
    "tests/lobby/test_people_in_ratings.py",
    "tests/lobby/test_player_asked_again.py",
    "tests/lobby/test_player_unclear_help.py",
    "tests/lobby/test_posing_names.py",
    "tests/lobby/test_press_columns.py",
    "tests/lobby/test_press_cut_short.py",
    "tests/lobby/test_press_joiners.py",
    "tests/lobby/test_press_links_slashes.py",
    "tests/lobby/test_press_marks.py",
    "tests/lobby/test_press_pasted_elsewhere.py",
    "tests/lobby/test_press_secrets.py",
    "tests/lobby/test_press_shows_nothing.py",
    "tests/lobby/test_press_writers_copy.py",
    "tests/lobby/test_private_press.py",
    "tests/lobby/test_private_press_newcomer.py",
    "tests/lobby/test_private_press_to_a_put_back_address.py",
    "tests/lobby/test_private_press_writers.py",
    "tests/lobby/test_questions_asked.py",
    "tests/lobby/test_quitter_reenters.py",
    "tests/lobby/test_quitter_requests.py",
    "tests/lobby/test_quitter_told.py",
    "tests/lobby/test_refusal_subjects.py",
    "tests/lobby/test_repeated_commands.py",
    "tests/lobby/test_reply_business_signature.py",
    "tests/lobby/test_reply_languages.py",
    "tests/lobby/test_reply_loop.py",
    "tests/lobby/test_reply_responders.py",
    "tests/lobby/test_reply_shapes.py",
    "tests/lobby/test_report_asked_elsewhere.py",
    "tests/lobby/test_resign_out_of_turn.py",
    "tests/lobby/test_robot_names.py",
    "tests/lobby/test_seat_taken_words.py",
    "tests/lobby/test_second_seat.py",
    "tests/lobby/test_sentence_names.py",
    "tests/lobby/test_stale_codes.py",
    "tests/lobby/test_stale_copy_quit.py",
    "tests/lobby/test_status_before_confirm.py",
    "tests/lobby/test_status_reply_to.py",
    "tests/lobby/test_status_robot_turn.py",
    "tests/lobby/test_stranger_bounds_configured.py",
    "tests/lobby/test_stray_words.py",
    "tests/lobby/test_sub_address_seats.py",
    "tests/lobby/test_subject_command.py",
    "tests/lobby/test_taken_off_untold.py",
    "tests/lobby/test_takeover_alliance.py",
    "tests/lobby/test_takeover_at_an_old_address.py",
    "tests/lobby/test_takeover_colour_names.py",
    "tests/lobby/test_takeover_keeps_comments.py",
    "tests/lobby/test_takeover_notices_limits.py",
    "tests/lobby/test_takeover_old_reports.py",
    "tests/lobby/test_takeover_outcome.py",
    "tests/lobby/test_typed_numbers.py",
    "tests/lobby/test_wide_names.py",
    "tests/lobby/test_withdraw_one_list.py",
    "tests/test_absent_resigned.py",
)
"""Modules whose tests read the clock (or the machine's time zone) only at lines of wtg and
of the tests' helpers where at least three tests kept read it too, or every test that reads it
there where fewer do; none of their tests starts a process (whose reads a recording in the
test's process cannot see) or reads the clock in its module's own lines. Under a moved clock
they run the lines that read it as the tests kept run them, and they were nearly two thirds of these
runs' CPU. Recorded test by test with ``tests/clocklines.py`` (its docstring says how) over
the modules above, less those left out, and chosen a module at a time, the costliest first:
record and choose again when a module's tests change what they reach."""


MOMENTS = {
    "year-end-utc": ("2026-12-31 23:59:50", "UTC"),
    "summer-time-vienna": ("2027-03-28 01:59:50", "Europe/Vienna"),
}
"""The moments the clock readers run at, each with the time zone of the machine."""


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, subprocess.Popen[str]]]:
    """The clock readers' tests under faketime at every moment, started together (each
    run is a process of its own, and mostly waits on the files and processes of its
    tests: together they take the time of the longest)."""
    if shutil.which("faketime") is None:
        hint = "libfaketime is not installed (apt-get install faketime)"
        unavailable(hint)
    started: dict[str, subprocess.Popen[str]] = {}
    try:
        for name, (moment, zone) in MOMENTS.items():
            env = {**os.environ, "TZ": zone, "DONT_FAKE_MONOTONIC": "1", "FAKETIME_DONT_RESET": "1"}
            basetemp = tmp_path_factory.mktemp(name) / "t"
            command = ["faketime", "-f", f"@{moment}", sys.executable, "-m", "pytest"]
            command += ["-p", "no:cacheprovider", "-o", "addopts=-q"]  # one process: no -n
            command += ["--basetemp", str(basetemp), *CLOCK_READERS]
            command += [f"--ignore-glob={pattern}" for pattern in (*LEFT_OUT, *READ_BY_OTHERS)]
            command += [f"--deselect={test}" for test in DESELECTED]
            started[name] = subprocess.Popen(
                command,
                cwd=CHECKOUT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        yield started
    finally:
        for process in started.values():
            if process.poll() is None:
                process.kill()
                process.communicate()


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_the_clock_readers_pass_as_the_year_or_the_hour_turns(
    runs: dict[str, subprocess.Popen[str]], moment: str
) -> None:
    stdout, stderr = runs[moment].communicate()
    assert runs[moment].returncode == 0, stdout[-6000:] + stderr[-2000:]
    summary = stdout.splitlines()[-1]
    whole = rf"[0-9]{{3,}} passed, {len(DESELECTED)} deselected in .*"
    assert re.fullmatch(whole, summary), summary  # all of them, none skipped
