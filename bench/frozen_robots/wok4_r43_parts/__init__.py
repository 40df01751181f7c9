"""The parts of the WoK IV player frozen in ``bench/frozen_robots/wok4_r43.py`` (at commit
2bd89d41): copies of ``wtg/rules/wok/frontplan.py``, ``battleodds.py`` and
``wtg/rules/wok4/siege.py``. Keep them as they are."""
