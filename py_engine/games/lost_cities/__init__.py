"""Lost Cities: The Card Game (id `lost-cities`)."""

from .state import GAME, LostCitiesGame, LostCitiesState

__all__ = ["GAME", "LostCitiesGame", "LostCitiesState"]
