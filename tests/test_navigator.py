"""Navigator (seed 000): every worked example of the seed, the rulings, options and variants."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cardmath.cards import Card
from cardmath.errors import ActionSyntaxError, IllegalMove, OptionError
from cardmath.expr import evaluate, parse
from cardmath.games import get_game
from cardmath.games.navigator import (
    PHASE_DECLARE,
    BuyMap,
    Declare,
    NavigatorGame,
    NavigatorOptions,
    NavigatorState,
    PassMap,
    Pick,
    best_vector_set,
    check_declaration,
    parse_declaration,
    phantom_values,
    target_value,
    vector_set_choices,
)
from cardmath.games.navigator_rules import VectorChoice, VectorRules, card_values

ROOT = Path(__file__).resolve().parent.parent


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def C(text: str) -> Card:
    return Card.parse(text)


def showdown_state(
    memories: list[str],
    beacon: str,
    target: int,
    *,
    chips: tuple[int, ...] | None = None,
    hotshots: tuple[bool, ...] | None = None,
    **options,
) -> NavigatorState:
    """A state at the showdown with the given Nav Memories (a table set up by hand)."""
    players = len(memories)
    game = NavigatorGame(players=players, **options)
    state = game.new_state(seed=1)
    return replace(
        state,
        phase=PHASE_DECLARE,
        turn=0,
        target=target,
        beacon=C(beacon),
        memories=tuple(cards(memory) for memory in memories),
        packets=((),) * players,
        hotshots=hotshots or (False,) * players,
        declarations=(None,) * players,
        chips=chips or state.chips,
    )


def declare(state: NavigatorState, memory: str, expression: str, value: int) -> NavigatorState:
    return state.apply(Declare(cards(memory), True, expression, value))


# --- the seed's worked examples -------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "target"), [("3S", "5D", 35), ("QH", "5C", 125), ("5H", "KS", 63)]
)
def test_seed_targets(first: str, second: str, target: int) -> None:
    assert target_value(C(first), C(second)) == target


def test_target_ace_is_one_and_joker_is_zero() -> None:
    assert target_value(C("AS"), C("AD")) == 11
    assert target_value(C("JK"), C("5D")) == 5
    assert target_value(C("KS"), C("KD")) == 143  # the largest target


def test_seed_showdown_31_with_7_8_jack() -> None:
    memory, beacon = cards("7H 8S 2C 3D"), C("JD")
    choice = VectorChoice(cards("7H 8S"))
    first = check_declaration(memory, beacon, 31, choice, "7 + 8 + 11", 26)
    second = check_declaration(memory, beacon, 31, choice, "(11 - 7) * 8", 32)
    assert (first.ok, first.distance) == (True, 5)
    assert (second.ok, second.distance) == (True, 1)
    # the solver agrees that 1 away is the best these three cards can do
    best = best_vector_set(cards("7H 8S"), beacon, 31)
    assert best.distance == 1 and best.value == 32
    assert evaluate(parse(best.expression)) == 32


def test_seed_showdown_is_won_by_the_closest() -> None:
    state = showdown_state(["7H 8S 2C 4D", "7D 8C 2H 4S"], "JD", 31)
    state = declare(state, "7H 8S", "7 + 8 + 11", 26)  # 5 away
    state = declare(state, "7D 8C", "(J - 7) * 8", 32)  # 1 away
    result = state.last_round
    assert result.winners == (1,)
    assert [s.distance for s in result.showdowns] == [5, 1]
    assert result.chips_after == (9, 11)


def test_seed_choice_44_beacon_6_memory_5_6_jack_queen() -> None:
    memory, beacon = cards("5H 6S JD QC"), C("6D")
    check = check_declaration(memory, beacon, 44, VectorChoice(cards("5H QC")), "6 * 5 + 12", 42)
    assert check.ok and check.distance == 2
    best = best_vector_set(memory, beacon, 44)
    assert best.distance == 2  # nothing makes 44 exactly: the seed's choice is the best
    assert best.beacon and len(best.memory) == 2


@pytest.mark.parametrize(
    ("hand", "phantoms"),
    [
        ("AH 2S 3D", (0, 4)),  # "You may extrapolate 0 from the sequence A, 2, 3"
        ("JH QS KD", (10,)),  # "You may not extrapolate past a King"
        ("5H 6S 7D", (4, 8)),
        ("JK AS 2D", (3,)),  # Joker 0 and Ace 1 count
        ("4H 6S 7D", ()),
    ],
)
def test_seed_extrapolation_examples(hand: str, phantoms: tuple[int, ...]) -> None:
    assert phantom_values(cards(hand)) == phantoms


def test_extrapolated_phantom_may_be_used_once_and_is_optional() -> None:
    rules = VectorRules(extrapolation=True)
    memory, beacon = cards("AH 2S 9C 9D"), C("3D")
    choice = VectorChoice(cards("AH 2S"))
    with_phantom = check_declaration(memory, beacon, 24, choice, "4 * 3 * 2 * 1", 24, rules)
    assert with_phantom.ok and with_phantom.phantom == 4 and with_phantom.distance == 0
    without = check_declaration(memory, beacon, 24, choice, "(3 + 1) * 2", 8, rules)
    assert without.ok and without.phantom is None
    past_king = check_declaration(memory, beacon, 24, choice, "4 * 3 * 2 * 1 * 0", 0, rules)
    assert not past_king.legal  # two phantoms
    no_option = check_declaration(memory, beacon, 24, choice, "4 * 3 * 2 * 1", 24)
    assert not no_option.legal


def test_extrapolation_past_a_king_is_refused() -> None:
    rules = VectorRules(extrapolation=True)
    memory, beacon = cards("JH QS 2C 3C"), C("KD")
    check = check_declaration(
        memory, beacon, 0, VectorChoice(cards("JH QS")), "14 - 13 - 12 + 11", 0, rules
    )
    assert not check.legal


def test_best_vector_set_uses_the_phantom_when_it_helps() -> None:
    options = NavigatorOptions(extrapolation=True)
    best = best_vector_set(cards("AH 2S 9C 9D"), C("3D"), 24, options)
    assert best.distance == 0
    plain = best_vector_set(cards("AH 2S 9C 9D"), C("3D"), 24)
    assert plain.distance == 0 or plain.phantom is None


def test_seed_override_vector_set_sizes() -> None:
    forced = VectorRules(override="forced", override_suit="H")
    beacon = C("3D")
    two = vector_set_choices(cards("2H 5H 9C KS"), beacon, forced)
    assert [len(c.cards(beacon)) for c in two] == [3]  # both Override cards + beacon
    assert two[0].memory == cards("2H 5H")
    three = vector_set_choices(cards("2H 5H 9H KS"), beacon, forced)
    assert [len(c.cards(beacon)) for c in three] == [4]  # four cards in all
    four = vector_set_choices(cards("2H 5H 9H KH"), beacon, forced)
    assert [len(c.cards(beacon)) for c in four] == [5]
    one = vector_set_choices(cards("2H 5S 9C KS"), beacon, forced)
    assert {len(c.cards(beacon)) for c in one} == {3} and all(C("2H") in c.memory for c in one)


def test_select_override_uses_exactly_three_cards_with_an_override() -> None:
    select = VectorRules(override="select", override_suit="H")
    beacon = C("3D")
    choices = vector_set_choices(cards("2H 5H 9H KS"), beacon, select)
    assert all(len(c.cards(beacon)) == 3 for c in choices)
    assert all(any(card.suit == "H" for card in c.memory) for c in choices)
    assert len(choices) == 6  # every pair holds an Override card here
    choices = vector_set_choices(cards("2H 5S 9C KS"), beacon, select)
    assert len(choices) == 3 and all(C("2H") in c.memory for c in choices)


def test_override_card_in_the_target_stands_alone() -> None:
    assert target_value(C("7H"), None, override_suit="H") == 7
    assert target_value(C("7H"), C("2C"), override_suit="H") == 7
    assert target_value(C("2C"), C("KH"), override_suit="H") == 13
    assert target_value(C("2C"), C("KS"), override_suit="H") == 33


def test_dealt_override_targets_follow_the_rulings() -> None:
    game = NavigatorGame(players=2, variant="forced-override", override_suit="S")
    alone = discarded = 0
    for seed in range(200):
        state = game.new_state(seed)
        if len(state.target_cards) == 1:
            (card,) = state.target_cards
            assert card.suit == "S"
            assert state.target == target_value(card, override_suit="S")
            if state.discards:
                discarded += 1
                assert state.discards[0].suit != "S"
            else:
                alone += 1
        else:
            assert all(card.suit != "S" for card in state.target_cards)
    assert alone and discarded


def test_precog_values_and_trumps_as_override() -> None:
    assert card_values(C("PH"), precog=True) == (1,)
    assert card_values(C("NH"), precog=True) == (11,)
    assert card_values(C("AH"), precog=True) == (100,)
    assert card_values(C("T20"), precog=True) == (20,)
    assert target_value(C("AH"), C("5C"), precog=True) == 1005
    assert target_value(C("4C"), C("T21"), precog=True, override_suit="T") == 21
    state = NavigatorGame(players=2, variant="select-precog").new_state(seed=4)
    assert state.override_suit == "T" and len(state.full_deck()) == 80


def test_hotshot_locked_card_must_be_used() -> None:
    rules = VectorRules(locked=C("9C"))
    choices = vector_set_choices(cards("9C 5H 6S 7D"), C("2D"), rules)
    assert len(choices) == 3 and all(C("9C") in c.memory for c in choices)
    check = check_declaration(
        cards("9C 5H 6S 7D"), C("2D"), 30, VectorChoice(cards("5H 6S")), "5 * 6 * 2", 60, rules
    )
    assert not check.legal and "Hotshot" in check.reason


def test_hotshot_payments() -> None:
    # Player 1 is a Hotshot and wins: each other player pays 2
    state = showdown_state(
        ["9C 5H 6S 7D", "2H 3S 4D 8C", "2C 3H 4S 8D"], "2D", 30, hotshot=True,
        hotshots=(True, False, False),
    )  # fmt: skip
    state = declare(state, "9C 6S", "9 + 6 + 2", 17)
    state = declare(state, "3S 4D", "3 + 4 + 2", 9)
    state = declare(state, "2C 3H", "2 + 3 + 2", 7)
    assert state.last_round.winners == (0,)
    assert state.last_round.chips_after == (14, 8, 8)
    # Player 1 is a Hotshot and loses: pays 2 to each other player (winners included)
    state = showdown_state(
        ["9C 5H 6S 7D", "2H 3S 4D 8C", "2C 3H 4S 8D"], "2D", 30, hotshot=True,
        hotshots=(True, False, False),
    )  # fmt: skip
    state = declare(state, "9C 5H", "9 + 5 + 2", 16)
    state = declare(state, "4D 8C", "4 * 8 - 2", 30)
    state = declare(state, "2C 3H", "2 + 3 + 2", 7)
    assert state.last_round.winners == (1,)
    assert state.last_round.chips_after == (6, 13, 11)


def test_slingshot_takes_two_off_and_may_go_below_zero() -> None:
    state = showdown_state(["5H 6H 9C 9D", "5S 6D 9H 9S"], "2H", 32, slingshot=True)
    state = declare(state, "5H 6H", "5 * 6 + 2", 32)  # exact and all hearts: -2
    state = declare(state, "5S 6D", "5 * 6 + 2", 32)  # exact, mixed suits: 0
    shown = state.last_round.showdowns
    assert [(s.distance, s.effective_distance, s.slingshot) for s in shown] == [
        (0, -2, True),
        (0, 0, False),
    ]
    assert state.last_round.winners == (0,)


def test_ties_all_win_and_every_non_winner_pays_every_winner() -> None:
    state = showdown_state(["5H 6H 9C 9D", "5S 6D 9H 9S", "2C 3C 4C 7S"], "2S", 32)
    state = declare(state, "5H 6H", "5 * 6 + 2", 32)
    state = declare(state, "5S 6D", "6 * 5 + 2", 32)
    state = declare(state, "2C 3C", "2 + 3 + 2", 7)
    assert state.last_round.winners == (0, 1)
    assert state.last_round.chips_after == (11, 11, 8)


def test_forfeit_when_the_expression_does_not_make_the_declared_value() -> None:
    state = showdown_state(["5H 6H 9C 9D", "2C 3C 4C 7S"], "2S", 32)
    state = declare(state, "5H 6H", "5 * 6 + 2", 33)  # calculated wrongly: makes 32
    state = declare(state, "2C 3C", "2 + 3 + 2", 7)  # 25 away, but correct
    result = state.last_round
    assert not result.showdowns[0].correct
    assert "calculated wrongly" in result.showdowns[0].reason
    assert result.winners == (1,)
    assert result.chips_after == (9, 11)


def test_forfeit_for_a_step_that_breaks_the_arithmetic_rule() -> None:
    state = showdown_state(["5H 7H 9C 9D", "2C 3C 4C 7S"], "2S", 32)
    state = declare(state, "5H 7H", "7 / 2 * 5", 17)
    state = declare(state, "2C 3C", "2 + 3 + 2", 7)
    assert not state.last_round.showdowns[0].correct
    assert "whole number" in state.last_round.showdowns[0].reason
    assert state.last_round.winners == (1,)


def test_a_declaration_with_the_wrong_cards_is_refused_and_changes_nothing() -> None:
    state = showdown_state(["5H 6H 9C 9D", "2C 3C 4C 7S"], "2S", 32)
    before = state.to_json()
    with pytest.raises(IllegalMove, match="exactly once"):
        state.apply(Declare(cards("5H 6H"), True, "5 * 6 + 3", 33))
    with pytest.raises(IllegalMove, match="not in your Nav Memory"):
        state.apply(Declare(cards("5H 7H"), True, "5 * 7 + 2", 37))
    with pytest.raises(IllegalMove, match="Signpost Beacon"):
        state.apply(Declare(cards("5H 6H 9C"), False, "5 * 6 + 9", 39))
    with pytest.raises(IllegalMove, match="cannot be read"):
        state.apply(Declare(cards("5H 6H"), True, "5 * (6 + 2", 40))
    with pytest.raises(IllegalMove, match="target"):
        state.apply(Declare(cards("5H 6H"), True, "5 * 6 + 2", 32, target=31))
    assert state.to_json() == before


def test_aces_are_one_or_a_hundred_in_a_vector_set() -> None:
    memory, beacon = cards("AH AS 7C 8D"), C("2D")
    choice = VectorChoice(cards("AH AS"))
    assert check_declaration(memory, beacon, 200, choice, "100 + 100 - 2", 198).ok
    assert check_declaration(memory, beacon, 200, choice, "100 * 2 + 1", 201).ok
    assert check_declaration(memory, beacon, 200, choice, "1 + 1 + 2", 4).ok
    assert not check_declaration(memory, beacon, 200, choice, "10 + 1 + 2", 13).legal
    assert best_vector_set(memory, beacon, 200).distance == 0


def test_typed_declarations_are_parsed() -> None:
    action = parse_declaration("declare 7H 8S + beacon: (J - 7) * 8 = 32")
    assert action == Declare(cards("7H 8S"), True, "(J - 7) * 8", 32)
    state = showdown_state(["7H 8S 2C 4D", "7D 8C 2H 4S"], "JD", 31)
    after = state.apply(state.parse_action("declare 7H 8S + beacon: (J - 7) * 8 = 32"))
    assert after.declarations[0].value == 32
    with pytest.raises(ActionSyntaxError):
        state.parse_action("declare 7H 8S beacon 32")


# --- the draft, observations, chips and the end ------------------------------------------


def test_draft_passes_left_and_fills_four_card_memories() -> None:
    game = NavigatorGame(players=3, rounds=1)
    state = game.new_state(seed=11)
    first_packets = state.packets
    for _ in range(3):  # the first pick round
        state = state.apply(state.legal_actions()[0])
    kept = [memory[0] for memory in state.memories]
    for player in range(3):  # each packet went to the player on the left
        expected = list(first_packets[player])
        expected.remove(kept[player])
        assert sorted(state.packets[(player + 1) % 3]) == sorted(expected)
    while state.phase != PHASE_DECLARE:
        state = state.apply(state.legal_actions()[0])
    assert [len(memory) for memory in state.memories] == [4, 4, 4]
    assert all(not packet for packet in state.packets)


def test_observations_hide_other_players_cards() -> None:
    state = NavigatorGame(players=3).new_state(seed=5)
    state = state.apply(state.legal_actions()[0])  # player 1 picks
    mine, theirs = state.observation(0), state.observation(2)
    assert mine.memory == state.memories[0] and theirs.memory == ()
    assert theirs.packet == state.packets[2]
    assert not theirs.legal_actions and state.observation(1).legal_actions
    text = json.dumps(theirs.__class__.__name__)
    assert "NavigatorObservation" in text
    for other in (0, 1):  # no other player's packet or memory anywhere in player 3's view
        for card in state.memories[other]:
            assert card not in theirs.packet or card in state.packets[2]


def test_hotshot_locks_are_public_only_after_the_first_pick_round() -> None:
    game = NavigatorGame(players=2, hotshot=True)
    state = game.new_state(seed=3)
    lock = next(a for a in state.legal_actions() if isinstance(a, Pick) and a.lock)
    state = state.apply(lock)
    assert state.observation(0).hotshot and not any(state.observation(1).hotshots)
    state = state.apply(state.legal_actions()[0])
    assert state.observation(1).hotshots == (True, False)
    with pytest.raises(IllegalMove, match="first Data Packet"):
        state.apply(Pick(state.packets[state.current_player][0], lock=True))


def test_elimination_initiative_and_game_end() -> None:
    state = showdown_state(["5H 6H 9C 9D", "2C 3C 4C 7S", "2H 3H 4H 7D"], "2S", 32, chips=(1, 1, 5))
    state = declare(state, "5H 6H", "5 * 6 + 2", 32)
    state = declare(state, "2C 3C", "2 + 3 + 2", 7)
    state = declare(state, "2H 3H", "2 + 3 + 2", 7)
    assert state.last_round.eliminated == (1,)
    assert state.chips == (3, 0, 4)
    assert state.initiative == 2  # player 2 is out, so the token skips to player 3
    assert 1 not in state.order()
    state = showdown_state(["5H 6H 9C 9D", "2C 3C 4C 7S"], "2S", 32, chips=(5, 1))
    state = declare(state, "5H 6H", "5 * 6 + 2", 32)
    state = declare(state, "2C 3C", "2 + 3 + 2", 7)
    assert state.is_terminal
    assert state.outcome().winners == (0,) and state.outcome().scores == (6, 0)


def test_round_limit_ends_the_game_and_most_chips_win() -> None:
    game = NavigatorGame(players=2, rounds=2)
    state = game.new_state(seed=9)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    assert state.last_round.round == 2
    assert sum(state.chips) == 20


# --- Pirate Map ------------------------------------------------------------------------


def test_pirate_map_purchase_price_escalates_into_the_bounty() -> None:
    game = NavigatorGame(players=2, variant="pirate-map")
    state = game.new_state(seed=2)
    assert state.legal_actions() == (BuyMap(2), PassMap())
    state = state.apply(BuyMap(2))
    assert state.map_owner == 0 and state.bounty == 2 and state.chips == (8, 10)
    with pytest.raises(IllegalMove):
        state.apply(BuyMap(2))
    while state.round == 1:
        state = state.apply(state.legal_actions()[0])
    # next round: only player 2 may buy now, and the price has gone up to 3
    assert state.current_player == 1 and state.legal_actions()[0] == BuyMap(3)
    with pytest.raises(IllegalMove, match="costs 3"):
        state.apply(BuyMap(2))
    bought = state.apply(BuyMap(3))
    assert bought.map_owner == 1 and bought.bounty == state.bounty + 3


def test_pirate_map_die_discards_that_card_of_the_nav_memory() -> None:
    game = NavigatorGame(players=2, variant="pirate-map")
    found_roll_two = False
    for seed in range(40):
        state = game.new_state(seed).apply(BuyMap(2))
        while state.phase != PHASE_DECLARE:
            before = state
            state = state.apply(state.legal_actions()[0])
        owner, roll = state.corruption
        memory = before.memories[owner]
        full = memory + before.packets[owner][: 4 - len(memory)]
        assert state.corrupted[owner] == full[roll - 1]
        assert state.memories[owner] == full[: roll - 1] + full[roll:]
        assert state.discards[-1] == full[roll - 1]
        found_roll_two |= roll == 2  # "Roll the Pirate Map die: 2. Discard the second card."
        if found_roll_two:
            break
    assert found_roll_two


def test_pirate_map_owner_may_leave_out_the_beacon() -> None:
    rules = VectorRules(skip_beacon=True)
    choices = vector_set_choices(cards("2H 5S 9C"), C("KD"), rules)
    assert VectorChoice(cards("2H 5S 9C"), False) in choices and len(choices) == 4
    override = VectorRules(skip_beacon=True, override="forced", override_suit="D")
    assert all(c.beacon for c in vector_set_choices(cards("2H 5S 9C"), C("KD"), override))


def test_bounty_goes_to_a_sole_winner_who_is_not_the_owner() -> None:
    base = showdown_state(["5H 6H 9C 9D", "2C 3C 4C 7S"], "2S", 32, variant="pirate-map")
    state = replace(base, bounty=5, map_owner=1, chips=(8, 7))
    state = declare(state, "5H 6H", "5 * 6 + 2", 32)
    state = declare(state, "2C 3C", "2 + 3 + 2", 7)
    assert state.last_round.bounty_winner == 0 and state.chips == (14, 6) and state.bounty == 0
    # the owner wins: the Bounty stays in the pot
    state = replace(base, bounty=5, map_owner=0, chips=(8, 7))
    state = declare(state, "5H 6H", "5 * 6 + 2", 32)
    state = declare(state, "2C 3C", "2 + 3 + 2", 7)
    assert state.last_round.bounty_winner is None and state.bounty == 5


# --- options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "moon-landing"}, "no variant"),
        ({"variant": ("forced-override", "select-override")}, "at most one"),
        ({"variant": ("forced-precog", "select-override")}, "at most one"),
        ({"override_suit": "H"}, "Override suit needs the Forced or Select Command Override"),
        ({"variant": "forced-precog", "override_suit": "H"}, "trumps"),
        ({"variant": "forced-override", "override_suit": "X"}, r"'C' \(clubs\).*not 'X'"),
        ({"starting_chips": 0}, "Starting chips is a whole number from 1 to 30, not 0"),
        ({"starting_chips": 31}, "Starting chips is a whole number from 1 to 30, not 31"),
        ({"rounds": -1}, "Rounds is a whole number from 0 to 100"),
        ({"rounds": 101}, "Rounds is a whole number from 0 to 100"),
        ({"hotshot": "yes"}, "Hotshot Spacer is on or off"),
        ({"players": 5}, "2 to 4 players"),
        ({"colour": "red"}, "no option"),
    ],
)
def test_option_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_game("navigator", **options)


def test_variants_combine_with_the_pirate_map() -> None:
    game = get_game("navigator", variant=("pirate-map", "forced-precog"), override_suit="")
    assert game.options.variant == ("forced-precog", "pirate-map")
    assert game.options.override_mode == "forced" and game.options.precog
    assert (
        get_game("navigator", variant="select-override", override_suit="d").options.override_suit
        == "D"
    )


def test_override_suit_is_drawn_per_game_unless_set() -> None:
    game = NavigatorGame(variant="forced-override")
    suits = {game.new_state(seed).override_suit for seed in range(30)}
    assert suits == {"C", "D", "H", "S"}
    fixed = NavigatorGame(variant="forced-override", override_suit="C")
    assert {fixed.new_state(seed).override_suit for seed in range(5)} == {"C"}


# --- the command line ------------------------------------------------------------------


def _play(*arguments: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "cardmath", "play", "navigator", *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return result.stdout


def test_command_line_prints_each_round_and_replays_identically() -> None:
    arguments = ("--players", "3", "--bots", "strong,greedy,random", "--seed", "7", "--rounds", "2")
    first = _play(*arguments, "--option", "hotshot", "--variant", "pirate-map")
    assert first == _play(*arguments, "--option", "hotshot", "--variant", "pirate-map")
    assert "Round 1: target" in first and "Round 2: target" in first and "Final:" in first
    lines = _play(*arguments, "--json").splitlines()
    records = [json.loads(line) for line in lines]
    rounds = [record for record in records if record.get("event") == "round"]
    assert [record["round"] for record in rounds] == [1, 2]
    assert {"target", "beacon", "declarations", "chips"} <= set(rounds[0])
    assert records[-1]["event"] == "end"


@pytest.mark.parametrize("digits", ["３２", "٣٢"])
def test_declared_value_is_written_with_the_digits_0_to_9(digits):
    """One rule for numbers everywhere: full-width and Arabic-Indic digits are refused."""
    from cardmath.games.navigator.actions import parse_declaration

    with pytest.raises(ActionSyntaxError, match="write a declaration as"):
        parse_declaration(f"declare 7H 8S + beacon: (J - 7) * 8 = {digits}")
    with pytest.raises(ActionSyntaxError, match="write a declaration as"):
        parse_declaration(f"declare 7H 8S + beacon: (J - 7) * 8 = 32 (target {digits})")
