"""The story of a round: what the table saw at the showdown (public records, saved with
the game) and the round's report for people and the command line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardmath import codec
from cardmath.cards import Card
from cardmath.expr import json_number, show_number
from cardmath.game import player_names

__all__ = ["Payment", "RoundResult", "Showdown", "round_record"]

# --- public records of a round --------------------------------------------------------


@codec.serializable("navigator.Showdown")
@dataclass(frozen=True)
class Showdown:
    """One player's declaration as revealed at the showdown, with the engine's verdict."""

    player: int
    memory: tuple[Card, ...]
    beacon: bool
    expression: str
    declared: int
    value: int | None
    correct: bool
    reason: str
    distance: int | None
    effective_distance: int | None
    slingshot: bool
    phantom: int | None
    hotshot: bool


@codec.serializable("navigator.Payment")
@dataclass(frozen=True)
class Payment:
    """``chips`` paid by ``payer`` to ``payee`` (``payee`` -1: into the Bounty)."""

    payer: int
    payee: int
    chips: int


@codec.serializable("navigator.RoundResult")
@dataclass(frozen=True)
class RoundResult:
    """Everything the table saw in one finished round (public to every player)."""

    round: int
    target: int
    target_cards: tuple[Card, ...]
    beacon: Card
    showdowns: tuple[Showdown, ...]
    winners: tuple[int, ...]
    payments: tuple[Payment, ...]
    chips_before: tuple[int, ...]
    chips_after: tuple[int, ...]
    bounty_winner: int | None
    bounty_won: int
    bounty_after: int
    eliminated: tuple[int, ...]
    map_owner: int | None
    map_bought: Payment | None
    corruption: tuple[int, int] | None
    """(player, die roll) when the Pirate Map corrupted a Nav Memory."""
    initiative: int


def round_record(result: RoundResult, override_suit: str = "") -> dict[str, Any]:
    """A finished round as a JSON-ready dict with a ``text`` block for people."""
    target = " ".join(map(str, result.target_cards))
    override = f", Override suit {override_suit}" if override_suit else ""
    lines = [
        f"Round {result.round}: target {result.target} ({target}), beacon {result.beacon}"
        + override
    ]
    if result.map_bought is not None:
        lines.append(
            f"  {player_names([result.map_bought.payer])} bought the Pirate Map "
            f"for {result.map_bought.chips} chips"
        )
    if result.corruption is not None:
        owner, roll = result.corruption
        lines.append(
            f"  Pirate Map die for {player_names([owner])}: {roll} (card {roll} corrupted)"
        )
    declarations = []
    for s in result.showdowns:
        cards = " ".join(map(str, s.memory)) + (" + beacon" if s.beacon else " (no beacon)")
        flags = "".join(
            [
                " Hotshot" if s.hotshot else "",
                " Slingshot" if s.slingshot else "",
                f" phantom {s.phantom}" if s.phantom is not None else "",
            ]
        )
        if s.correct:
            away = f"{show_number(s.distance)} away"
            if s.slingshot:
                away += f" ({show_number(s.effective_distance)} with Slingshot)"
            verdict = away
        else:
            verdict = f"FORFEIT, {s.reason}"
        lines.append(
            f"  {player_names([s.player])}: [{cards}] {s.expression} = "
            f"{show_number(s.declared)}; {verdict}{flags}"
        )
        declarations.append(
            {
                "player": s.player + 1,
                "cards": [str(card) for card in s.memory],
                "beacon": s.beacon,
                "expression": s.expression,
                "declared": json_number(s.declared),
                "value": None if s.value is None else json_number(s.value),
                "correct": s.correct,
                "reason": s.reason,
                "distance": None if s.distance is None else json_number(s.distance),
                "effective_distance": (
                    None if s.effective_distance is None else json_number(s.effective_distance)
                ),
                "slingshot": s.slingshot,
                "phantom": s.phantom,
                "hotshot": s.hotshot,
            }
        )
    won = player_names(result.winners) if result.winners else "Nobody"
    lines.append(
        f"  {won} won; chips {' '.join(map(str, result.chips_after))}"
        + (
            f"; Bounty of {result.bounty_won} to {player_names([result.bounty_winner])}"
            if result.bounty_winner is not None
            else ""
        )
        + (f"; Bounty {result.bounty_after}" if result.bounty_after else "")
        + (f"; out: {player_names(result.eliminated)}" if result.eliminated else "")
    )
    return {
        "event": "round",
        "round": result.round,
        "target": result.target,
        "target_cards": [str(card) for card in result.target_cards],
        "beacon": str(result.beacon),
        "override_suit": override_suit or None,
        "declarations": declarations,
        "winners": [w + 1 for w in result.winners],
        "payments": [[p.payer + 1, p.payee + 1, p.chips] for p in result.payments],
        "chips": list(result.chips_after),
        "bounty": result.bounty_after,
        "bounty_winner": None if result.bounty_winner is None else result.bounty_winner + 1,
        "eliminated": [p + 1 for p in result.eliminated],
        "map_owner": None if result.map_owner is None else result.map_owner + 1,
        "text": "\n".join(lines),
    }
