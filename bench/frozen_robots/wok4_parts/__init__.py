"""The parts of the WoK IV player frozen in ``bench/frozen_robots/wok4_attacker.py`` (at
commit 715bba1f): copies of ``wtg/rules/wok/frontplan.py`` and ``battleodds.py``. Keep them as
they are."""
