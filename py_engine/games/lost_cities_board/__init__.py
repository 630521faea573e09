"""Lost Cities: The Board Game (id `lost-cities-board`)."""

from .data import STAND_INS
from .state import GAME, LostCitiesBoardGame, LostCitiesBoardState

__all__ = ["GAME", "STAND_INS", "LostCitiesBoardGame", "LostCitiesBoardState"]
