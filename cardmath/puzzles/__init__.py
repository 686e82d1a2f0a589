"""Puzzles: one player's problem from a seeded deal, with best answers, hints and a check.

A puzzle reads its rules from the game state it was dealt from, and asks the engine and
the solver for every verdict, so what it calls best is what the game would score.

* :mod:`cardmath.puzzles.navigator`: make the target from the Signpost Beacon and the
  Nav Memory (:class:`~cardmath.puzzles.navigator.NavigatorPuzzle`).

>>> from cardmath.puzzles.navigator import NavigatorPuzzle
>>> NavigatorPuzzle.deal(2481).target
90
"""
