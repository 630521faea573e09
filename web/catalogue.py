"""The five games of the product, for the home page (games without an engine show as coming)."""

CATALOGUE = [
    {"id": "lost-cities", "title": "Lost Cities", "players": "2",
     "blurb": "Knizia's card duel: risk expeditions, wager on them, and beat the −20 cost."},
    {"id": "lost-cities-board", "title": "Lost Cities: The Board Game", "players": "2–4",
     "blurb": "Race explorers up five paths, grab artifacts and cross the bridges."},
    {"id": "arnak", "title": "Lost Ruins of Arnak", "players": "1–4",
     "blurb": "Deck-building and worker placement on a jungle island."},
    {"id": "catan-ck", "title": "Catan: Cities & Knights", "players": "3–4",
     "blurb": "Defend Catan from the barbarians with knights and city improvements."},
    {"id": "islands", "title": "Islands in the Mist", "players": "2–4",
     "blurb": "Explore the mist, chart islands and race for discoveries."},
]
