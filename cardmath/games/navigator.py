"""Navigator (seed 000): draft cards, then make the target from your Vector Set.

Each round: (Pirate Map purchase), a target of two cards, a Signpost Beacon every player
must use, a pick-and-pass draft of four-card Data Packets into each Nav Memory, then
every player declares an expression over two Nav Memory cards and the beacon. The
closest correct declarations win; every other player pays each winner one chip; a
player without chips is out; the last navigator with chips wins. Optional scoring
(Hotshot Spacer, Slingshot Manoeuvre, Extrapolative Computation) and the variants
(Forced/Select Command Override, Forced/Select Precog, Pirate Map) are options.

The rules themselves (values, targets, Vector Sets, judging declarations, the best
Vector Set) live in :mod:`cardmath.games.navigator_rules` and are re-exported here.

>>> game = NavigatorGame(players=2, rounds=1)
>>> state = game.new_state(seed=7)
>>> state.phase, len(state.memories[0]), len(state.packets[0])
('draft', 0, 4)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> state.last_round.round, len(state.last_round.showdowns), sum(state.chips) == 20
(1, 2, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from cardmath import codec
from cardmath.cards import TRUMP, Card, standard_deck, tarot_deck
from cardmath.errors import CardError, IllegalMove, OptionError, checked_text, quoted
from cardmath.expr import json_number, show_number
from cardmath.game import (
    TERMINAL,
    Game,
    Observation,
    Options,
    Outcome,
    State,
    chance,
    option,
    player_names,
    shuffled,
    winners_by_score,
)
from cardmath.games.navigator_rules import (
    BestVectorSet,
    DeclarationCheck,
    VectorChoice,
    VectorRules,
    best_distance,
    best_for_choice,
    best_vector_set,
    card_names,
    card_values,
    check_declaration,
    is_override,
    is_slingshot,
    listing_budget,
    measured_distances,
    phantom_values,
    plain_sum,
    target_card_value,
    target_value,
    vector_set_choices,
)

__all__ = [
    "VARIANTS",
    "VARIANT_RULES",
    "BestVectorSet",
    "BuyMap",
    "DeclarationCheck",
    "Declare",
    "NavigatorGame",
    "NavigatorObservation",
    "NavigatorOptions",
    "NavigatorState",
    "PassMap",
    "Payment",
    "Pick",
    "RoundResult",
    "Showdown",
    "VectorChoice",
    "VectorRules",
    "best_distance",
    "best_vector_set",
    "card_names",
    "card_values",
    "check_declaration",
    "is_slingshot",
    "phantom_values",
    "target_card_value",
    "target_value",
    "vector_set_choices",
]

PACKET_SIZE = 4
"""Cards in a Data Packet, and so cards in a full Nav Memory."""

HOTSHOT_STAKE = 2
"""Chips a winning Hotshot receives from, or a losing Hotshot pays to, every other player."""

VARIANTS: dict[str, str] = {
    "forced-override": "Forced Command Override",
    "select-override": "Select Command Override",
    "forced-precog": "Forced Precog",
    "select-precog": "Select Precog",
    "pirate-map": "Pirate Map",
}
"""Variant names (as the ``variant`` option and ``--variant`` take them) and titles."""

_VARIANT_ALIASES = {
    "forced-command-override": "forced-override",
    "select-command-override": "select-override",
    "pirate": "pirate-map",
    "piratemap": "pirate-map",
}

PHASE_BUY, PHASE_DRAFT, PHASE_DECLARE, PHASE_OVER = "buy", "draft", "declare", "over"


def _variant_name(text: Any) -> str:
    if not isinstance(text, str):
        raise OptionError(f"a variant is a name such as 'pirate-map', not {quoted(text)}")
    name = text.strip().lower().replace("_", "-").replace(" ", "-")
    name = _VARIANT_ALIASES.get(name, name)
    if name not in VARIANTS:
        raise OptionError(
            f"Navigator has no variant {quoted(text)}; the variants are {', '.join(VARIANTS)}"
        )
    return name


VARIANT_RULES: dict[str, str] = {
    "forced-override": "One suit is the Override suit: every Override card in your Nav Memory "
    "must be in your Vector Set, and an Override card in the target stands alone.",
    "select-override": "One suit is the Override suit: your Vector Set must hold one of the "
    "Override cards in your Nav Memory, and an Override card in the target stands alone.",
    "forced-precog": "Play with the tarot deck (Ace 100, trumps 0 to 21 are the Override suit) "
    "and the Forced Command Override rules.",
    "select-precog": "Play with the tarot deck (Ace 100, trumps 0 to 21 are the Override suit) "
    "and the Select Command Override rules.",
    "pirate-map": "Before a round a player may buy the Pirate Map (its price goes to the "
    "Bounty) and then may leave out the Signpost Beacon; a die corrupts one Nav Memory card.",
}
"""Each variant's rule in one sentence (the settings panel and ``games`` show them)."""

SUIT_CHOICES: dict[str, str] = {
    "": "drawn at random",
    "C": "clubs",
    "D": "diamonds",
    "H": "hearts",
    "S": "spades",
}

MAX_STARTING_CHIPS = 30
"""Most starting chips: with more, a game played until one navigator is left could run
for hundreds of rounds."""

MAX_ROUNDS = 100
"""Most rounds a game may be limited to (a lesson plays 5 to 20)."""


@codec.serializable("navigator.NavigatorOptions")
@dataclass(frozen=True)
class NavigatorOptions(Options):
    """Navigator's options (defaults are the core game of seed 000 with the rulings).

    ``variant`` takes one variant name or a tuple of them (``forced-override``,
    ``select-override``, ``forced-precog``, ``select-precog``, ``pirate-map``); it is
    stored as a tuple in a fixed order. ``override_suit`` is ``""`` (drawn at random per
    game) or ``C D H S``. ``rounds`` 0 plays until one navigator is left.

    >>> NavigatorOptions(variant="pirate_map").variant
    ('pirate-map',)
    >>> NavigatorOptions(variant=("forced-override", "select-precog")).validate()
    Traceback (most recent call last):
      ...
    cardmath.errors.OptionError: Variants: choose at most one of the Command Override and Precog variants, not Forced Command Override and Select Precog
    """

    players: int = option(3, "Players", "How many navigators play.", minimum=2, maximum=4)
    starting_chips: int = option(
        10,
        "Starting chips",
        "Chips each navigator starts with; a navigator without chips is out.",
        minimum=1,
        maximum=MAX_STARTING_CHIPS,
    )
    rounds: int = option(
        0,
        "Rounds",
        "Stop after this many rounds and the most chips win; 0 plays until one navigator is left.",
        minimum=0,
        maximum=MAX_ROUNDS,
    )
    hotshot: bool = option(
        False,
        "Hotshot Spacer",
        "A player may lock a card of their first Data Packet: they must use it, and win or "
        "lose 2 chips with every other player.",
    )
    slingshot: bool = option(
        False,
        "Slingshot Manoeuvre",
        "A Vector Set all of one suit counts 2 closer to the target.",
    )
    extrapolation: bool = option(
        False,
        "Extrapolative Computation",
        "Three consecutive values in a Vector Set allow one extra phantom value just below "
        "or just above them.",
    )
    variant: tuple[str, ...] = option(
        (),
        "Variants",
        "Variants of the seed; the Pirate Map combines with any one of the others.",
        choices=VARIANTS,
        choice_help=VARIANT_RULES,
        exclusive={
            "Command Override and Precog variants": (
                "forced-override",
                "select-override",
                "forced-precog",
                "select-precog",
            )
        },
    )
    override_suit: str = option(
        "",
        "Override suit",
        "Which suit is the Override suit in the Command Override variants; drawn at random "
        "for each game unless you choose one.",
        choices=SUIT_CHOICES,
    )

    def __post_init__(self) -> None:
        variant: Any = self.variant
        if isinstance(variant, str):
            variant = () if not variant.strip() else tuple(variant.split(","))
        if not isinstance(variant, (tuple, list, frozenset, set)):
            raise OptionError(f"Variants are a name or a tuple of names, not {quoted(variant)}")
        names = {_variant_name(name) for name in variant}
        object.__setattr__(self, "variant", tuple(name for name in VARIANTS if name in names))
        suit = self.override_suit
        if isinstance(suit, str):
            object.__setattr__(self, "override_suit", suit.strip().upper())

    def validate(self) -> None:
        super().validate()
        exclusive = [VARIANTS[name] for name in self.variant if name != "pirate-map"]
        if len(exclusive) > 1:
            raise OptionError(
                "Variants: choose at most one of the Command Override and Precog variants, "
                "not " + " and ".join(exclusive)
            )
        if self.override_suit and not self.override_mode:
            raise OptionError("Override suit needs the Forced or Select Command Override variant")
        if self.override_suit and self.precog:
            raise OptionError("Override suit: in Precog the trumps are always the Override suit")

    @property
    def override_mode(self) -> str:
        """``""``, ``"forced"`` or ``"select"``: which Command Override rules apply."""
        for name in self.variant:
            if name.startswith("forced"):
                return "forced"
            if name.startswith("select"):
                return "select"
        return ""

    @property
    def precog(self) -> bool:
        """Whether a Precog variant is on (tarot deck, trumps are the Override suit)."""
        return any(name.endswith("precog") for name in self.variant)

    @property
    def pirate_map(self) -> bool:
        return "pirate-map" in self.variant

    def deck(self) -> tuple[Card, ...]:
        """The 54-card deck, or the 80-card tarot deck for Precog."""
        return tarot_deck() if self.precog else standard_deck()


# --- actions ---------------------------------------------------------------------------


def _cached_hash(self: Any) -> int:
    """Hash of a frozen action, computed once (actions are hashed often in sets)."""
    value = self.__dict__.get("_hash")
    if value is None:
        value = hash((type(self).__name__, *(getattr(self, f) for f in self.__match_args__)))
        object.__setattr__(self, "_hash", value)
    return value


@codec.serializable("navigator.BuyMap")
@dataclass(frozen=True)
class BuyMap:
    """Buy the Pirate Map before the deal, paying ``price`` chips into the Bounty."""

    price: int

    __hash__ = _cached_hash

    def __str__(self) -> str:
        return f"buy the pirate map for {self.price} chips"


@codec.serializable("navigator.PassMap")
@dataclass(frozen=True)
class PassMap:
    """Do not buy the Pirate Map this round."""

    __hash__ = _cached_hash

    def __str__(self) -> str:
        return "pass"


@codec.serializable("navigator.Pick")
@dataclass(frozen=True)
class Pick:
    """Keep ``card`` from the Data Packet; ``lock`` (first packet, Hotshot Spacer) locks it."""

    card: Card
    lock: bool = False

    __hash__ = _cached_hash

    def __str__(self) -> str:
        return f"{'lock' if self.lock else 'pick'} {self.card}"


@codec.serializable("navigator.Declare")
@dataclass(frozen=True)
class Declare:
    """A showdown declaration: the Vector Set, the expression, and the declared result.

    ``memory`` are the Nav Memory cards used, ``beacon`` whether the Signpost Beacon is
    in the set (always, except for a Pirate Map owner), ``expression`` the text (card
    names J Q K JK may be typed; an Ace is typed as 1 or 100), ``value`` the declared
    result, ``target`` the target it is declared for (``None``: the current one).

    >>> str(Declare((Card.parse("7H"), Card.parse("8S")), True, "(J - 7) * 8", 32, 31))
    'declare 7H 8S + beacon: (J - 7) * 8 = 32 (target 31)'
    """

    memory: tuple[Card, ...]
    beacon: bool
    expression: str
    value: int
    target: int | None = None

    __hash__ = _cached_hash

    @property
    def choice(self) -> VectorChoice:
        return VectorChoice(tuple(self.memory), self.beacon)

    def __str__(self) -> str:
        memory = self.memory if isinstance(self.memory, (tuple, list)) else (self.memory,)
        cards = " ".join(str(card) if isinstance(card, Card) else quoted(card) for card in memory)
        cards += " + beacon" if self.beacon else " (no beacon)"
        target = "" if self.target is None else f" (target {show_number(self.target)})"
        expression = (
            self.expression if isinstance(self.expression, str) else quoted(self.expression)
        )
        return f"declare {cards}: {expression} = {show_number(self.value)}{target}"


Action = BuyMap | PassMap | Pick | Declare

_DECLARE_HEAD = re.compile(r"^\s*declare\s+(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_DECLARE_CARDS = re.compile(
    r"^(?P<cards>[^+(]*?)\s*(?P<beacon>\+\s*beacon|\(no beacon\))?\s*$", re.I
)
_DECLARE_TARGET = re.compile(r"\(\s*target\s+(?P<target>\d{1,12})\s*\)\s*$", re.IGNORECASE)
_DECLARE_VALUE = re.compile(r"^\s*(?P<value>-?\d{1,12})\s*$")
_DECLARATION_EXAMPLE = "declare 7H 8S + beacon: (J - 7) * 8 = 32"


def parse_declaration(text: str) -> Declare:
    """Read a declaration typed as ``declare 7H 8S + beacon: (J - 7) * 8 = 32``.

    The cards come before the colon (``(no beacon)`` for a Pirate Map owner's set), the
    expression after it, then ``=`` and the declared result, and perhaps the target the
    declaration is for, as the engine lists it (``(target 31)``). Anything else is
    refused with :class:`IllegalMove` (rule ``declaration``).

    >>> parse_declaration("declare 7H 8S + beacon: (J - 7) * 8 = 32").value
    32
    >>> parse_declaration("declare 7H 8S + beacon: (J - 7) * 8 = " + "9" * 50)
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: write a declaration as: declare 7H 8S + beacon: (J - 7) * 8 = 32, not 'declare 7H 8S + beacon: (J - 7) * 8 = 99999999999999999999…
    """
    checked_text(text, "a declaration", _DECLARATION_EXAMPLE, error=IllegalMove, rule="declaration")
    head = _DECLARE_HEAD.match(text)
    cards_text, colon, tail = head.group("rest").partition(":") if head else ("", "", "")
    target_match = _DECLARE_TARGET.search(tail)
    if target_match:
        tail = tail[: target_match.start()]
    expression, equals, value_text = tail.rpartition("=")
    cards_match = _DECLARE_CARDS.match(cards_text)
    value_match = _DECLARE_VALUE.match(value_text)
    if not (colon and equals and cards_match and value_match and expression.strip()):
        raise IllegalMove(
            f"write a declaration as: {_DECLARATION_EXAMPLE}, not {quoted(text.strip())}",
            rule="declaration",
        )
    words = cards_match.group("cards").split()
    if len(words) > 5:
        raise IllegalMove(
            f"a Vector Set uses two or three Nav Memory cards, not {len(words)}",
            rule="declaration",
        )
    try:
        cards = tuple(Card.parse(word) for word in words)
    except CardError as error:
        raise IllegalMove(str(error), rule="declaration") from error
    beacon = not (cards_match.group("beacon") or "+").lower().startswith("(")
    target = target_match.group("target") if target_match else None
    return Declare(
        cards,
        beacon,
        expression.strip(),
        int(value_match.group("value")),
        None if target is None else int(target),
    )


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


@codec.serializable("navigator.NavigatorObservation")
@dataclass(frozen=True)
class NavigatorObservation(Observation):
    """What one navigator may see: the table, their own packet and Nav Memory, no more.

    ``rules`` are this player's Vector Set rules for the round (for the rule helpers);
    ``seen`` the Data Packets they held at earlier picks of this round; ``hotshots`` who
    locked a Hotshot card (public once the first pick round is over).
    """

    players: int
    options: NavigatorOptions
    round: int
    phase: str
    chips: tuple[int, ...]
    initiative: int
    bounty: int
    map_owner: int | None
    map_price: int
    override_suit: str
    target: int | None
    target_cards: tuple[Card, ...]
    beacon: Card | None
    pick: int
    packet: tuple[Card, ...]
    memory: tuple[Card, ...]
    hotshot: bool
    hotshots: tuple[bool, ...]
    seen: tuple[tuple[Card, ...], ...]
    corrupted: Card | None
    declaration: Declare | None
    rules: VectorRules
    last_round: RoundResult | None


# --- the state -------------------------------------------------------------------------


def _remove(cards: Sequence[Card], card: Card) -> tuple[Card, ...]:
    items = list(cards)
    items.remove(card)
    return tuple(items)


@codec.serializable("navigator.NavigatorState")
@dataclass(frozen=True)
class NavigatorState(State):
    """One moment of a Navigator game (immutable; ``apply`` returns the next one).

    ``memories`` keep the drafting order (the Pirate Map die counts positions in it, and
    a Hotshot's locked card is always the first). ``turn`` indexes :meth:`order` (draft,
    declarations) or :meth:`buyers` (Pirate Map purchase).
    """

    options: NavigatorOptions
    seed: int
    override_suit: str
    round: int
    phase: str
    chips: tuple[int, ...]
    initiative: int
    turn: int = 0
    deck: tuple[Card, ...] = ()
    target_cards: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()
    target: int | None = None
    beacon: Card | None = None
    packets: tuple[tuple[Card, ...], ...] = ()
    memories: tuple[tuple[Card, ...], ...] = ()
    hotshots: tuple[bool, ...] = ()
    pick: int = 0
    seen: tuple[tuple[tuple[Card, ...], ...], ...] = ()
    corrupted: tuple[Card | None, ...] = ()
    declarations: tuple[Declare | None, ...] = ()
    bounty: int = 0
    map_owner: int | None = None
    map_purchases: int = 0
    map_bought: Payment | None = None
    corruption: tuple[int, int] | None = None
    last_round: RoundResult | None = None

    # --- who is playing ---------------------------------------------------------------

    def active(self) -> tuple[int, ...]:
        """Players still in the game (with chips), by seat."""
        return tuple(player for player, chips in enumerate(self.chips) if chips > 0)

    def order(self) -> tuple[int, ...]:
        """Players still in, in initiative order (the initiative holder first, then left)."""
        cached = self.__dict__.get("_order")
        if cached is None:
            n = self.num_players
            seats = [(self.initiative + step) % n for step in range(n)]
            cached = tuple(seat for seat in seats if self.chips[seat] > 0)
            object.__setattr__(self, "_order", cached)  # a cache, not a field
        return cached

    @property
    def map_price(self) -> int:
        """What the Pirate Map costs now: 2 chips, one more each time it is bought."""
        return 2 + self.map_purchases

    def buyers(self) -> tuple[int, ...]:
        """Players who may buy the Pirate Map now, in initiative order (not the owner, and
        only with more chips than the price: nobody may spend their last chip)."""
        return tuple(
            player
            for player in self.order()
            if player != self.map_owner and self.chips[player] > self.map_price
        )

    @property
    def current_player(self) -> int:
        if self.phase == PHASE_OVER:
            return TERMINAL
        if self.phase == PHASE_BUY:
            return self.buyers()[self.turn]
        return self.order()[self.turn]

    def rules_for(self, player: int) -> VectorRules:
        """The Vector Set rules for ``player`` this round."""
        memory = self.memories[player] if self.memories else ()
        locked = memory[0] if self.hotshots and self.hotshots[player] and memory else None
        return VectorRules.from_options(
            self.options,
            override_suit=self.override_suit,
            locked=locked,
            map_owner=self.map_owner == player,
        )

    # --- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        cached = self.__dict__.get("_legal_actions")
        if cached is None:
            cached = self._legal_actions()
            object.__setattr__(self, "_legal_actions", cached)  # a cache, not a field
        return cached

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.phase == PHASE_OVER:
            return ()
        player = self.current_player
        if self.phase == PHASE_BUY:
            return (BuyMap(self.map_price), PassMap())
        if self.phase == PHASE_DRAFT:
            cards = tuple(dict.fromkeys(sorted(self.packets[player])))
            picks = tuple(Pick(card) for card in cards)
            if self.options.hotshot and self.pick == 0:
                picks += tuple(Pick(card, lock=True) for card in cards)
            return picks
        return self.declarations_for(player)

    def declarations_for(self, player: int) -> tuple[Declare, ...]:
        """A representative set of declarations: for every Vector Set the player may
        build, the plain sum of its values; for the best Vector Set also the solver's best
        expression (so a player taking the best listed declaration plays perfectly).

        Any other correct or incorrect declaration is accepted by :meth:`apply` too.

        The search keeps to a replayable work budget (:func:`listing_budget`), so the same
        state always lists the same declarations; when the budget runs out the best listed
        declaration is the best found so far.
        """
        rules = self.rules_for(player)
        memory = self.memories[player]
        target = self.target
        assert target is not None
        budget = listing_budget()
        choices = vector_set_choices(memory, self.beacon, rules)
        distances = measured_distances(choices, self.beacon, target, rules, budget)
        known = [distance for distance in distances if distance is not None]
        best_index = distances.index(min(known)) if known else 0
        actions: dict[Declare, None] = {}
        for index, choice in enumerate(choices):
            if index == best_index:
                best = best_for_choice(choice, self.beacon, target, rules, budget)
                actions[
                    Declare(choice.memory, choice.beacon, best.expression, best.value, target)
                ] = None
            expression, value = plain_sum(choice, self.beacon, rules)
            actions[Declare(choice.memory, choice.beacon, expression, value, target)] = None
        return tuple(actions)

    def parse_action(self, text: str) -> Action:
        """An action from its text: ``pick 7H``, ``lock 7H``, ``pass``, ``buy the pirate
        map for 2 chips``, or any declaration such as
        ``declare 7H 8S + beacon: (J - 7) * 8 = 32``."""
        checked_text(text, "a move", "pick 7H", error=IllegalMove, rule="legal moves")
        if text.strip().lower().startswith("declare"):
            return parse_declaration(text)
        return super().parse_action(text)

    # --- applying actions ------------------------------------------------------------

    def apply(self, action: Action) -> NavigatorState:
        self.require_not_terminal()
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.phase == PHASE_BUY:
            if isinstance(action, PassMap):
                return self._pass_map()
            if isinstance(action, BuyMap):
                return self._buy_map(action)
            raise IllegalMove(
                "before the deal you may only buy the Pirate Map or pass", rule="Pirate Map"
            )
        if self.phase == PHASE_DRAFT:
            if not isinstance(action, Pick):
                raise IllegalMove(
                    "during the draft, pick one card from your Data Packet", rule="draft"
                )
            return self._pick(action)
        if not isinstance(action, Declare):
            raise IllegalMove(
                "the draft is over: declare your Vector Set and expression", rule="showdown"
            )
        return self._declare(action)

    def _pass_map(self) -> NavigatorState:
        if self.turn + 1 < len(self.buyers()):
            return replace(self, turn=self.turn + 1)
        return self._deal()

    def _buy_map(self, action: BuyMap) -> NavigatorState:
        if action.price != self.map_price:
            raise IllegalMove(
                f"the Pirate Map costs {self.map_price} chips now, not {quoted(action.price)}",
                rule="Pirate Map price",
            )
        player = self.current_player
        chips = list(self.chips)
        chips[player] -= action.price
        bought = replace(
            self,
            chips=tuple(chips),
            bounty=self.bounty + action.price,
            map_owner=player,
            map_purchases=self.map_purchases + 1,
            map_bought=Payment(player, -1, action.price),
        )
        return bought._deal()

    def _deal(self) -> NavigatorState:
        """Shuffle, deal the target, the Signpost Beacon and a Data Packet to each player."""
        rng = chance(self.seed, "round", self.round, "deal")
        deck = list(shuffled(self.options.deck(), rng))
        precog = self.options.precog
        suit = self.override_suit if self.options.override_mode else ""
        first = deck.pop()
        target_cards: tuple[Card, ...]
        discards: tuple[Card, ...] = ()
        if is_override(first, suit):
            target_cards = (first,)
        else:
            second = deck.pop()
            if is_override(second, suit):
                target_cards, discards = (second,), (first,)
            else:
                target_cards = (first, second)
        target = target_value(*target_cards, precog=precog, override_suit=suit)
        beacon = deck.pop()
        n = self.num_players
        packets = [()] * n
        for player in self.order():
            packets[player] = tuple(deck.pop() for _ in range(PACKET_SIZE))
        return replace(
            self,
            phase=PHASE_DRAFT,
            turn=0,
            deck=tuple(deck),
            target_cards=target_cards,
            discards=discards,
            target=target,
            beacon=beacon,
            packets=tuple(packets),
            memories=((),) * n,
            hotshots=(False,) * n,
            pick=0,
            seen=((),) * n,
            corrupted=(None,) * n,
            declarations=(None,) * n,
            corruption=None,
        )

    def _pick(self, action: Pick) -> NavigatorState:
        player = self.current_player
        packet = self.packets[player]
        if not isinstance(action.card, Card) or action.card not in packet:
            shown = str(action.card) if isinstance(action.card, Card) else quoted(action.card)
            raise IllegalMove(f"{shown} is not in your Data Packet", rule="draft")
        if action.lock and not self.options.hotshot:
            raise IllegalMove("the Hotshot Spacer option is not in play", rule="Hotshot Spacer")
        if action.lock and self.pick != 0:
            raise IllegalMove(
                "a Hotshot card can only be locked from the first Data Packet",
                rule="Hotshot Spacer",
            )
        packets = list(self.packets)
        packets[player] = _remove(packet, action.card)
        memories = list(self.memories)
        memories[player] = (*memories[player], action.card)
        seen = list(self.seen)
        seen[player] = (*seen[player], tuple(sorted(packet)))
        hotshots = list(self.hotshots)
        hotshots[player] = hotshots[player] or action.lock
        state = replace(
            self,
            packets=tuple(packets),
            memories=tuple(memories),
            seen=tuple(seen),
            hotshots=tuple(hotshots),
            turn=self.turn + 1,
        )
        if state.turn < len(self.order()):
            return state
        return state._pass_packets()

    def _pass_packets(self) -> NavigatorState:
        """Everyone has picked: each packet goes to the next player still in, on the left."""
        order = self.order()
        seats = sorted(order)
        packets = list(self.packets)
        for index, player in enumerate(seats):
            packets[seats[(index + 1) % len(seats)]] = self.packets[player]
        state = replace(self, packets=tuple(packets), pick=self.pick + 1, turn=0)
        if state.pick < PACKET_SIZE:
            return state
        return state._corrupt()._to_showdown()

    def _corrupt(self) -> NavigatorState:
        """The Pirate Map owner rolls the four-sided die and discards that Nav Memory card
        (cards lie in the order they were drafted)."""
        owner = self.map_owner
        if not self.options.pirate_map or owner is None or self.chips[owner] <= 0:
            return self
        roll = chance(self.seed, "round", self.round, "pirate map").randint(1, PACKET_SIZE)
        memory = self.memories[owner]
        lost = memory[roll - 1]
        memories = list(self.memories)
        memories[owner] = memory[: roll - 1] + memory[roll:]
        corrupted = list(self.corrupted)
        corrupted[owner] = lost
        hotshots = list(self.hotshots)
        if roll == 1:  # the locked Hotshot card was corrupted: the lock is void
            hotshots[owner] = False
        return replace(
            self,
            memories=tuple(memories),
            corrupted=tuple(corrupted),
            hotshots=tuple(hotshots),
            discards=(*self.discards, lost),
            corruption=(owner, roll),
        )

    def _to_showdown(self) -> NavigatorState:
        return replace(self, phase=PHASE_DECLARE, turn=0)

    def _declare(self, action: Declare) -> NavigatorState:
        player = self.current_player
        assert self.target is not None
        if action.target is not None and action.target != self.target:
            raise IllegalMove(
                f"this declaration is for target {quoted(action.target)}, but the target is "
                f"{self.target}",
                rule="showdown",
            )
        memory = tuple(action.memory) if isinstance(action.memory, (tuple, list)) else None
        if (
            memory is None
            or not all(isinstance(card, Card) for card in memory)
            or not isinstance(action.expression, str)
            or not isinstance(action.beacon, bool)
        ):
            raise IllegalMove(
                "a declaration needs its Nav Memory cards, the beacon and the expression text",
                rule="showdown",
            )
        action = replace(action, memory=memory)
        check = check_declaration(
            self.memories[player],
            self.beacon,
            self.target,
            action.choice,
            action.expression,
            action.value,
            self.rules_for(player),
        )
        if not check.legal:
            raise IllegalMove(check.reason, rule=check.rule)
        stored = Declare(
            tuple(sorted(action.memory)),
            action.beacon,
            action.expression,
            action.value,
            self.target,
        )
        declarations = list(self.declarations)
        declarations[player] = stored
        state = replace(self, declarations=tuple(declarations), turn=self.turn + 1)
        if state.turn < len(self.order()):
            return state
        return state._resolve()

    # --- the showdown and the end of a round -----------------------------------------

    def showdown(self) -> tuple[Showdown, ...]:
        """Every declaration of this round judged, in initiative order (after all declared)."""
        assert self.target is not None
        results = []
        for player in self.order():
            declaration = self.declarations[player]
            assert declaration is not None
            check = check_declaration(
                self.memories[player],
                self.beacon,
                self.target,
                declaration.choice,
                declaration.expression,
                declaration.value,
                self.rules_for(player),
            )
            results.append(
                Showdown(
                    player=player,
                    memory=declaration.memory,
                    beacon=declaration.beacon,
                    expression=declaration.expression,
                    declared=declaration.value,
                    value=check.value,
                    correct=check.correct,
                    reason=check.reason,
                    distance=check.distance,
                    effective_distance=check.effective_distance,
                    slingshot=check.slingshot,
                    phantom=check.phantom,
                    hotshot=self.hotshots[player],
                )
            )
        return tuple(results)

    def _resolve(self) -> NavigatorState:
        showdowns = self.showdown()
        order = self.order()
        eligible = [s for s in showdowns if s.correct]
        winners: tuple[int, ...] = ()
        if eligible:
            best = min(s.effective_distance for s in eligible)  # type: ignore[type-var]
            winners = tuple(sorted(s.player for s in eligible if s.effective_distance == best))
        hotshot = {s.player: s.hotshot for s in showdowns}
        chips = list(self.chips)
        left = {player: chips[player] for player in order}  # each pays from what they had
        payments = []
        for payer in order:
            for payee in order:
                if payee == payer:
                    continue
                owed = 0
                if (payee in winners and hotshot[payee]) or (
                    payer not in winners and hotshot[payer]
                ):
                    owed = HOTSHOT_STAKE
                elif payee in winners and payer not in winners:
                    owed = 1
                paid = min(owed, left[payer])
                if paid:
                    left[payer] -= paid
                    payments.append(Payment(payer, payee, paid))
        for payment in payments:
            chips[payment.payer] -= payment.chips
            chips[payment.payee] += payment.chips
        bounty, bounty_winner, bounty_won = self.bounty, None, 0
        if len(winners) == 1 and winners[0] != self.map_owner and bounty:
            bounty_winner, bounty_won, bounty = winners[0], bounty, 0
            chips[winners[0]] += bounty_won
        eliminated = tuple(player for player in order if chips[player] == 0)
        n = self.num_players
        initiative = self.initiative
        for step in range(1, n + 1):
            candidate = (self.initiative + step) % n
            if chips[candidate] > 0:
                initiative = candidate
                break
        map_owner = self.map_owner
        if map_owner is not None and chips[map_owner] == 0:
            map_owner = None  # the map goes back to the black market
        assert self.target is not None and self.beacon is not None
        result = RoundResult(
            round=self.round,
            target=self.target,
            target_cards=self.target_cards,
            beacon=self.beacon,
            showdowns=showdowns,
            winners=winners,
            payments=tuple(payments),
            chips_before=self.chips,
            chips_after=tuple(chips),
            bounty_winner=bounty_winner,
            bounty_won=bounty_won,
            bounty_after=bounty,
            eliminated=eliminated,
            map_owner=self.map_owner,
            map_bought=self.map_bought,
            corruption=self.corruption,
            initiative=initiative,
        )
        still_in = sum(1 for c in chips if c > 0)
        over = still_in <= 1 or (self.options.rounds and self.round >= self.options.rounds)
        collected = replace(
            self,
            chips=tuple(chips),
            initiative=initiative,
            bounty=bounty,
            map_owner=map_owner,
            last_round=result,
            **_collected(self.options.deck()),
        )
        if over:
            return replace(collected, phase=PHASE_OVER, turn=0)
        return collected._start_round(self.round + 1)

    def _start_round(self, number: int) -> NavigatorState:
        state = replace(self, round=number, map_bought=None, **_collected(self.options.deck()))
        if self.options.pirate_map and state.buyers():
            return replace(state, phase=PHASE_BUY, turn=0)
        return state._deal()

    # --- the end ---------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """The last navigator with chips wins; with a round limit, the most chips win."""
        self.require_terminal()
        winners = winners_by_score(self.chips)
        rounds = self.last_round.round if self.last_round else 0
        verb = "wins" if len(winners) == 1 else "share the win"
        return Outcome(
            winners,
            self.chips,
            f"{player_names(winners)} {verb} after {rounds} round{'s' * (rounds != 1)} "
            f"with {self.chips[winners[0]]} chips",
        )

    # --- what each player sees -------------------------------------------------------

    def observation(self, player: int) -> NavigatorObservation:
        frame = self.observation_frame(player)
        drafting = self.phase in (PHASE_DRAFT, PHASE_DECLARE)
        completed = self.pick if self.phase == PHASE_DRAFT else PACKET_SIZE
        memory = self.memories[player] if drafting else ()
        packet = self.packets[player] if self.phase == PHASE_DRAFT else ()
        public_hotshots = (
            self.hotshots if drafting and completed >= 1 else (False,) * self.num_players
        )
        my_hotshot = bool(drafting and self.hotshots[player])
        return NavigatorObservation(
            **frame,
            players=self.num_players,
            options=self.options,
            round=self.round,
            phase=self.phase,
            chips=self.chips,
            initiative=self.initiative,
            bounty=self.bounty,
            map_owner=self.map_owner,
            map_price=self.map_price,
            override_suit=self.override_suit if self.options.override_mode else "",
            target=self.target if drafting else None,
            target_cards=self.target_cards if drafting else (),
            beacon=self.beacon if drafting else None,
            pick=self.pick if self.phase == PHASE_DRAFT else (PACKET_SIZE if drafting else 0),
            packet=packet,
            memory=memory,
            hotshot=my_hotshot,
            hotshots=tuple(public_hotshots),
            seen=self.seen[player] if drafting else (),
            corrupted=self.corrupted[player] if drafting else None,
            declaration=self.declarations[player] if self.phase == PHASE_DECLARE else None,
            rules=self.rules_for(player) if drafting else VectorRules(),
            last_round=self.last_round,
        )

    # --- card conservation -----------------------------------------------------------

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {
            "deck": self.deck,
            "target": self.target_cards,
            "discards": self.discards,
            "beacon": (self.beacon,) if self.beacon is not None else (),
        }
        for player in range(self.num_players):
            if self.packets:
                zones[f"packet {player + 1}"] = self.packets[player]
            if self.memories:
                zones[f"nav memory {player + 1}"] = self.memories[player]
        return zones

    def full_deck(self) -> Sequence[Card]:
        return self.options.deck()

    def cards_conserved(self) -> bool:
        """Same answer as :meth:`State.cards_conserved`, by comparing sorted card lists."""
        found = sorted(
            (card.rank, card.suit) for cards in self.card_zones().values() for card in cards
        )
        return found == _sorted_deck(self.options.precog)


@lru_cache(maxsize=2)
def _sorted_deck(precog: bool) -> list[tuple[str, str]]:
    return sorted((card.rank, card.suit) for card in (tarot_deck() if precog else standard_deck()))


def _collected(deck: tuple[Card, ...]) -> dict[str, Any]:
    """The card fields of a state whose cards are all collected into the deck."""
    return {
        "deck": deck,
        "target_cards": (),
        "discards": (),
        "target": None,
        "beacon": None,
        "packets": (),
        "memories": (),
        "hotshots": (),
        "pick": 0,
        "seen": (),
        "corrupted": (),
        "declarations": (),
        "corruption": None,
        "turn": 0,
    }


class NavigatorGame(Game[NavigatorOptions]):
    """Navigator for 2 to 4 players (seed 000 with the project's rulings)."""

    name = "navigator"
    title = "Navigator"
    options_class = NavigatorOptions
    min_players = 2
    max_players = 4

    def _new_state(self, seed: int) -> NavigatorState:
        options = self.options
        if options.precog:
            suit = TRUMP
        elif options.override_mode:
            suit = options.override_suit or chance(seed, "override suit").choice("CDHS")
        else:
            suit = ""
        players = options.players
        state = NavigatorState(
            options=options,
            seed=seed,
            override_suit=suit,
            round=1,
            phase=PHASE_BUY,
            chips=(options.starting_chips,) * players,
            initiative=0,
        )
        return state._start_round(1)

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        """One record per finished round (target, beacon, declarations, distances, chips)."""
        assert isinstance(after, NavigatorState)
        result = after.last_round
        if result is None or (isinstance(before, NavigatorState) and before.last_round == result):
            return []
        suit = after.override_suit if after.options.override_mode else ""
        return [round_record(result, suit)]


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
