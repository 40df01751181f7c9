"""The parts of the WoK IV player frozen in ``bench/frozen_robots/wok4_siege.py`` (at commit
f9591dda): copies of ``wtg/rules/wok/frontplan.py``, ``battleodds.py`` and
``wtg/rules/wok4/siege.py``. Keep them as they are."""
