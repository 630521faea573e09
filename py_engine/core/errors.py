"""Errors raised by engines and records."""


class IllegalAction(Exception):
    """An action that the rules do not allow now; the state is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RecordError(ValueError):
    """A save file / record / encoded value that is malformed or foreign."""
