"""Offline play after one visit (service worker), a sub-path host, and the update banner."""

from __future__ import annotations

import json
import shutil

from .conftest import BOOT_TIMEOUT, open_app, serve
from .helpers import new_game, play_turn_by_clicks, wait_for_me_or_modal

CONTROLLED = "() => window.explorersControlled(60000)"


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def test_offline_game_under_sub_path(browser):
    server, url = serve(prefix="/games/explorers")
    try:
        context, page, watch = open_app(browser, url)
        assert page.evaluate("globalThis.explorersBoot") == "fresh"  # first visit: Python starts normally
        assert page.evaluate(CONTROLLED) is True
        version = json.loads(page.evaluate("fetch('./build.json').then(r => r.text())"))["version"]
        assert cache_names(page) == [f"explorers:/games/explorers/:{version}"]
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # Later visits restore the interpreter from the cached memory snapshot (pyodide/boot.mjs).
        assert page.evaluate("globalThis.explorersBoot") == "snapshot"
        new_game(page, {0: "You", 1: "Bot — level 1 (easy)"}, {"rounds": 1})
        turns = 0
        while (phase := wait_for_me_or_modal(page)) != "over":
            assert phase == "play", phase
            play_turn_by_clicks(page)
            turns += 1
            assert turns < 200
        page.click("[data-testid=watch-replay]")
        page.wait_for_selector("[data-testid=replay-board]")
        page.click("[data-testid=rp-next]")
        assert page.inner_text("[data-testid=rp-pos]").startswith("Move 1 of ")
        watch.errors = [e for e in watch.errors if "ERR_INTERNET_DISCONNECTED" not in e]
        watch.assert_clean()
        context.close()
    finally:
        server.shutdown()


def test_new_build_shows_update_banner_and_replaces_cache(browser, tmp_path):
    import build

    site = tmp_path / "site"
    shutil.copytree(build.DIST, site)
    server = build.make_server(0, root=site)
    import threading

    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        context, page, watch = open_app(browser, url)
        assert page.evaluate(CONTROLLED) is True
        old = cache_names(page)
        assert len(old) == 1
        # A "new build": another version in build.json and sw.js.
        listing = json.loads((site / "build.json").read_text())
        new_version = "f" * 16
        (site / "sw.js").write_text((site / "sw.js").read_text().replace(listing["version"], new_version))
        listing["version"] = new_version
        (site / "build.json").write_text(json.dumps(listing))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update-banner", timeout=60_000)
        assert "Update available" in page.inner_text("#update-banner")
        with page.expect_navigation(timeout=60_000):
            page.click("[data-testid=update-reload]")
        page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
        assert cache_names(page) == [f"explorers:/:{new_version}"]
        watch.assert_clean()
        context.close()
    finally:
        server.shutdown()


def test_trimmed_stdlib_has_what_the_app_imports():
    """The shipped python_stdlib.zip is bytecode only, without STDLIB_DROP, and still holds every stdlib module
    the site's code (web/, py_engine, the wheels) imports; the build itself imports them all in Pyodide."""
    import zipfile

    import build

    if not (build.DIST / "build.json").exists():
        build.build()
    with zipfile.ZipFile(build.DIST / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
    assert not [n for n in names if n.endswith(".py")]
    assert not {n.split("/")[0].removesuffix(".pyc") for n in names}.intersection(build.STDLIB_DROP)
    wheels = [*sorted((build.CACHE / "site-wheels").glob("py_engine-*.whl")), build.pypi_wheel(*build.SEGNO)]
    wanted = build.app_stdlib_imports(build.NODE_MODULES / "pyodide" / "python_stdlib.zip", wheels)
    assert {"asyncio", "json", "gettext", "xml.sax.saxutils"} <= set(wanted)
    aliases = {"collections.abc": "_collections_abc", "os.path": "posixpath"}  # set by their package, no file
    for module in wanted:
        path = aliases.get(module, module).replace(".", "/")
        assert f"{path}.pyc" in names or f"{path}/__init__.pyc" in names, module
    for needed in ("encodings/utf_8.pyc", "encodings/cp437.pyc", "zipfile/__init__.pyc", "tarfile.pyc"):
        assert needed in names  # Python's start, zipfile's names and Pyodide's unpacking


def test_app_zip_is_the_sites_python_as_bytecode():
    """app.zip, the one file PyScript unpacks, and the games' packs (games/<package>.zip, web/packs.py): every
    module of web/ (but main.py, run by the page), py_engine and segno as bytecode in place of its source, each
    game's rules and renderer in its pack and nowhere else, the compiled catalogues, and pyscript.json naming
    only app.zip."""
    import zipfile

    import build
    from py_engine.games import PACKAGES

    if not (build.DIST / "build.json").exists():
        build.build()
    with zipfile.ZipFile(build.DIST / "app.zip") as z:
        names = set(z.namelist())
    packs = {}
    for package in PACKAGES:
        with zipfile.ZipFile(build.DIST / "games" / f"{package}.zip") as z:
            packs[package] = set(z.namelist())
    assert sorted(p.name for p in (build.DIST / "games").glob("*.zip")) == sorted(f"{p}.zip" for p in PACKAGES)
    everything = names.union(*packs.values())
    assert not [n for n in everything if n.endswith(".py")]
    assert len(everything) == len(names) + sum(len(p) for p in packs.values())  # each file in one place
    for package, files in packs.items():
        assert files and all(n.startswith((f"py_engine/games/{package}/", f"render/{package}/")) for n in files)
        assert f"py_engine/games/{package}/__init__.pyc" in files and f"render/{package}/__init__.pyc" in files
    wanted = [m for m in build.web_modules() if m != "main.py"]
    wanted += [p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "py_engine").rglob("*.py")
               if "__pycache__" not in p.parts]
    assert len(wanted) > 60 and not [m for m in wanted if m[:-3] + ".pyc" not in everything]
    assert not [n for n in names if n.startswith(tuple(f"render/{p}/" for p in PACKAGES))]
    assert {"segno/__init__.pyc", "locale/ja/LC_MESSAGES/explorers.mo", "locale/fa/LC_MESSAGES/explorers.mo"} <= names
    config = json.loads((build.DIST / "pyscript.json").read_text())
    assert config["files"] == {"./app.zip": "./*"}
    assert sorted(p.name for p in (build.DIST / "app").iterdir() if p.suffix != ".gz") == ["main.py"]


def test_server_sends_precompressed_siblings():
    """build.py writes <file>.gz beside the big compressible files; the local server sends it with
    Content-Encoding: gzip to a client that accepts gzip (the body decodes to the very file), the plain
    file to one that does not, and never a copy older than its file. build.json does not list them."""
    import gzip
    import http.client
    import threading

    import build

    if not (build.DIST / "build.json").exists():
        build.build()
    listing = json.loads((build.DIST / "build.json").read_text())["files"]
    assert not [f for f in listing if f.endswith(".gz") and not f.endswith("snapshot.bin.gz")]
    assert (build.DIST / "pyodide" / "pyodide.asm.wasm.gz").exists()
    assert not (build.DIST / "sw.js.gz").exists() and not (build.DIST / "build.json.gz").exists()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        def get(path: str, encoding: str | None):
            conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1])
            conn.request("GET", path, headers={"Accept-Encoding": encoding} if encoding else {})
            res = conn.getresponse()
            body = res.read()
            conn.close()
            return res, body

        for rel, kind in (("pyodide/pyodide.asm.wasm", "application/wasm"),
                          ("pyodide/pyodide.asm.mjs", "text/javascript")):
            raw = (build.DIST / rel).read_bytes()
            res, body = get("/" + rel, "gzip, deflate, br")
            assert res.status == 200 and res.getheader("Content-Encoding") == "gzip"
            assert res.getheader("Content-Type") == kind  # application/wasm: compiled while it streams
            assert len(body) < len(raw) / 2 and gzip.decompress(body) == raw
            res, body = get("/" + rel, None)
            assert res.getheader("Content-Encoding") is None and body == raw
        res, body = get("/pyodide/python_stdlib.zip", "gzip")  # already compressed: sent as it is
        assert res.getheader("Content-Encoding") is None
    finally:
        server.shutdown()


def test_game_packs_that_cannot_be_fetched_are_said_and_fetched_again_at_the_next_click(browser, site):
    """The games' packs come after the home page (web/packs.py). When they cannot be fetched (offline before the
    site was cached), the home page still works and says so; the next click fetches them again and goes on."""
    from .conftest import HERMETIC_JS

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(HERMETIC_JS)
    blocked = {"on": True}
    context.route("**/games/*.zip", lambda route: route.abort() if blocked["on"] else route.continue_())
    page = context.new_page()
    crashes: list[str] = []
    page.on("pageerror", lambda e: crashes.append(str(e)))
    page.goto(site)
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("[data-testid=error]:has-text('The games could not be loaded')")
    blocked["on"] = False
    page.click("[data-testid=new-lost-cities]")
    page.wait_for_selector("[data-testid=start]")
    assert page.query_selector("[data-testid=error]") is None and not crashes
    assert page.query_selector("[data-testid=fail]:not([hidden])") is None  # no failure line: nothing was uncaught
    context.close()


def test_a_link_put_in_the_address_before_the_packs_came_opens_once_they_do(browser, site):
    """A record link typed into the address bar while the games' packs are still coming: nothing hears its
    hashchange yet, so the page opens it once they are in (shell.App.complete), and draws it."""
    import base64
    import zlib

    from .conftest import HERMETIC_JS
    from .test_results import solo_lost

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(HERMETIC_JS)
    held: list = []
    context.route("**/games/*.zip", lambda route: held.append(route))
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
    code = base64.urlsafe_b64encode(zlib.compress(json.dumps(solo_lost()).encode(), 9)).decode().rstrip("=")
    page.goto(page.url.split("#")[0] + "#record=" + code)
    page.wait_for_function("() => location.hash.startsWith('#record=')")
    assert page.query_selector("[data-testid=replay-board]") is None
    assert held  # the page asked for its packs, and they are held
    context.unroute("**/games/*.zip")  # the requests held go on (Playwright continues them), later ones too
    page.wait_for_selector("[data-testid=replay-board]")
    context.close()
