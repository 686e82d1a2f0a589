"""Alembic's scripts for the class store's schema (see :mod:`cardmath.service.migrate`)."""
