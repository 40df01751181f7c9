"""The data layer: every file the game reads that is not a game's own state (the shipped
forms, maps, Tactics worlds and templates, a GM's map file or Tactics world), read here
and handed to the rules as plain typed values. Nothing under ``wtg.core`` or ``wtg.rules``
opens a file (docs/architecture.md; tests/test_architecture.py keeps it so).

    wtg.data.paths      where forms/, games/ and templates/ are (importlib.resources)
    wtg.data.forms      a form spec file read and checked (FormSpec)
    wtg.data.maps       map files read (a ruleset's own, a GM's --map PATH.yaml)
    wtg.data.datalibrary      the Library the rulesets are made with: forms, maps, worlds (SHIPPED)
    wtg.data.tactics    Tactics worlds: tactics_ini.txt, map images, our maps' drawings
    wtg.data.templates  where the Jinja templates are found
    wtg.data.rulesets   each ruleset made with the shipped data it reads (shipped)

The package imports nothing itself, so that a command loads only the part it uses.
"""
