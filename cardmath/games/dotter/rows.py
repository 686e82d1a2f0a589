"""Dotter's rows of face-down cards, made and listed once: a card's copy with new flags,
the peeks and scores of places (one object each), and a row as one player sees it.

>>> from cardmath.cards import Card
>>> card = FaceDown(2, 1, Card.parse("7H"), True, frozenset())
>>> _face_down(card, False, frozenset({0})).label, _action(Peek, 0, "1a", "2b")
('2b', Peek(owner=0, places=('1a', '2b')))
"""

from __future__ import annotations

from typing import Any

from cardmath.cards import Card
from cardmath.errors import IllegalMove, quoted
from cardmath.game import player_names
from cardmath.games.dotter.actions import (
    FaceDown,
    Peek,
    Score,
    SeenCard,
    parse_position,
    position_label,
)
from cardmath.games.dotter.scoring import GUESSES


def _face_down(card: FaceDown, new: bool, seen_by: frozenset[int]) -> FaceDown:
    """``card`` now ``new`` or not and seen by ``seen_by`` (as :func:`dataclasses.replace`)."""
    made = object.__new__(FaceDown)
    made.__dict__.update(row=card.row, slot=card.slot, card=card.card, new=new, seen_by=seen_by)
    label = card.__dict__.get("label")
    if label is not None:
        made.__dict__["label"] = label  # the same place: its label is the same
    return made


def _new_card(row: int, slot: int, card: Card, seen_by: frozenset[int]) -> FaceDown:
    """``card`` just drawn or given to place ``slot`` of row ``row``, new and seen by
    ``seen_by`` (as the constructor makes it, its label already made)."""
    made = object.__new__(FaceDown)
    made.__dict__.update(
        row=row, slot=slot, card=card, new=True, seen_by=seen_by, label=position_label(row, slot)
    )
    return made


_ACTIONS: dict[tuple[Any, ...], Any] = {}
"""Peeks and scores listed so far (actions are immutable: one object each)."""


def _action(kind: type, owner: int, *places: str) -> Any:
    """A peek of ``owner``'s cards at ``places``; or the five scores of them (without a
    guess, then with each guess), made once."""
    key = (kind, owner, *places)
    found = _ACTIONS.get(key)
    if found is None:
        if len(_ACTIONS) >= 100_000:
            _ACTIONS.clear()
        if kind is Peek:
            found = Peek(owner, places)
        else:
            found = (Score(owner, places), *(Score(owner, places, guess) for guess in GUESSES))
        _ACTIONS[key] = found
    return found


_VIEW_KEYS = (("_view", "_view_protected"), ("_view_seen", "_view_seen_protected"))
"""Where a card keeps its views (see :func:`_seen_area`), by (seen, protected)."""


def _seen_area(area: tuple[FaceDown, ...], player: int, protected: bool) -> tuple[SeenCard, ...]:
    """``area`` as ``player`` sees it (``protected``: its bank row is protected from them).

    A card looks the same to every player who has seen it, and to every one who has not:
    each card keeps those views once made (a cache beside its fields, immutable as they)."""
    seen = []
    for card in area:
        shown = player in card.seen_by
        guarded = protected and card.row == 1
        key = _VIEW_KEYS[shown][guarded]
        view = card.__dict__.get(key)
        if view is None:
            # Made without the frozen dataclass's field-by-field constructor (every field
            # is already of its type).
            view = object.__new__(SeenCard)
            view.__dict__.update(
                label=card.label,
                card=card.card if shown else None,
                new=card.new,
                protected=guarded,
                seen_by=card.seen_by,
            )
            card.__dict__[key] = view
        seen.append(view)
    return tuple(seen)


def chosen_cards(
    areas: tuple[tuple[FaceDown, ...], ...],
    players: int,
    owner: int,
    places: tuple[str, ...],
    count: int,
    verb: str,
) -> list[FaceDown]:
    """The ``count`` cards of ``owner``'s rows at ``places`` (typed by a player: checked,
    each refusal an :class:`IllegalMove` naming the rule), to ``verb``."""
    if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players:
        raise IllegalMove(
            f"there is no player {quoted(owner)}: in Python the players of this "
            f"{players}-player game are numbered 0 to {players - 1} (0 is Player 1, "
            f"written p1 in a move's text)",
            rule="players",
        )
    if not isinstance(places, tuple | list):
        raise IllegalMove(
            f"the cards to {verb} are a tuple of places like ('1a', '2b'), not {quoted(places)}",
            rule="card places",
        )
    if len(places) != count:
        raise IllegalMove(f"you {verb} exactly {count} cards, not {len(places)}", rule=verb)
    keys = [parse_position(label) for label in places]
    if len(set(keys)) != count:
        raise IllegalMove(f"you {verb} {count} different cards", rule=verb)
    cards: list[FaceDown] = []
    for label in places:
        place = position_label(*parse_position(label))
        card = next((card for card in areas[owner] if card.label == place), None)
        if card is None:
            raise IllegalMove(
                f"{player_names([owner])} has no face-down card at {label}", rule="card places"
            )
        cards.append(card)
    return cards
