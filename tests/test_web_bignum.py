"""web/bignum.py in CPython, with a stand-in for public/bignum.js: a module that agrees with Python is attached to a
fair seat's Powers (its exponentiations and Legendre symbols go through it, same results); one that disagrees
on the known values, or fails to load, is never used."""

from __future__ import annotations

import asyncio
import sys
import types
from pathlib import Path

import pytest

from py_engine.core import mental_poker as mp
from py_engine.games.lost_cities.fair import FairSeat

from .fakepage import pyodide_modules

WEB = str(Path(__file__).resolve().parent.parent / "web")


class FakeLib:
    """public/bignum.js's functions on hex strings, made with Python (`wrong`: every power off by one)."""

    def __init__(self, wrong: bool = False) -> None:
        self.wrong, self.calls = wrong, 0

    def powm(self, xs: str, es: str, ms: str) -> str:
        self.calls += 1
        y = pow(int(xs, 16), int(es, 16), int(ms, 16))
        return format(y + 1 if self.wrong else y, "x")

    def jacobi(self, xs: str, ms: str) -> int:
        self.calls += 1
        return mp.jacobi(int(xs, 16), int(ms, 16))


def bignum_with(monkeypatch, lib: FakeLib | None):
    """A fresh web/bignum.py whose import of public/bignum.js gives `lib` (None: the import fails)."""
    class JsException(Exception):
        """What a failed dynamic import raises in Pyodide."""

    async def loaded():
        return lib

    async def importer(_url):
        if lib is None:
            raise JsException("no such module")
        return types.SimpleNamespace(load=loaded)

    fake_js = types.ModuleType("js")
    fake_js.Function = types.SimpleNamespace(new=lambda *_args: importer)
    fake_js.URL = types.SimpleNamespace(new=lambda rel, base: types.SimpleNamespace(href=base + rel))
    fake_js.document = types.SimpleNamespace(baseURI="http://127.0.0.1/")
    monkeypatch.setitem(sys.modules, "js", fake_js)
    for name, module in pyodide_modules().items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.syspath_prepend(WEB)
    monkeypatch.delitem(sys.modules, "bignum", raising=False)
    import bignum

    return bignum


def seat() -> FairSeat:
    return FairSeat(0, bytes(range(32)), {"rounds": 1}, mp.TEST_GROUP)


def test_an_agreeing_module_makes_the_seats_powers(monkeypatch) -> None:
    lib = FakeLib()
    bignum = bignum_with(monkeypatch, lib)
    try:
        assert asyncio.run(bignum.load()) is True
        s = seat()
        bignum.attach(s)
        assert s.powers.compute is bignum.power and s.powers.symbol is bignum.symbol
        before = lib.calls
        out = s.poll()  # seat 0's lock: every power through the module, the same numbers Python gives
        assert lib.calls - before == s.n and out
        again = seat()
        assert again.poll() == out and again.powers.compute is pow
        g = mp.GROUP14
        x = 0x1234567 ** 40 % g.p
        assert bignum.power(x, g.q - 1, g.p) == pow(x, g.q - 1, g.p) and bignum.symbol(x, g.p) == mp.jacobi(x, g.p)
        assert bignum.power(x, -1, g.p) == pow(x, -1, g.p)  # an inverse: Python's pow, not the module
    finally:
        sys.modules.pop("bignum", None)


@pytest.mark.parametrize("lib", [FakeLib(wrong=True), None], ids=["disagrees", "fails to load"])
def test_a_module_that_disagrees_or_fails_is_not_used(monkeypatch, lib) -> None:
    bignum = bignum_with(monkeypatch, lib)
    try:
        assert asyncio.run(bignum.load()) is False
        s = seat()
        bignum.attach(s)
        assert s.powers.compute is pow and s.powers.symbol is mp.jacobi
        assert bignum.power(5, 3, 7) == 6
    finally:
        sys.modules.pop("bignum", None)
