"""PyScript entry point: start the app shell."""

import js  # noqa: F401
from shell import start  # noqa: E402

start()
