"""The parts of the WoK IV player frozen in ``bench/frozen_robots/wok4_r44.py`` (at commit
6fb9a735): what its frame and its siege added to those of round 43 (``wok4_r43_parts/``,
``wok4_siege_parts/``), which they read. Keep them as they are."""
