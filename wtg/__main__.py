"""`python -m wtg`: the same command as `wtg` (for a venv whose bin/ is not on PATH)."""

from wtg.cli import main

if __name__ == "__main__":
    main(prog_name="wtg")
