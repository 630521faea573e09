"""Game packs (web/packs.py, build.split_packs): the page's Python starts and draws its home page with no game's
rules or renderer on disk; a pack unpacked beside it makes that game importable; a pack that is not ours is
refused with nothing written. CPython only: the site's Python is copied without the packs into a temporary
folder, as the page has it before they come, and run there in a fresh interpreter."""

from __future__ import annotations

import html
import io
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

from py_engine.games import ABOUT, PACKAGES  # noqa: E402

from .fakepage import fake_browser  # noqa: E402

SKIP = shutil.ignore_patterns("__pycache__")


def pack_bytes(package: str) -> bytes:
    """A pack as build.split_packs makes it (here from source: the page's would hold bytecode)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for folder, arc in ((ROOT / "py_engine" / "games" / package, f"py_engine/games/{package}"),
                            (ROOT / "web" / "render" / package, f"render/{package}")):
            for f in sorted(folder.rglob("*.py")):
                z.write(f, f"{arc}/{f.relative_to(folder).as_posix()}")
    return out.getvalue()


def copy_site(root: Path, packs: bool) -> Path:
    """The page's working directory as app.zip fills it (py_engine/ beside web/'s modules and render/), with or
    without the games' packs; the stand-in for the browser's modules is kept apart."""
    shutil.copytree(ROOT / "web", root / "app", ignore=shutil.ignore_patterns("__pycache__", "main.py"))
    shutil.copytree(ROOT / "py_engine", root / "app" / "py_engine", ignore=SKIP)
    for package in PACKAGES if not packs else ():
        shutil.rmtree(root / "app" / "py_engine" / "games" / package)
        shutil.rmtree(root / "app" / "render" / package)
    (root / "stand-ins").mkdir()
    shutil.copy2(ROOT / "tests" / "fakepage.py", root / "stand-ins" / "fakepage.py")
    return root


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return copy_site(tmp_path_factory.mktemp("site"), packs=False)


def run(site: Path, body: str) -> str:
    script = textwrap.dedent("""
        import sys
        sys.path[:0] = [{app!r}, {stand_ins!r}]
        import fakepage
        fakepage.fake_browser()
    """).format(app=str(site / "app"), stand_ins=str(site / "stand-ins")) + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=site)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


HOME = """
    import shell
    print(str(shell.App().home_html()))
"""


def test_the_home_page_needs_no_pack(site, tmp_path):
    """Every module of the page imports without the packs, and the home page is the very one drawn with them
    (titles, players, blurbs, the editor's and rules' buttons)."""
    out = run(site, """
        import importlib, pkgutil
        names = sorted(m.name for m in pkgutil.iter_modules([sys.path[0]]) if m.name != "main")
        for name in names:
            importlib.import_module(name)
        import packs
        from py_engine import GAMES
        assert not packs.ready() and not packs.ready(["arnak"]) and "arnak" in GAMES and len(names) > 30
        try:
            GAMES["arnak"]
        except ModuleNotFoundError as exc:
            print("missing", exc.name)
    """)
    assert out.strip() == "missing py_engine.games.arnak"
    home = run(site, HOME)
    assert home == run(copy_site(tmp_path, packs=True), HOME)
    assert home.count('data-cmd="setup"') == len(ABOUT) and home.count('data-cmd="ed-new"') == len(ABOUT)
    assert all(html.escape(a.title) in home and html.escape(a.blurb) in home for a in ABOUT.values())


def test_the_home_page_starts_without_the_net_code_and_the_editors(site):
    """What web/later.py names, and the engine's net code, are not imported to draw the home page."""
    out = run(site, textwrap.dedent(HOME) + textwrap.dedent("""
        import later
        print(sorted(m for m in sys.modules if m in later.NAMES or m.startswith("py_engine.net")))
    """))
    assert out.splitlines()[-1] == "[]"


def test_a_pack_unpacked_makes_its_game_importable(site, tmp_path):
    pack = tmp_path / "arnak.zip"
    pack.write_bytes(pack_bytes("arnak"))
    work = tmp_path / "work"
    shutil.copytree(site, work)
    out = run(work, f"""
        from pathlib import Path
        import packs
        from py_engine import GAMES
        from render import renderer
        assert not packs.ready(["arnak"])
        packs.unpack("arnak", Path({str(pack)!r}).read_bytes(), packs._root())
        print(packs.ready(["arnak"]), packs.ready(), GAMES["arnak"].title, hasattr(renderer("arnak"), "render"))
    """)
    assert out.split() == ["True", "False", "Lost", "Ruins", "of", "Arnak", "True"]


def forged(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return out.getvalue()


BAD_PACKS = {  # name -> (the pack's bytes, made when the test runs; the refusal's words)
    "not-a-zip": (lambda: b"not a zip", "not a zip"),
    "a-file-outside": (lambda: forged({"py_engine/games/arnak/__init__.py": b"", "shell.py": b"evil()"}),
                       "holds 'shell.py'"),
    "a-path-climbing-out": (lambda: forged({"py_engine/games/arnak/../../../shell.py": b"evil()"}), "holds"),
    "another-games-files": (lambda: forged({"render/islands/__init__.py": b""}), "holds 'render/islands/"),
    "too-large": (lambda: b"PK" + b"\0" * 4_000_000, "too large"),
}


@pytest.mark.parametrize("case", sorted(BAD_PACKS))
def test_a_pack_that_is_not_ours_is_refused_and_writes_nothing(tmp_path, case):
    fake_browser()
    import packs

    make, reason = BAD_PACKS[case]
    data = make()
    with pytest.raises(ValueError, match=reason):
        packs.unpack("arnak", data, tmp_path)
    assert list(tmp_path.iterdir()) == []
