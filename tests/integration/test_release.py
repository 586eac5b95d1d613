"""The release: ``python -m build`` makes a wheel and an sdist that ``twine check --strict``
passes, and a user who installed only the wheel gets the Excel add-in and the templates' code.

The wheel is installed without its dependencies into a folder of its own (they are this test
environment's), and ``ratingbook addin`` is run from an empty folder, far from the repository:
the add-in it writes must be the committed ``addin/ratingbook.xlam``, byte for byte.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from tests.helpers.paths import ROOT

import ratingbook

#: A hang guard, not a speed test: the build takes a few seconds here (plus fetching setuptools
#: into its isolated environment on a fresh machine).
HANG_GUARD = 600


def run(*args: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        stdin=subprocess.DEVNULL,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--outdir", out, ROOT)
    return out


def test_build_makes_one_wheel_and_one_sdist_of_this_version(dist: Path) -> None:
    names = sorted(p.name for p in dist.iterdir())
    version = ratingbook.__version__
    assert names == [f"ratingbook-{version}-py3-none-any.whl", f"ratingbook-{version}.tar.gz"]


def test_twine_check_strict_passes(dist: Path) -> None:
    out = run(sys.executable, "-m", "twine", "check", "--strict", *sorted(dist.iterdir()))
    assert out.count("PASSED") == 2, out


def test_the_wheel_carries_the_add_in_the_code_and_no_tests(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        addin = archive.read("ratingbook/excel/ratingbook.xlam")
    assert addin == (ROOT / "addin" / "ratingbook.xlam").read_bytes()
    assert {"ratingbook/__init__.py", "ratingbook/udfs/__init__.py", "ratingbook/py.typed"} <= names
    assert not any(n.startswith(("tests/", "benchmarks/", "addin/")) for n in names)


def test_a_user_with_only_the_wheel_gets_the_add_in(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    site = tmp_path / "site"
    run(sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target", site, wheel)
    elsewhere = tmp_path / "user"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    code = "import ratingbook, sys; print(ratingbook.__file__); sys.argv[0] = 'ratingbook'; "
    code += "from ratingbook.cli import main; main(['addin', '-o', 'ratingbook.xlam'])"
    out = run(sys.executable, "-c", code, cwd=elsewhere, env=env)
    assert out.splitlines()[0].startswith(str(site))  # the wheel's ratingbook, not the checkout
    written = (elsewhere / "ratingbook.xlam").read_bytes()
    assert written == (ROOT / "addin" / "ratingbook.xlam").read_bytes()


def test_the_sdist_builds_the_same_wheel_contents(dist: Path) -> None:
    """The sdist holds what the wheel is built from: setup.py, the add-in, the sources."""
    import tarfile

    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    assert {"setup.py", "addin/ratingbook.xlam", "LICENSE", "CHANGELOG.md", "README.md"} <= names
    assert "src/ratingbook/__init__.py" in names
