"""Game packs: each game's rules (py_engine/games/<package>/) and renderer (render/<package>/) come in a zip of
their own (build.py: games/<package>.zip beside app.zip), so the home page starts without them.

The shell fetches every pack once the home page is up (shell.App.complete: an address that opens a game, a join
or a replay link waits for them before it is followed, and so does a click, a key or a change); an embed fetches
the one game it shows. A pack is unpacked beside the rest of the site's Python and imported on first use
(py_engine.GAMES), like any module.

A pack is a file of our own origin, yet it is read as outside input: bounded in size, and every entry must
lie in the pack's own two folders.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import io
import zipfile
from collections.abc import Iterable
from pathlib import Path

import js

from py_engine.games import ABOUT, PACKAGES, package_of

MAX_BYTES = 4_000_000  # a pack is 40-250 kB
FOLDERS = ("py_engine/games/{}/", "render/{}/")

_loading: dict[str, asyncio.Future] = {}
_in: set[str] = set()  # packages found present (a pack never leaves)


def url(package: str) -> str:
    """Where the page fetches a pack (beside app.zip, relative to the page)."""
    return f"./games/{package}.zip"


def present(package: str) -> bool:
    """The pack's modules can be imported: unpacked here, or the site's Python runs from source (tests)."""
    if package not in _in and all(importlib.util.find_spec(f"{top}.{package}") is not None
                                  for top in ("py_engine.games", "render")):
        _in.add(package)
    return package in _in


def _packages(game_ids: Iterable[str] | None) -> list[str]:
    return list(PACKAGES) if game_ids is None else [package_of(g) for g in game_ids if g in ABOUT]


def ready(game_ids: Iterable[str] | None = None) -> bool:
    """Every pack of these games (all games by default) is in."""
    return all(present(p) for p in _packages(game_ids))


def unpack(package: str, data: bytes, root: Path) -> None:
    """Put a pack's files under root (where py_engine/ and render/ are); ValueError for a pack that is too
    large, not a zip, or holds anything outside its two folders. Nothing is written unless all of it is fit."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"the {package} pack is too large")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise ValueError(f"the {package} pack is not a zip") from exc
    folders = tuple(f.format(package) for f in FOLDERS)
    total = 0
    for info in infos:
        name = info.filename
        if not name.startswith(folders) or ".." in name.split("/") or "\\" in name:
            raise ValueError(f"the {package} pack holds {name[:60]!r}")
        total += info.file_size
    if total > 4 * MAX_BYTES:
        raise ValueError(f"the {package} pack is too large")
    for info in infos:
        if not info.is_dir():
            path = root / info.filename
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(archive.read(info))
    importlib.invalidate_caches()


def _root() -> Path:
    import py_engine

    return Path(py_engine.__file__).resolve().parent.parent


async def _fetch(package: str) -> None:
    try:
        response = await js.fetch(url(package))
        if not response.ok:
            raise OSError(f"the {package} pack did not load (HTTP {response.status})")
        data = (await response.arrayBuffer()).to_bytes()
    except OSError:
        raise
    except Exception as exc:  # the browser's fetch failed (offline, refused): pyodide's JsException
        raise OSError(f"the {package} pack did not load") from exc
    unpack(package, data, _root())


def _load(package: str) -> asyncio.Future:
    task = _loading.get(package)
    if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
        task = _loading[package] = asyncio.ensure_future(_fetch(package))
    return task


def prefetch() -> None:
    """Start fetching every pack not in yet, now (the page's address will need them soon); a failure is said by
    whatever waits for them next."""
    for package in PACKAGES:
        if not present(package):
            _load(package).add_done_callback(lambda task: task.cancelled() or task.exception())


async def wait(game_ids: Iterable[str] | None = None) -> None:
    """Fetch and unpack every pack of these games (all by default) not in yet; OSError or ValueError when one
    cannot be had (offline before the site was cached, say): a later call tries again."""
    missing = [p for p in _packages(game_ids) if not present(p)]
    if missing:
        await asyncio.gather(*(_load(p) for p in missing))
