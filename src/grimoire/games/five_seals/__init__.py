"""Five Seals of Magic."""
