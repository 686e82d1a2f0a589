"""Lesson material in pure Python: each game's exercises, warm-ups and readings."""
