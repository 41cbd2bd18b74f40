"""Alembic migrations of the PBEM database (run through ``db.session.upgrade``)."""
