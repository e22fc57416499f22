"""Le jeu du destin d'Arc (seed 003): the three-player hex wargame of the last night of Arc's civil war."""
