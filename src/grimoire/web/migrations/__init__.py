"""Alembic migrations of the web app's database (run automatically at startup)."""
