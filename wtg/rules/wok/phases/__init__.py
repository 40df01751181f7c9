"""Phases the WoK rulesets share."""
