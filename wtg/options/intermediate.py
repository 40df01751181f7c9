"""The `wtg new-game` options of Intermediate WoK: headhunting protection, the same option
(and flag) as Standard WoK's."""

from __future__ import annotations

from wtg.options.standard import OPTIONS as STANDARD_OPTIONS

OPTIONS = tuple(o for o in STANDARD_OPTIONS if o.key == "headhunting_turns")
