"""One game: its engine (create, take orders through one door, run a turn, read back), the
orders coming in (``intake``) and filed (``filing``), the files a turn writes (``turnfiles``,
``report``), its config, schedule and settings, and the rulesets found by name
(``registry``). Below the GM's commands (``wtg.gm``), which it never imports."""
