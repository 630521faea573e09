"""PyScript entry point: start the app shell. Each import step is a phase of the loading screen, and the
page is painted between them, so the bar and its text follow the start for real."""

import asyncio

import js


async def boot() -> None:
    js.explorersPhase("engine")
    await asyncio.sleep(0.02)  # one frame: the browser paints the phase before the import holds it
    import py_engine  # noqa: F401  (the engines' common code; each game's rules come in its pack, web/packs.py)

    if len(str(js.location.hash or "")) > 1:  # an address that opens something waits for the games' packs:
        import packs  # fetched while the rest of the page is imported

        packs.prefetch()

    js.explorersPhase("app")
    await asyncio.sleep(0.02)
    from shell import start

    js.explorersPhase("draw")
    await asyncio.sleep(0.02)
    await start()


asyncio.ensure_future(boot())
