"""Lesson material in pure Python, one module per game (no Jupyter): each game's
exercises, warm-ups and readings.

A lesson notebook shows the exercises with
:class:`widgets.components.exercise.ExerciseWidget`; the tests prove that each right
answer is accepted and typical wrong ones refused, so no notebook ever needs a
pre-filled answer.
"""
