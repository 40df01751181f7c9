"""The phases of a Standard WoK turn that are its own."""
