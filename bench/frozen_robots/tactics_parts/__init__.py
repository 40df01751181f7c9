"""The modules of the Tactics bot frozen in ``bench/frozen_robots/tactics.py``: copies of
``wtg/rules/tactics/{search,threats,outcomes,approach,paths}.py`` at commit ee515b67,
reading one another here and the live rules (the board, the battle's forecast, the moves,
the levels, the state) as the live bot does."""
