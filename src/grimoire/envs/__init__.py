"""Reinforcement-learning and research interfaces (optional extras ``rl`` and ``openspiel``)."""
