"""The packages installed: every package of wtg/, found (a new folder, such as a ruleset's,
needs no line here or in setup.cfg), and the data at the top of the checkout, installed
inside the package as wtg.forms, wtg.games and wtg.templates (setup.cfg's package_dir).
Everything else about the project is in setup.cfg."""

from setuptools import find_packages, setup

DATA_PACKAGES = ["wtg.forms", "wtg.games", "wtg.templates"]

setup(packages=[*find_packages(include=["wtg", "wtg.*"]), *DATA_PACKAGES])
