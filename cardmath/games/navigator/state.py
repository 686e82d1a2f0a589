"""The Navigator state: whose turn it is, the legal actions, and every step of a round
(Pirate Map purchase, deal, draft, declarations), with what each player may see.

>>> from cardmath.games.navigator import NavigatorGame
>>> state = NavigatorGame(players=2, rounds=1).new_state(seed=7)
>>> state.phase, [str(action) for action in state.legal_actions()][:2]
('draft', ['pick 3D', 'pick 6D'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from cardmath import codec
from cardmath.cards import Card, standard_deck, tarot_deck
from cardmath.errors import IllegalMove, quoted
from cardmath.game import (
    TERMINAL,
    Outcome,
    State,
    chance,
    player_names,
    shuffled,
    winners_by_score,
)
from cardmath.games.navigator.actions import (
    Action,
    BuyMap,
    Declare,
    PassMap,
    Pick,
    parse_navigator_action,
    pick_action,
)
from cardmath.games.navigator.judging import check_declaration
from cardmath.games.navigator.observation import (
    PACKET_SIZE,
    PHASE_BUY,
    PHASE_DECLARE,
    PHASE_DRAFT,
    PHASE_OVER,
    NavigatorObservation,
    observe,
)
from cardmath.games.navigator.options import NavigatorOptions
from cardmath.games.navigator.scoring import judge_showdown, settle
from cardmath.games.navigator.search import listed_declarations, plain_declarations
from cardmath.games.navigator.story import Payment, RoundResult, Showdown
from cardmath.games.navigator.values import is_override, target_value
from cardmath.games.navigator.vector_sets import (
    VectorChoice,
    VectorRules,
    card_order,
    player_rules,
)
from cardmath.wording import counted

__all__ = [
    "PACKET_SIZE",
    "PHASE_BUY",
    "PHASE_DECLARE",
    "PHASE_DRAFT",
    "PHASE_OVER",
    "NavigatorState",
]


# --- the state -------------------------------------------------------------------------


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
        cached = self.__dict__.get("_current")
        if cached is None:
            if self.phase == PHASE_OVER:
                cached = TERMINAL
            elif self.phase == PHASE_BUY:
                cached = self.buyers()[self.turn]
            else:
                cached = self.order()[self.turn]
            object.__setattr__(self, "_current", cached)  # a cache, not a field
        return cached

    def rules_for(self, player: int) -> VectorRules:
        """The Vector Set rules for ``player`` this round."""
        memory = self.memories[player] if self.memories else ()
        locked = memory[0] if self.hotshots and self.hotshots[player] and memory else None
        return player_rules(self.options, self.override_suit, locked, self.map_owner == player)

    def _evolve(self, **changes: Any) -> NavigatorState:
        """This state with ``changes`` (as :func:`dataclasses.replace`, without running the
        constructor again: every field of a state is already checked). Its caches are not
        carried over, but for the seats still in while the chips and initiative stay."""
        values = self.__dict__.copy()
        order = values.pop("_order", None)
        for name in _CACHES:
            values.pop(name, None)
        if len(values) != _FIELD_COUNT:  # some other cache: drop every one
            values = {name: value for name, value in values.items() if name[0] != "_"}
        values.update(changes)
        if order is not None and "chips" not in changes and "initiative" not in changes:
            values["_order"] = order  # the seats still in stay the same
        state = object.__new__(NavigatorState)
        object.__setattr__(state, "__dict__", values)
        return state

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
            cards = tuple(dict.fromkeys(sorted(self.packets[player], key=card_order)))
            picks = tuple(pick_action(card, False) for card in cards)
            if self.options.hotshot and self.pick == 0:
                picks += tuple(pick_action(card, True) for card in cards)
            return picks
        return self.listed_for(player)

    def listed_for(self, player: int) -> tuple[Declare, ...]:
        """The declarations listed as legal actions: the plain sum of every Vector Set the
        player may build (no search, so listing the moves is cheap).

        Any other correct or incorrect declaration is accepted by :meth:`apply` too; the
        solver's best one is in :meth:`declarations_for`.
        """
        assert self.target is not None
        return plain_declarations(
            self.memories[player], self.beacon, self.target, self.rules_for(player)
        )

    def declarations_for(self, player: int) -> tuple[Declare, ...]:
        """A representative set of declarations: for every Vector Set the player may
        build, the plain sum of its values; for the best Vector Set also the solver's best
        expression (so a player taking the best declaration of this list plays perfectly).

        The search keeps to a replayable work budget
        (:func:`~cardmath.games.navigator.search.listing_budget`), so the same state always
        lists the same declarations; when the budget runs out the best listed declaration
        is the best found so far. The answer is remembered for the deal (the same Nav
        Memory, beacon, target and rules), so asking again costs nothing.
        """
        assert self.target is not None
        return listed_declarations(
            self.memories[player], self.beacon, self.target, self.rules_for(player)
        )

    def parse_action(self, text: str) -> Action:
        """An action from its text: ``pick 7H``, ``lock 7H``, ``pass``, ``buy the pirate
        map for 2 chips``, or any declaration such as
        ``declare 7H 8S + beacon: (J - 7) * 8 = 32``. Syntax only (see
        :func:`~cardmath.games.navigator.actions.parse_navigator_action`): whether the
        action is allowed now is for :meth:`apply` to say."""
        return parse_navigator_action(text)

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
            return self._evolve(turn=self.turn + 1)
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
        bought = self._evolve(
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
        return self._evolve(
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
        at = packet.index(action.card)
        packets[player] = packet[:at] + packet[at + 1 :]
        memories = list(self.memories)
        memories[player] = (*memories[player], action.card)
        seen = list(self.seen)
        seen[player] = (*seen[player], tuple(sorted(packet, key=card_order)))
        hotshots = list(self.hotshots)
        hotshots[player] = hotshots[player] or action.lock
        state = self._evolve(
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
        state = self._evolve(packets=tuple(packets), pick=self.pick + 1, turn=0)
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
        return self._evolve(
            memories=tuple(memories),
            corrupted=tuple(corrupted),
            hotshots=tuple(hotshots),
            discards=(*self.discards, lost),
            corruption=(owner, roll),
        )

    def _to_showdown(self) -> NavigatorState:
        return self._evolve(phase=PHASE_DECLARE, turn=0)

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
        check = check_declaration(
            self.memories[player],
            self.beacon,
            self.target,
            VectorChoice(memory, action.beacon),
            action.expression,
            action.value,
            self.rules_for(player),
        )
        if not check.legal:
            raise IllegalMove(check.reason, rule=check.rule)
        ordered = tuple(sorted(memory, key=card_order))
        stored = action
        if ordered != action.memory or action.target != self.target:
            stored = Declare(ordered, action.beacon, action.expression, action.value, self.target)
        declarations = list(self.declarations)
        declarations[player] = stored
        state = self._evolve(declarations=tuple(declarations), turn=self.turn + 1)
        if state.turn < len(self.order()):
            return state
        return state._resolve()

    # --- the showdown and the end of a round -----------------------------------------

    def showdown(self) -> tuple[Showdown, ...]:
        """Every declaration of this round judged, in initiative order (after all declared)."""
        assert self.target is not None
        order = self.order()
        rules = {player: self.rules_for(player) for player in order}
        return judge_showdown(
            order, self.declarations, self.memories, self.beacon, self.target, self.hotshots, rules
        )

    def _resolve(self) -> NavigatorState:
        showdowns = self.showdown()
        order = self.order()
        settled = settle(
            order,
            self.chips,
            {s.player: s.effective_distance for s in showdowns if s.correct},  # type: ignore[misc]
            {s.player: s.hotshot for s in showdowns},
            bounty=self.bounty,
            map_owner=self.map_owner,
        )
        chips = settled.chips
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
            winners=settled.winners,
            payments=settled.payments,
            chips_before=self.chips,
            chips_after=chips,
            bounty_winner=settled.bounty_winner,
            bounty_won=settled.bounty_won,
            bounty_after=settled.bounty,
            eliminated=settled.eliminated,
            map_owner=self.map_owner,
            map_bought=self.map_bought,
            corruption=self.corruption,
            initiative=initiative,
        )
        still_in = sum(1 for c in chips if c > 0)
        over = still_in <= 1 or (self.options.rounds and self.round >= self.options.rounds)
        collected = self._evolve(
            chips=chips,
            initiative=initiative,
            bounty=settled.bounty,
            map_owner=map_owner,
            last_round=result,
            **_collected(self.options.deck()),
        )
        if over:
            return collected._evolve(phase=PHASE_OVER, turn=0)
        return collected._start_round(self.round + 1)

    def _start_round(self, number: int) -> NavigatorState:
        state = self._evolve(round=number, map_bought=None, **_collected(self.options.deck()))
        if self.options.pirate_map and state.buyers():
            return state._evolve(phase=PHASE_BUY, turn=0)
        return state._deal()

    # --- the end ---------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """The last navigator with chips wins; with a round limit, the most chips win."""
        self.require_terminal()
        winners = winners_by_score(self.chips)
        rounds = self.last_round.round if self.last_round else 0
        verb = "wins" if len(winners) == 1 else "share the win"
        still_in = sum(1 for chips in self.chips if chips > 0)
        if still_in <= 1:
            reason = (
                "only one navigator has chips left" if still_in else "no navigator has chips left"
            )
        else:
            reason = f"the round limit of {rounds} round{'s' * (rounds != 1)} is reached"
        return Outcome(
            winners,
            self.chips,
            f"{player_names(winners)} {verb} after {counted(rounds, 'round')} "
            f"with {self.chips[winners[0]]} chips",
            reason=reason,
        )

    # --- what each player sees -------------------------------------------------------

    def observation(self, player: int) -> NavigatorObservation:
        return observe(self, player)

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

    def saved_problem(self) -> str | None:
        """The cards must be the deck, and every player's chips a count of 0 or more."""
        if len(self.chips) != self.num_players or any(chips < 0 for chips in self.chips):
            return "a player's chips are below 0 or not one count per player"
        return super().saved_problem()

    def cards_conserved(self) -> bool:
        """Same answer as :meth:`State.cards_conserved`, by comparing sorted card lists."""
        found = sorted(
            (card.rank, card.suit) for cards in self.card_zones().values() for card in cards
        )
        return found == _sorted_deck(self.options.precog)


_CACHES = ("_current", "_legal_actions", "_listed")  # besides "_order": see _evolve
_FIELD_COUNT = len(fields(NavigatorState))


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
