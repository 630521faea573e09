#!/usr/bin/env python3
"""Explorers' Table: one entry point.

    python build.py            build the static site into dist/
    python build.py serve      build if needed, serve dist/ on localhost (--port N, default 8000)
    python build.py test       install what tests need, build, run tests/ (CPython), the engine
                               tests inside Pyodide (Node), then e2e/ in headless Chromium
    python build.py bench      measure playouts/s (CPython, Pyodide), bot time, site start time
    python build.py i18n       merge the messages marked in web/ into web/locale/*/LC_MESSAGES/explorers.po
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import shutil
import socketserver
import struct
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# EXPLORERS_DIST builds the site elsewhere (e.g. one folder per parallel e2e run); default dist/.
DIST = Path(os.environ.get("EXPLORERS_DIST") or ROOT / "dist").resolve()
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"
SEGNO = ("segno", "1.6.6")
# Modules imported into the Pyodide snapshot (pure Python, no browser imports).
PYSCRIPT_CWD = "/home/pyodide"  # where PyScript unpacks `files` (its working directory, on sys.path)
SNAPSHOT_IMPORTS = "py_engine,py_engine.bots,py_engine.net,segno"
CHROMIUM = "/usr/bin/chromium"
# Pyodide runtime files the site needs; everything else in the npm package (source maps, the
# CommonJS loader, consoles, typings) stays out of dist/. python_stdlib.zip is rebuilt (STDLIB_DROP).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
DEV_MODULES = {"pytest": "pytest", "hypothesis": "hypothesis", "playwright": "playwright", "hatchling": "hatchling",
               "ruff": "ruff", "babel": "babel", "pytest_rerunfailures": "pytest-rerunfailures",
               "xdist": "pytest-xdist"}
PYODIDE_TEST_WHEELS = ("pytest", "hypothesis")
# A test whose Chromium tab crashed (the renderer died: "Page crashed", "Target crashed") runs again, at most
# twice; one such crash in 47 tests failed a CI run once. Any other failure fails at once.
E2E_RERUN = ("-rR", "--reruns", "2", "--only-rerun", "Page crashed", "--only-rerun", "Target crashed")
# The e2e files run on two workers (pytest-xdist), a file's tests together and in order on one worker: most of
# an e2e test's time is the page waiting (bots' pauses, animations, Python starting), so two at once on the
# 2-core machines finish the suite in about two thirds of the time.
E2E_WORKERS = ("-n", "2", "--dist", "loadfile")
# The standard library the site ships (tools/pyodide_compile.mjs): Pyodide's python_stdlib.zip compiled to
# bytecode (the npm package has sources only, and compiling them was most of Python's start) without the
# parts a browser game never imports: developer tools, servers and mail protocols, processes, and the
# pure-Python twins of modules Pyodide has in C (_datetime, _decimal, _io). encodings keeps the Unicode
# codecs, Latin-1 and what zipfile and idna use; the single-byte and CJK tables are left out.
STDLIB_DROP = ("_pyrepl", "unittest", "pydoc", "pydoc_data", "doctest", "pdb", "bdb", "idlelib", "tkinter", "turtle",
               "turtledemo", "xmlrpc", "wsgiref", "multiprocessing", "mailbox", "imaplib", "smtplib", "poplib",
               "ftplib", "nntplib", "telnetlib", "pickletools", "profile", "cProfile", "pstats", "trace",
               "tracemalloc", "timeit", "tabnanny", "zipapp", "modulefinder", "pyclbr", "symtable", "compileall",
               "sqlite3", "curses", "dbm", "shelve", "ensurepip", "venv", "lib2to3", "_pyio", "_pydatetime",
               "_pydecimal", "__phello__", "__hello__", "this", "antigravity")
STDLIB_ENCODINGS = ("__init__", "aliases", "ascii", "base64_codec", "bz2_codec", "charmap", "cp437", "hex_codec",
                    "idna", "latin_1", "punycode", "quopri_codec", "raw_unicode_escape", "rot_13", "undefined",
                    "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le",
                    "utf_7", "utf_8", "utf_8_sig", "uu_codec", "zlib_codec")
# Interface translations: web/locale/<lang>/LC_MESSAGES/explorers.po (sources, kept in the repo), compiled
# to .mo at build time with Babel (a dev tool, not shipped) into dist/app/locale for web/i18n.py.
LOCALES = ROOT / "web" / "locale"
I18N_DOMAIN = "explorers"
# Catalogues are kept sorted by message, without source locations: a change of code moves no entry, and two
# changes that add different messages merge without conflicts. (tests/test_web_i18n.py names where a message is.)
PO_LAYOUT = {"no_location": True, "sort_output": True}
I18N_KEYWORDS = {"_": None, "N_": None, "tr": None, "ngettext": (1, 2), "trn": (1, 2)}
PYODIDE_SKIP = ("test_build", "test_web")  # tests of the build and the front-end run in CPython only


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    log(" ".join(str(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kw)


# --- installs ----------------------------------------------------------------------------------

def ensure_node_modules() -> None:
    """`npm ci` when node_modules is missing or older than the lock file."""
    stamp = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime and (NODE_MODULES / "pyodide").exists():
        return
    # --ignore-scripts (also in .npmrc): no package here needs an install script, and the e2e tracker's
    # bittorrent-tracker pulls in node-datachannel, whose script would download or compile a native binary
    run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=ROOT)


def ensure_python_dev() -> None:
    import importlib.util

    missing = [pkg for mod, pkg in DEV_MODULES.items() if importlib.util.find_spec(mod) is None]
    if missing:
        run([sys.executable, "-m", "pip", "install", "-q", *missing])


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
    run([*apt, "update", "-qq"])
    run([*apt, "install", "-y", "-qq", "chromium"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def pypi_wheel(name: str, version: str) -> Path:
    """A pure-Python wheel from PyPI, downloaded once into .cache/wheels."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    found = sorted(dest.glob(f"{name}-{version}-*.whl"))
    if not found:
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--python-version",
             "3.14", "--implementation", "py", "--abi", "none", "--platform", "any", "-d", str(dest),
             f"{name}=={version}"])
        found = sorted(dest.glob(f"{name}-{version}-*.whl"))
    return found[0]


def engine_wheel(out: Path) -> Path:
    """Build the py_engine wheel with hatchling (no build isolation: hatchling is a dev dependency)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("py_engine-*.whl"):
        old.unlink()
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT)])
    return next(out.glob("py_engine-*.whl"))


# --- build -------------------------------------------------------------------------------------

def copy_tree(src: Path, dst: Path, skip=lambda p: False) -> None:
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_dir() or "__pycache__" in rel.parts or skip(path):
            continue
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """A minimal RGB PNG (8-bit, no filter) from raw rows."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\0" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon_png(size: int, maskable: bool = False) -> bytes:
    """public/icons/icon.svg drawn by scanlines: green tile, gold mountains, pale sun (maskable: full bleed)."""
    bg, gold, sun, clear = (0x1F, 0x3B, 0x2D), (0xE8, 0xC3, 0x6A), (0xF4, 0xEF, 0xE1), (0xFA, 0xF6, 0xEC)
    poly = [(10, 50), (26, 20), (34, 34), (40, 26), (54, 50)]
    if maskable:  # keep the drawing inside the 80% safe zone
        poly = [(32 + (x - 32) * 0.8, 32 + (y - 32) * 0.8) for x, y in poly]
    cx, cy, cr = (46, 16, 6) if not maskable else (32 + 14 * 0.8, 32 - 16 * 0.8, 6 * 0.8)
    k = size / 64
    rows = []
    for py in range(size):
        y = (py + 0.5) / k
        row = bytearray(bytes(clear if not maskable else bg) * size)

        def fill(x0: float, x1: float, colour: tuple, row: bytearray = row) -> None:
            a, b = max(0, round(x0 * k)), min(size, round(x1 * k))
            if b > a:
                row[3 * a:3 * b] = bytes(colour) * (b - a)

        if not maskable:
            r = 12
            dy = max(0.0, r - y, y - (64 - r))
            inset = r - (r * r - dy * dy) ** 0.5 if dy else 0
            fill(inset, 64 - inset, bg)
        xs = []
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            if (y1 <= y < y2) or (y2 <= y < y1):
                xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        xs.sort()
        for a, b in zip(xs[::2], xs[1::2]):
            fill(a, b, gold)
        if abs(y - cy) < cr:
            half = (cr * cr - (y - cy) ** 2) ** 0.5
            fill(cx - half, cx + half, sun)
        rows.append(bytes(row))
    return png_bytes(size, size, rows)


def write_icons(dst: Path) -> None:
    """PNG app icons for the web app manifest (installable PWA), drawn here: no image tools needed."""
    dst.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        (dst / name).write_bytes(icon_png(size, maskable))


def web_modules() -> list[str]:
    """The front-end Python files (web/**/*.py), as paths relative to web/."""
    return sorted(str(p.relative_to(ROOT / "web")).replace(os.sep, "/") for p in (ROOT / "web").rglob("*.py")
                  if "__pycache__" not in p.parts)


def extract_messages():
    """A Babel catalogue of every message marked in web/ (_, N_, tr, ngettext, trn), with its places."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="Explorers' Table", domain=I18N_DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "web"), method_map=[("**.py", "python")], keywords=I18N_KEYWORDS, comment_tags=("i18n:",)):
        catalog.add(message, None, [(f"web/{filename}", lineno)], auto_comments=comments, context=context)
    for message, where in data_messages():
        catalog.add(message, None, [(where, 0)])
    return catalog


def data_messages() -> list[tuple[str, str]]:
    """Words that reach the page as data, translated with _(value) in web/: game titles and home-page blurbs
    (py_engine.games.ABOUT), option labels, help texts and choices (from each game's options)."""
    for path in (str(ROOT), str(ROOT / "web")):
        if path not in sys.path:
            sys.path.insert(0, path)
    from py_engine import GAMES
    from py_engine.core.options import shown_options
    from py_engine.games import ABOUT

    out = []
    for game in GAMES.values():
        out.append((game.title, f"py_engine:{game.id}"))
        for o in shown_options(game.options):  # a hidden option is never shown
            words = (o.label, o.help, *(o.choices or ()), *getattr(o, "labels", ()))
            out += [(m, f"py_engine:{game.id}:{o.name}") for m in words if isinstance(m, str) and m]
        out.append((ABOUT[game.id].blurb, f"py_engine:{game.id}"))
    return out


def update_catalogues() -> None:
    """`python build.py i18n`: merge the messages now marked in web/ into every .po (new ones untranslated)."""
    from babel.messages.pofile import read_po, write_po

    template = extract_messages()
    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{I18N_DOMAIN}.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3])
        created = catalog.creation_date
        catalog.update(template, update_header_comment=False)
        catalog.creation_date = created  # a date in the header would make every two changes conflict
        with po.open("wb") as f:
            write_po(f, catalog, width=120, omit_header=False, ignore_obsolete=True, include_previous=False,
                     **PO_LAYOUT)
        log(f"updated {po.relative_to(ROOT)}")


def compile_catalogues(dst: Path) -> list[Path]:
    """Compile every web/locale .po to dst/<lang>/LC_MESSAGES/explorers.mo (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = []
    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{I18N_DOMAIN}.po")):
        lang = po.parts[-3]
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        target = dst / lang / "LC_MESSAGES" / f"{I18N_DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        out.append(target)
    return out


def stdlib_dropped(stdlib: Path) -> list[str]:
    """What tools/pyodide_compile.mjs leaves out of Pyodide's stdlib zip: the top-level names of STDLIB_DROP
    found in it, and the encodings outside STDLIB_ENCODINGS (as entry paths)."""
    import zipfile

    with zipfile.ZipFile(stdlib) as z:
        names = z.namelist()
    tops = {n.split("/")[0].removesuffix(".py") for n in names}
    encodings = [n for n in names if n.startswith("encodings/") and n.endswith(".py") and n.count("/") == 1
                 and n[len("encodings/"):-3] not in STDLIB_ENCODINGS]
    return sorted(tops.intersection(STDLIB_DROP)) + encodings


def python_imports(sources) -> set[str]:
    """Absolute module names imported anywhere (top level or inside functions) in Python `sources`."""
    import ast

    names = set()
    for src in sources:
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return names


def shipped_python(wheels) -> list[bytes]:
    """The Python source of everything the site runs besides the stdlib: web/, py_engine and the wheels."""
    import zipfile

    out = [p.read_bytes() for folder in ("web", "py_engine") for p in sorted((ROOT / folder).rglob("*.py"))
           if "__pycache__" not in p.parts]
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            out += [z.read(n) for n in z.namelist() if n.endswith(".py")]
    return out


def app_stdlib_imports(stdlib: Path, wheels) -> list[str]:
    """The standard-library modules the site's own code and its wheels import (a trimmed stdlib must have them)."""
    import zipfile

    with zipfile.ZipFile(stdlib) as z:
        tops = {n.split("/")[0].removesuffix(".py").removesuffix(".pyc") for n in z.namelist()}
    return sorted(m for m in python_imports(shipped_python(wheels)) if m.split(".")[0] in tops)


def app_sources(out: Path, wheels) -> None:
    """The site's Python in one zip, unpacked by PyScript into its working directory (on sys.path): the
    wheels' files (unpacking a pure-Python wheel is installing it), web/ but main.py, and the compiled
    catalogues (locale/<lang>/LC_MESSAGES/, next to i18n.py). pyodide_compile.mjs then puts bytecode in place
    of every .py: one request and no compiling at start-up instead of a request and a compile per module
    (the bytecode is about 2.5 times the compressed source: some 0.5 MB more to download, for about 0.3 s
    less of a cold start on this machine's localhost)."""
    import tempfile
    import zipfile

    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as w:
                for name in sorted(w.namelist()):
                    if not name.endswith("/"):
                        z.writestr(name, w.read(name))
        for m in web_modules():
            if m != "main.py":
                z.write(ROOT / "web" / m, m)
        for mo in compile_catalogues(Path(tmp)):
            z.write(mo, "locale/" + mo.relative_to(tmp).as_posix())


def split_packs(app: Path, out: Path) -> None:
    """Each game's rules and renderer (py_engine/games/<package>/, render/<package>/) move from the compiled
    app.zip into out/<package>.zip, its pack: the home page starts without them and web/packs.py fetches them
    once it is up (about half of the site's own Python)."""
    import zipfile

    from py_engine.games import PACKAGES

    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(app) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    packs = {package: zipfile.ZipFile(out / f"{package}.zip", "w") for package in PACKAGES}
    try:
        with zipfile.ZipFile(app, "w") as core:
            for info, data in entries:
                package = next((p for p in PACKAGES if info.filename.startswith((f"py_engine/games/{p}/",
                                                                                 f"render/{p}/"))), None)
                (packs[package] if package else core).writestr(info, data, compresslevel=9)
    finally:
        for z in packs.values():
            z.close()
    for package in PACKAGES:
        (out / f"{package}.zip").chmod(0o644)


def build() -> Path:
    ensure_node_modules()
    ensure_python_dev()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    # Pyodide: only the runtime files. The page installs no packages (see below), so the lock file
    # lists none and nothing points off-site.
    pyo = DIST / "pyodide"
    pyo.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyo / name)
    lock = json.loads((pyo / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    # PyScript: the built ES modules and css, without source maps.
    copy_tree(NODE_MODULES / "@pyscript" / "core" / "dist", DIST / "pyscript", skip=lambda p: p.suffix == ".map")
    # Pure-Python wheels (engine, segno); their files go into the site's app.zip below.
    wheels = CACHE / "site-wheels"
    engine = engine_wheel(wheels)
    segno = pypi_wheel(*SEGNO)
    # The stdlib compiled to bytecode and trimmed (STDLIB_DROP); the tool then imports, in Pyodide with
    # the new zip, every stdlib module the site's code names, so a trim too far fails the build.
    source = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    run(["node", str(ROOT / "tools" / "pyodide_compile.mjs"), str(NODE_MODULES / "pyodide"), str(source),
         str(pyo / "python_stdlib.zip"), "--drop", ",".join(stdlib_dropped(source)),
         "--check", ",".join(app_stdlib_imports(source, [engine, segno]))])
    (pyo / "python_stdlib.zip").chmod(0o644)
    copy_tree(ROOT / "public", DIST)
    copy_trystero(DIST / "trystero")
    copy_gmp(DIST / "gmp")
    write_icons(DIST / "icons")
    app = DIST / "app.zip"
    app_sources(app.with_suffix(".src.zip"), [engine, segno])
    run(["node", str(ROOT / "tools" / "pyodide_compile.mjs"), str(pyo), str(app.with_suffix(".src.zip")), str(app),
         "--prefix", PYSCRIPT_CWD + "/", "--optimize", "2"])
    app.with_suffix(".src.zip").unlink()
    split_packs(app, DIST / "games")
    app.chmod(0o644)
    (DIST / "app").mkdir()
    shutil.copy2(ROOT / "web" / "main.py", DIST / "app" / "main.py")  # the page runs it (index.html: src)
    # A memory snapshot of the started interpreter with the engine imported: pyodide/boot.mjs (from
    # public/) restores it on warm starts instead of starting Python again.
    run(["node", str(ROOT / "tools" / "pyodide_snapshot.mjs"), str(pyo), str(pyo / "snapshot.bin.gz"),
         str(app), "--import", SNAPSHOT_IMPORTS])
    # "!error": PyScript's traceback panel is off; public/fail.js shows one short line instead.
    config = {"interpreter": "./pyodide/boot.mjs", "files": {"./app.zip": "./*"}, "experimental_create_proxy": "auto",
              "plugins": ["!error"]}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1))
    write_manifest()
    write_gzip_siblings()
    log(f"built {DIST} ({sum(f.stat().st_size for f in DIST.rglob('*') if f.is_file()) // 1024} KiB)")
    return DIST


def copy_trystero(dst: Path) -> None:
    """Trystero's torrent strategy and its core as plain ES modules (public/match.js imports them only when a
    table has a remote seat or a room link is opened). The strategy's one bare import of the core is
    rewritten to the copied file; the core imports only its own files."""
    copy_tree(NODE_MODULES / "@trystero-p2p" / "core" / "dist", dst / "core",
              skip=lambda p: not p.name.endswith(".mjs"))
    # The host's page sorts above every guest (an id prefix public/match.js sets before the first import): where
    # two peers both hold offers, Trystero lets the higher id answer, so the host (passive, web/room.py) answers
    # a guest at once even while another peer of the room is connected, instead of at its next announce.
    utils = dst / "core" / "utils.mjs"
    text = utils.read_text()
    if "const selfId = genId(20);" not in text:
        raise SystemExit("@trystero-p2p/core no longer makes selfId as expected")
    utils.write_text(text.replace("const selfId = genId(20);", "const selfId = ((p) => p + genId(20 - p.length))"
                                  "(String(globalThis.explorersTrysteroIdPrefix ?? \"\").slice(0, 4));"))
    src = (NODE_MODULES / "@trystero-p2p" / "torrent" / "dist" / "index.mjs").read_text()
    if 'from "@trystero-p2p/core"' not in src:
        raise SystemExit("@trystero-p2p/torrent no longer imports @trystero-p2p/core as expected")
    src = src.replace('from "@trystero-p2p/core"', 'from "./core/index.mjs"')
    (dst / "torrent.mjs").write_text(src.split("//# sourceMappingURL=")[0])
    for name in ("LICENSE",):
        shutil.copy2(NODE_MODULES / "@trystero-p2p" / "core" / name, dst / name)


def copy_gmp(dst: Path) -> None:
    """gmp-wasm's self-contained ES module (GMP in WebAssembly, LGPL-3.0), unchanged, with its licence and
    where its source is: public/bignum.js imports it at tables dealt by mental poker only."""
    package = NODE_MODULES / "gmp-wasm"
    dst.mkdir(parents=True, exist_ok=True)
    shutil.copy2(package / "dist" / "mini.esm.min.js", dst / "gmp.mjs")
    shutil.copy2(package / "LICENSE", dst / "LICENSE")
    version = json.loads((package / "package.json").read_text())["version"]
    (dst / "SOURCE.txt").write_text(f"gmp.mjs is dist/mini.esm.min.js of the npm package gmp-wasm {version}, "
                                    "unchanged (GMP and MPFR compiled to WebAssembly; LGPL-3.0, see LICENSE).\n"
                                    f"Source: https://github.com/Daninet/gmp-wasm (tag v{version}) and "
                                    "https://www.npmjs.com/package/gmp-wasm\n")


def write_manifest() -> None:
    """build.json: a hash of the whole site (service-worker cache version) and every file with its size."""
    files = sorted(p for p in DIST.rglob("*") if p.is_file() and p.name not in ("build.json", "sw.js"))
    digest = hashlib.sha256()
    listing = {}
    for p in files:
        rel = p.relative_to(DIST).as_posix()
        data = p.read_bytes()
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        listing[rel] = len(data)
    version = digest.hexdigest()[:16]
    (DIST / "build.json").write_text(json.dumps({"version": version, "files": listing}, indent=1))
    sw = DIST / "sw.js"
    if sw.exists():
        sw.write_text(sw.read_text().replace("__BUILD_VERSION__", version))


# Precompressed copies (<file>.gz) for what static hosts compress anyway: nginx's gzip_static and
# `python build.py serve` send them with Content-Encoding: gzip. Zips and wheels are compressed already.
GZIP_SUFFIXES = (".wasm", ".mjs", ".js", ".json", ".css", ".html", ".py", ".mo", ".svg", ".webmanifest")
GZIP_MIN_BYTES = 1024


def write_gzip_siblings() -> None:
    """<file>.gz beside every compressible file of the site (not in build.json: a transfer encoding of the
    same bytes, so the service worker never caches it twice), when it saves at least a tenth. sw.js and
    build.json have none: they are the files a deploy replaces last, and must never be served stale."""
    import gzip

    for p in sorted(DIST.rglob("*")):
        if (not p.is_file() or p.suffix not in GZIP_SUFFIXES or p.stat().st_size < GZIP_MIN_BYTES
                or p.name in ("sw.js", "build.json")):
            continue
        data = p.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= 0.9 * len(data):
            p.with_name(p.name + ".gz").write_bytes(packed)


def needs_build() -> bool:
    if not (DIST / "build.json").exists():
        return True
    built = (DIST / "build.json").stat().st_mtime
    sources = [ROOT / "pyproject.toml", ROOT / "package-lock.json"]
    for folder in ("py_engine", "web", "public"):
        sources += [p for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return any(p.stat().st_mtime > built for p in sources)


# --- serve -------------------------------------------------------------------------------------

class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/zip", ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml"}

    def log_message(self, *args) -> None:  # quiet
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        """A file with a precompressed <file>.gz sibling goes out gzip-encoded when the client accepts gzip
        (as static hosts do), with the original's type and date; anything else as SimpleHTTPRequestHandler."""
        path = self.translate_path(self.path)
        packed = path + ".gz"
        accepts = any(e.split(";")[0].strip() == "gzip" for e in self.headers.get("Accept-Encoding", "").split(","))
        if (not (accepts and os.path.isfile(path) and os.path.isfile(packed)) or self.headers.get("Range")
                or os.stat(packed).st_mtime_ns < os.stat(path).st_mtime_ns):  # a stale copy: the file changed
            return super().send_head()
        mtime = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            import email.utils

            try:
                if mtime <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        f = open(packed, "rb")  # noqa: SIM115 (closed by copyfile's caller, as in the base class)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(port: int = 0, root: Path = DIST, prefix: str = "") -> _Server:
    """Serve `root` on 127.0.0.1; with `prefix` (e.g. "/games/explorers") the site lives under that sub-path."""
    prefix = prefix.rstrip("/")

    class Handler(_Handler):
        def translate_path(self, path: str) -> str:
            if prefix:
                if not path.startswith(prefix + "/"):
                    return str(root / "__missing__")
                path = path[len(prefix):]
            return http.server.SimpleHTTPRequestHandler.translate_path(self, path)

        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(root), **k)

    return _Server(("127.0.0.1", port), Handler)


def serve(port: int) -> None:
    if needs_build():
        build()
    server = make_server(port)
    print(f"Serving Explorers' Table at http://localhost:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# --- test --------------------------------------------------------------------------------------

def pytest_run(args: list[str]) -> int:
    code = subprocess.call([sys.executable, "-m", "pytest", *args], cwd=ROOT)
    return 0 if code == 5 else code  # 5 = no tests collected


def run_together(jobs: dict[str, list[str]]) -> list[str]:
    """Run commands at once (one per core), each one's output printed whole when it ends; the names of
    those that failed (pytest's 5, no tests collected, is not a failure)."""
    import tempfile

    running = {}
    for name, cmd in jobs.items():
        log(" ".join(cmd))
        out = tempfile.TemporaryFile()
        running[name] = (subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT), out)
    failed = []
    for name, (proc, out) in running.items():
        code = proc.wait()
        out.seek(0)
        log(f"--- {name} ---")
        sys.stdout.write(out.read().decode("utf-8", "replace"))
        sys.stdout.flush()
        out.close()
        if code not in (0, 5):
            failed.append(name)
    return failed


def pyodide_test_wheels() -> Path:
    """pytest + hypothesis and their pure-Python dependencies, resolved for Pyodide's Python."""
    dest = CACHE / "pyodide-test-wheels"
    if not dest.exists() or not any(dest.glob("pytest-*.whl")):
        dest.mkdir(parents=True, exist_ok=True)
        run([sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:", "--python-version", "3.14",
             "--implementation", "py", "--abi", "none", "--platform", "any", "-d", str(dest), *PYODIDE_TEST_WHEELS])
    return dest


def engine_test_files() -> list[str]:
    """The test files that exercise py_engine only (no build, browser or subprocess)."""
    return sorted(p.name for p in (ROOT / "tests").glob("test_*.py") if not p.name.startswith(PYODIDE_SKIP))


def pyodide_test_command() -> list[str]:
    wheel = engine_wheel(CACHE / "engine-wheel")
    deps = pyodide_test_wheels()
    return ["node", str(ROOT / "tests" / "pyodide" / "run.mjs"), "--wheel", str(wheel), "--deps", str(deps),
            "--root", str(ROOT), *engine_test_files()]


def test(args: argparse.Namespace) -> int:
    ensure_python_dev()
    ensure_node_modules()
    ensure_chromium()
    build()
    jobs = {"tests (CPython)": [sys.executable, "-m", "pytest", "-q", "tests"]}
    if not args.skip_pyodide:  # the engine tests again, inside Pyodide, at the same time (the other core)
        jobs["tests (Pyodide)"] = pyodide_test_command()
    failures = run_together(jobs)
    if not args.skip_e2e and pytest_run(["-q", "-p", "no:cacheprovider", *E2E_WORKERS, *E2E_RERUN, "e2e"]):
        failures.append("e2e")
    if failures:
        log("FAILED: " + ", ".join(failures))
        return 1
    log("all tests passed")
    return 0


# --- bench -------------------------------------------------------------------------------------

def bench(args: argparse.Namespace) -> int:
    ensure_python_dev()
    ensure_node_modules()
    ensure_chromium()
    if needs_build():
        build()
    sys.path.insert(0, str(ROOT))
    from tests.bench import run_benchmarks  # measurement code lives beside the tests

    report = run_benchmarks(ROOT, seconds=args.seconds)
    out = ROOT / "bench-report.json"
    out.write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))
    log(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd")
    sub.add_parser("build")
    p_serve = sub.add_parser("serve")
    p_serve.add_argument("--port", type=int, default=8000)
    p_test = sub.add_parser("test")
    p_test.add_argument("--skip-e2e", action="store_true")
    p_test.add_argument("--skip-pyodide", action="store_true")
    p_bench = sub.add_parser("bench")
    p_bench.add_argument("--seconds", type=float, default=3.0)
    sub.add_parser("i18n")
    args = parser.parse_args(argv)
    if args.cmd == "i18n":
        ensure_python_dev()
        update_catalogues()
        return 0
    if args.cmd in (None, "build"):
        build()
        return 0
    if args.cmd == "serve":
        serve(args.port)
        return 0
    if args.cmd == "test":
        return test(args)
    return bench(args)


if __name__ == "__main__":
    sys.exit(main())
