"""The bot loop of a page (the app shell and the embed): one loop at a time, for the current table."""

from __future__ import annotations

import dom
from i18n import tr


class BotPump:
    """Mixin for a page with `table` and `redraw()`. Subclasses say when bots may move, what follows
    each bot move and what follows the loop; `pump()` plays the bots through `table.bot_moves`."""

    pumping = False
    error = ""
    bot_pause = 0.05  # seconds between the redraw and the bot's thinking
    pacer = None  # a web/pace.py TurnPacer: bot turns paced by a per-turn budget (None: `bot_pause` only)

    def bots_may_move(self) -> bool:
        return True

    async def after_bot_move(self, seat: int, action) -> None:
        """Called after each bot move has been played."""

    def after_bots(self, moved: bool) -> None:
        """Called when the loop ends with the same table (no bot to move, or bots may not move); `moved`:
        whether the loop drew or played anything (else the page shows what it showed before the loop)."""

    async def pump(self) -> None:
        """Let bots move, one decision at a time, thinking in slices so the page stays responsive. A loop
        whose table is replaced (a new game while a bot thought) ends and starts again for the new one."""
        table = self.table
        if self.pumping or table is None:
            return
        self.pumping = True
        moved = False

        def before() -> None:
            nonlocal moved
            moved = True
            self.redraw()

        try:
            async for seat, action in table.bot_moves(lambda: self.table is table and self.bots_may_move(),
                                                      before, self.bot_pause, self.pacer):
                await self.after_bot_move(seat, action)
        except Exception as exc:  # a bug must not leave the page "thinking" for ever: say so, stop the bots
            self.error = tr("A bot could not move ({reason}); the bots stop here.", reason=type(exc).__name__)
            self.redraw()
            return
        finally:
            self.pumping = False
            if self.pacer is not None:
                self.pacer.close()
        if self.table is not table:
            dom.spawn(self.pump())
        else:
            self.after_bots(moved)
