"""`pip install .` (not editable) gives a `wtg` that finds its forms, maps and templates
inside the installed package, wherever it is run from."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA_PACKAGES = {"wtg.forms": "forms", "wtg.games": "games", "wtg.templates": "templates"}
NOT_SOURCE = shutil.ignore_patterns(
    ".venv",
    ".venv-*",
    "artifacts",  # the browser tests' screenshots, written while this copies
    ".git",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "demo-output",
    "wtg-games",
)


def setup_cfg() -> configparser.ConfigParser:
    parser = configparser.ConfigParser()
    parser.read(ROOT / "setup.cfg", encoding="utf-8")
    return parser


def test_every_folder_of_code_is_a_package_and_the_data_is_mapped() -> None:
    """setup.py installs the packages ``find_packages`` finds under wtg/: a folder of code
    without its ``__init__.py`` would be left out of an install, silently. The data at the
    top of the checkout is installed as the packages setup.cfg's package_dir maps."""
    folders = {path.parent for path in (ROOT / "wtg").rglob("*.py")}
    assert (
        sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").is_file()) == []
    )
    mapped = dict(
        line.split(" = ") for line in setup_cfg()["options"]["package_dir"].strip().splitlines()
    )
    assert mapped == DATA_PACKAGES
    assert "packages" not in setup_cfg()["options"]  # found by setup.py: no list to keep


def clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WTG_", "PYTHON"))}
    env.pop("VIRTUAL_ENV", None)
    return env


def test_a_plain_install_plays_the_demo_from_another_folder(tmp_path: Path) -> None:
    """The whole path a GM takes: the source, `pip install .` into a fresh venv, and `wtg
    demo` run from a folder that is not the checkout (takes some 20-60 s: one test)."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    venv = tmp_path / "venv"
    env = clean_env()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
    python = venv / "bin" / "python"
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(source)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert installed.returncode == 0, installed.stderr[-3000:]
    shutil.rmtree(source)  # nothing may be read from the source after the install
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    demo = subprocess.run(
        [str(venv / "bin" / "wtg"), "demo", "OUT", "--turns", "1"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env=env,
    )
    assert demo.returncode == 0, demo.stderr
    assert demo.stdout.splitlines()[-2] == (
        "Reports: OUT/reports/turn-NN/pNN.txt; every mail sent: OUT/games/.mail/maildir-out/new; "
        "every mail received: OUT/games/.mail/maildir-in; Top Ten: OUT/topten.txt"
    )
    assert demo.stdout.splitlines()[-1].startswith("Site: OUT/site/index.html")
    assert "<h1>demo</h1>" in (elsewhere / "OUT/site/games/demo/index.html").read_text()
    report = (elsewhere / "OUT" / "reports" / "turn-01" / "p01.txt").read_text(encoding="utf-8")
    assert "=== BEGIN AOF ===" in report
    assert (elsewhere / "OUT" / "topten.txt").is_file()

    package = Path(ask(python, "import wtg; print(wtg.__file__)", elsewhere, env)).parent
    assert package.is_relative_to(venv)
    assert (package / "forms" / "wok4.yaml").is_file()
    assert (package / "games" / "tactics" / "maps" / "meadow.bmp").is_file()
    assert (package / "templates" / "wok" / "macros.j2").is_file()
    assert (package / "templates" / "site" / "game.html.j2").is_file()
    assert not (venv / "share" / "wtg").exists()  # no data_files outside the package any more
    assert (package / "serve" / "wtg.service").is_file()  # the unit `wtg serve --unit` fills in
    wtg = venv / "bin" / "wtg"
    subprocess.run([str(wtg), "init", "host"], cwd=elsewhere, env=env, check=True)
    unit = subprocess.run(
        [str(wtg), "--config", "host/wtg.yaml", "serve", "--unit"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env=env,
    )
    assert unit.returncode == 0, unit.stderr
    assert f"ExecStart={wtg} serve" in unit.stdout.splitlines()
    assert f"Environment=WTG_CONFIG={elsewhere / 'host' / 'wtg.yaml'}" in unit.stdout.splitlines()
    assert ask(python, WHERE, elsewhere, env).split() == [str(package / k) for k in KINDS]
    given = {**env, "WTG_DATA_DIR": str(ROOT)}
    assert ask(python, WHERE, elsewhere, given).split() == [str(ROOT / k) for k in KINDS]


KINDS = ("forms", "games", "templates")
WHERE = f"from wtg.data.paths import data_dir; print(*(data_dir(k) for k in {KINDS!r}))"


def ask(python: Path, code: str, cwd: Path, env: dict[str, str]) -> str:
    """What ``python -c code`` prints."""
    done = subprocess.run(
        [str(python), "-c", code], cwd=cwd, capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.strip()
