"""What the home page does not need, imported after it is up: the network play (web/netplay.py, with the
engine's net code), the position editor and the study editor (web/editor.py, web/editor_study.py). The shell
imports them with the games' packs (shell.complete) and reaches them through these functions, which import a
module where it is needed first (a test, an address followed at start)."""

from __future__ import annotations

from types import ModuleType

NAMES = ("netplay", "editor", "editor_study")


def netplay() -> ModuleType:
    import netplay as module

    return module


def editor() -> ModuleType:
    import editor as module

    return module


def editor_study() -> ModuleType:
    import editor_study as module

    return module


def load() -> None:
    """Import all of them now."""
    netplay(), editor(), editor_study()
