"""The parts of the WoK IV player frozen in ``bench/frozen_robots/wok4_r43.py`` (at commit
2bd89d41): a copy of ``wtg/rules/wok/frontplan.py``; its odds and siege were those of round
36, frozen in ``wok4_siege_parts/``, which it reads. Keep them as they are."""
