"""The exercises of the lessons, one module per game (pure Python, no Jupyter).

A lesson notebook shows these with :class:`widgets.components.exercise.ExerciseWidget`;
the tests prove that each right answer is accepted and typical wrong ones refused, so no
notebook ever needs a pre-filled answer.
"""
