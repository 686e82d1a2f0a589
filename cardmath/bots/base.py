"""The bot every game has: it picks uniformly among the legal actions.

>>> from types import SimpleNamespace
>>> import random
>>> RandomBot().choose(SimpleNamespace(legal_actions=("a", "b")), random.Random(1)) in ("a", "b")
True
"""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    """Chooses a legal action uniformly at random."""

    name = "random"

    def choose(self, observation: Any, rng: random.Random) -> Any:
        return rng.choice(observation.legal_actions)
