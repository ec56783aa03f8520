"""Engine contracts shared by every game: Game, State, actions, views, chance, records."""
