"""Highest Unique Bid, registered: this folder is what ``wtg/rules/toy/`` would hold, and
works there as it is (its modules imported relative to it). ``REGISTRATION`` names its
class and carries its ``new-game`` options and seating, read without importing the rules."""

from __future__ import annotations

from wtg.core.ruleset import Registration

from .options import OPTIONS, SEATING

REGISTRATION = Registration(rules="rules:Toy", options=OPTIONS, seating=SEATING)
