"""The engine contract: Game, State, Record, IllegalAction and the deterministic rng."""

from . import rng
from .errors import IllegalAction, RecordError
from .game import Action, Game, State, ranks_from_scores
from .options import Option
from .record import Record
from .rng import Rng

__all__ = ["Action", "Game", "IllegalAction", "Option", "Record", "RecordError", "Rng", "State",
           "ranks_from_scores", "rng"]
