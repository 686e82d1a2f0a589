"""Sum 15 (seed 004): every set, every ruling, many players, the harness, the command line."""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardmath import codec
from cardmath.bots.sum15 import GreedyBot, StrongBot
from cardmath.cards import Card
from cardmath.errors import ActionSyntaxError, CardError, IllegalMove, OptionError
from cardmath.games import get_game
from cardmath.games.sum15 import (
    DECK,
    FIFTEEN,
    FOURTEEN,
    PAIR,
    RUN,
    Play,
    Sum15Options,
    Sum15State,
    card_value,
    cards,
    claims,
    middle_total,
    unseen_counts,
)
from cardmath.play import play_game
from cardmath.testing import check_random_play, play_games


def cards_named(data: object) -> set[Card]:
    """Every card written anywhere in saved data."""
    if isinstance(data, dict):
        found = {Card.parse(data["card"])} if isinstance(data.get("card"), str) else set()
        return found.union(*(cards_named(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(cards_named(item) for item in data))
    return set()


def card(text: str) -> Card:
    return Card.parse(text)


def arranged(
    hands: list[str],
    middle: str = "",
    deck_top: str = "",
    *,
    decks: int = 1,
    played: int = 0,
    hand_size: int = 6,
    empty_deck: bool = False,
    **options: object,
) -> Sum15State:
    """A state with chosen hands, middle and top of the deck; every other card of the
    decks lies below (or, with ``empty_deck``, in a taken pile), so cards are conserved."""
    players = len(hands)
    chosen = [cards(hand) if hand else () for hand in hands]
    middle_cards = cards(middle) if middle else ()
    top = cards(deck_top) if deck_top else ()
    rest = Counter(DECK * decks)
    rest.subtract(Counter([*itertools.chain(*chosen), *middle_cards, *top]))
    assert all(count >= 0 for count in rest.values()), "a card is used too often"
    below = []
    for pack_card in DECK * decks:
        if rest[pack_card] > 0:
            rest[pack_card] -= 1
            below.append(pack_card)
    taken: tuple[tuple[Card, ...], ...] = ((),) * players
    deck = (*top, *below)
    if empty_deck:
        taken = (deck, *taken[1:])
        deck = ()
    state = Sum15State(
        options=Sum15Options(players=players, decks=decks, hand_size=hand_size, **options),
        seed=0,
        hands=tuple(chosen),
        deck=deck,
        middle=middle_cards,
        taken=taken,
        played=played,
    )
    assert state.cards_conserved()
    return state


# --- the sets, from the seed's own examples ------------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [("AS", "KD"), ("6H", "8C"), ("JD", "3S"), ("QC", "2H"), ("5S", "9D"), ("10H", "4C")],
)
def test_two_cards_making_14_are_taken_with_ace_1_jack_11_queen_12_king_13(first, second):
    claim = claims(cards(f"3C {first}"), card(second))
    assert claim.cards == (card(first), card(second))
    assert claim.rules == (FOURTEEN,)
    assert claim.reasons[0].endswith("= 14")
    assert card_value(card(first)) + card_value(card(second)) == 14


def test_14_reason_shows_court_card_values():
    assert claims(cards("JD"), card("3S")).reasons == ("J (11) + 3 = 14",)
    assert claims(cards("AH"), card("KS")).reasons == ("A (1) + K (13) = 14",)


@pytest.mark.parametrize("rank", ["A", "2", "5", "9", "10", "J", "Q", "K"])
def test_a_pair_takes_the_last_two_cards(rank):
    middle = cards(f"3C {rank}H")  # 3 + twice the rank is never a multiple of 15 here
    claim = claims(middle, card(f"{rank}S"))
    assert middle_total((*middle, card(f"{rank}S"))) % 15 != 0
    assert claim.cards == (card(f"{rank}H"), card(f"{rank}S"))
    assert claim.rules == (PAIR,)
    assert claim.reasons == (f"{rank} and {rank} are a pair",)


def test_a_run_up_takes_the_last_three_cards():
    claim = claims(cards("KC 2H 3D"), card("4S"))  # the seed's 2-3-4; total 22
    assert claim.cards == cards("2H 3D 4S")
    assert claim.rules == (RUN,)
    assert claim.reasons == ("2, 3, 4 is a run up",)


def test_a_run_down_q_j_10_takes_the_last_three_cards():
    state = arranged(["10S 2C", "3C 4C"], middle="AH QD JH")  # total 24, then 34
    after = state.apply(Play(card("10S")))
    assert after.taken[0] == cards("QD JH 10S")
    assert after.middle == cards("AH")
    assert state.claim(card("10S")).reasons == ("Q, J, 10 is a run down",)


def test_runs_need_play_order_one_apart_and_do_not_wrap():
    assert not claims(cards("5C 2H 4D"), card("3S"))  # 2, 4, 3: all there, not in order
    assert RUN not in claims(cards("QC KD"), card("AH")).rules  # Q, K, A: the Ace is low
    assert claims(cards("KD AH"), card("2S")).rules == ()  # K, A, 2: no wrap
    assert claims(cards("AD 2H"), card("3S")).rules == (RUN,)  # A, 2, 3 is a run
    assert claims(cards("3D 2H"), card("AS")).rules == (RUN,)  # and 3, 2, A


@pytest.mark.parametrize(("middle", "played", "total"), [
    ("8S", "7D", 15),
    ("KS 9H", "8C", 30),
    ("KS QH 10C 3D", "7S", 45),
    ("KS QH JC 10D 5S", "9H", 60),
])  # fmt: skip
def test_a_multiple_of_15_takes_the_whole_middle(middle, played, total):
    claim = claims(cards(middle), card(played))
    assert claim.total == total
    assert claim.rules[0] == FIFTEEN
    assert claim.reasons[0] == f"total {total} is a multiple of 15"
    assert claim.cards == (*cards(middle), card(played))
    assert claim.takes_whole_middle


def test_a_multiple_of_15_with_a_set_inside_takes_everything():
    state = arranged(["7D AC", "2C 3C"], middle="KS 3H 7C")  # 13 + 3 + 7 + 7 = 30
    claim = state.claim(card("7D"))
    assert claim.rules == (FIFTEEN, FOURTEEN, PAIR)
    assert claim.reasons == ("total 30 is a multiple of 15", "7 + 7 = 14", "7 and 7 are a pair")
    after = state.apply(Play(card("7D")))
    assert after.taken[0] == cards("KS 3H 7C 7D")
    assert len(after.middle) == 1  # all of it went, so a new starter was turned


def test_a_run_inside_a_multiple_of_15_takes_everything():
    claim = claims(cards("6C 4H 5D"), card("6S"))  # 6 + 4 + 5 + 6 = 21: just a run
    assert claim.rules == (RUN,) and claim.cards == cards("4H 5D 6S")
    claim = claims(cards("2C KS 4H 5D"), card("6S"))  # 2 + 13 + 4 + 5 + 6 = 30
    assert claim.rules == (FIFTEEN, RUN) and claim.takes_whole_middle
    assert claim.cards == cards("2C KS 4H 5D 6S")  # not just the run's three
    state = arranged(["6S 3C", "2D 4C"], middle="2C KS 4H 5D")
    after = state.apply(Play(card("6S")))
    assert after.taken[0] == cards("2C KS 4H 5D 6S") and len(after.middle) == 1


RULE_PAGE = Path(__file__).resolve().parents[1] / "docs" / "games" / "sum15.md"
CARD_TEXT = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


def worked_examples() -> list[tuple[str, str, int, str]]:
    """The rows of the rule page's worked-examples table."""
    text = RULE_PAGE.read_text(encoding="utf-8")
    table = text.split("### Worked examples", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in table.splitlines():
        columns = [column.strip() for column in line.strip().strip("|").split("|")]
        if len(columns) == 4 and columns[2].isdigit():
            rows.append((columns[0], columns[1], int(columns[2]), columns[3]))
    return rows


def test_the_rule_page_has_the_worked_examples():
    assert len(worked_examples()) == 9


@pytest.mark.parametrize(("before", "played", "total", "result"), worked_examples())
def test_every_worked_example_on_the_rule_page_is_what_the_engine_does(
    before, played, total, result
):
    middle = tuple(Card.parse(text) for text in CARD_TEXT.findall(before))
    claim = claims(middle, card(played))
    assert claim.total == total
    if "takes all" in result:
        assert claim.takes_whole_middle and claim.cards == (*middle, card(played))
    elif "takes " in result:
        listed = re.split(r"[,(]", result.split("takes ", 1)[1])[0]
        assert claim.cards == cards(listed)
        assert not claim.takes_whole_middle or len(claim.cards) == len(middle) + 1
    else:
        assert result.endswith("nothing") and claim.cards == ()


def test_a_pair_that_makes_14_takes_only_the_last_two():
    claim = claims(cards("9C 4D 7H"), card("7S"))  # total 27
    assert claim.rules == (FOURTEEN, PAIR)
    assert claim.cards == cards("7H 7S")


def test_a_run_never_overlaps_a_pair_or_a_14():
    for a, b, c in itertools.product(DECK[:13], repeat=3):
        rules = claims((a, b), c).rules
        assert not (RUN in rules and (PAIR in rules or FOURTEEN in rules)), (a, b, c)


def test_a_third_equal_card_pairs_only_with_what_is_left():
    state = arranged(["7C 2C", "7S 3C", "7D 4C"], middle="5H 7H")  # 12, 19 ...
    state = state.apply(Play(card("7C")))  # 7H 7C pair (and 14): taken
    assert state.taken[0] == cards("7H 7C") and state.middle == cards("5H")
    assert state.claim(card("7S")).rules == ()  # 5 and 7 make 12, not a set
    state = state.apply(Play(card("7S")))
    assert state.middle == cards("5H 7S")
    state = state.apply(Play(card("7D")))  # now 7S 7D are a pair
    assert state.taken[2] == cards("7S 7D")


def test_nothing_is_taken_without_a_set():
    claim = claims(cards("5C 3H"), card("2D"))
    assert not claim and claim.cards == () and claim.total == 10
    assert str(claim) == "2D takes nothing: total 10"


# --- the starter -------------------------------------------------------------------


def test_the_starter_counts_in_the_total():
    state = arranged(["2C 3C", "4C 5C"], middle="KH")
    after = state.apply(Play(card("2C")))  # K + 2 = 15 with the starter
    assert after.taken[0] == cards("KH 2C")


def test_the_starter_counts_in_14_pairs_and_runs():
    assert claims(cards("9H"), card("5C")).cards == cards("9H 5C")
    assert claims(cards("9H"), card("9C")).rules == (PAIR,)
    state = arranged(["3C 8C", "4D 9C"], middle="2H")
    state = state.apply(Play(card("3C")))  # 2, 3: nothing yet
    state = state.apply(Play(card("4D")))  # 2, 3, 4: a run with the starter
    assert state.taken[1] == cards("2H 3C 4D")


def test_a_new_starter_is_turned_when_the_middle_empties():
    state = arranged(["2C 3C", "4C 5C"], middle="KH", deck_top="9D 8S")
    after = state.apply(Play(card("2C")))
    assert after.middle == cards("9D")
    assert after.deck[:1] == cards("8S") and len(after.deck) == len(state.deck) - 1
    assert after.current_player == 1  # play goes on with the next player


def test_a_set_that_empties_the_middle_also_brings_a_new_starter():
    state = arranged(["9C 3C", "4C 5C"], middle="9H", deck_top="6D")
    after = state.apply(Play(card("9C")))  # pair with the starter: middle empty
    assert after.taken[0] == cards("9H 9C") and after.middle == cards("6D")


def test_without_cards_for_a_starter_the_middle_stays_empty_and_the_next_card_starts_it():
    state = arranged(["2C 3C", "4C 5C"], middle="KH", empty_deck=True)
    after = state.apply(Play(card("2C")))
    assert after.middle == () and after.deck == ()
    later = after.apply(Play(card("4C")))  # alone in the middle, it takes nothing
    assert later.middle == cards("4C") and later.taken[1] == ()
    assert later.cards_conserved()


def test_no_starter_is_turned_after_the_last_card():
    state = arranged(["", "2C"], middle="KH", deck_top="9D", played=1, hand_size=1)
    assert state.current_player == 1
    after = state.apply(Play(card("2C")))
    assert after.is_terminal and after.middle == () and after.deck[:1] == cards("9D")


# --- the whole game -------------------------------------------------------------------


def test_the_game_ends_when_every_dealt_card_is_played_and_leftovers_stay_in_the_middle():
    state = arranged(["2C", "3D"], middle="5H", hand_size=1, played=0)
    state = state.apply(Play(card("2C")))  # 7
    state = state.apply(Play(card("3D")))  # 10
    assert state.is_terminal and state.legal_actions() == ()
    assert state.middle == cards("5H 2C 3D")
    outcome = state.outcome()
    assert outcome.scores == (0, 0) and outcome.winners == (0, 1)
    assert "share the win" in outcome.summary and "3 left in the middle" in outcome.summary
    with pytest.raises(IllegalMove, match="game is over"):
        state.apply(Play(card("2C")))


def test_most_cards_taken_wins_and_equal_counts_share():
    state = arranged(["9C", "2D", "5S"], middle="9H", hand_size=1, deck_top="KD")
    state = state.apply(Play(card("9C")))  # pair: Player 1 has 2; starter KD
    state = state.apply(Play(card("2D")))  # K + 2 = 15: Player 2 has 2; new starter
    state = state.apply(Play(card("5S")))
    assert state.is_terminal
    assert state.outcome().winners == (0, 1)
    assert state.outcome().summary.startswith("Players 1 and 2 share the win with 2 cards")


def test_a_deal_gives_six_cards_each_and_a_starter():
    state = get_game("sum15", players=4).new_state(seed=4)
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]
    assert len(state.middle) == 1 and len(state.deck) == 52 - 24 - 1
    assert state.cards_conserved()
    assert state.current_player == 0 and state.dealer == 3


def test_play_goes_round_left_of_the_chosen_dealer():
    state = get_game("sum15", players=5, dealer=2).new_state(seed=1)
    order = []
    while not state.is_terminal:
        order.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert order == [3, 4, 0, 1, 2] * 6


def test_a_14_player_game_with_two_decks():
    game = get_game("sum15", players=14, decks=2)
    state = game.new_state(seed=14)
    assert len(state.full_deck()) == 104 and len(state.deck) == 104 - 84 - 1
    assert Counter(state.full_deck())[card("QH")] == 2  # identical cards repeat
    played = play_game(game, ["greedy"] * 14, seed=14)
    assert len(played.steps) == 84
    assert all(step.state.cards_conserved() for step in played.steps)
    final = played.final
    assert all(hand == () for hand in final.hands)
    assert sum(played.outcome.scores) + len(final.middle) + len(final.deck) == 104


def test_decks_default_to_one_per_six_players():
    assert [Sum15Options(players=n).deck_count for n in (2, 6, 7, 12, 13, 14, 36, 40)] == [
        1, 1, 2, 2, 3, 3, 6, 7
    ]  # fmt: skip
    assert len(get_game("sum15", players=40).new_state(seed=1).full_deck()) == 7 * 52


def test_option_errors_are_clear():
    with pytest.raises(OptionError, match="need 55 cards, but 1 deck has only 52; use 2 decks"):
        get_game("sum15", players=9, decks=1)
    with pytest.raises(OptionError, match="2 to 40 players"):
        get_game("sum15", players=41)
    with pytest.raises(OptionError, match="2 to 40 players"):
        get_game("sum15", players=1)
    with pytest.raises(OptionError, match="Decks is a whole number from 1 to 10, not 0"):
        get_game("sum15", decks=0)
    with pytest.raises(OptionError, match="Dealer is a player index from 0 to 3"):
        get_game("sum15", players=4, dealer=4)
    with pytest.raises(OptionError, match="Cards in each hand is a whole number from 1 to 13"):
        get_game("sum15", hand_size=0)
    with pytest.raises(OptionError, match="has no option 'jokers'"):
        get_game("sum15", jokers=2)
    assert get_game("sum15", players=8, decks=1).options.deck_count == 1  # 49 cards fit


def test_illegal_plays_name_the_rule_and_change_nothing():
    state = get_game("sum15", players=3).new_state(seed=2)
    before = state.to_json()
    missing = next(c for c in DECK if c not in state.hands[0])
    with pytest.raises(IllegalMove) as error:
        state.apply(Play(missing))
    assert error.value.rule == "play a card from your hand"
    assert "does not hold the" in str(error.value) and str(state.hands[0][0]) in str(error.value)
    with pytest.raises(IllegalMove, match="playing one card"):
        state.apply("7H")
    with pytest.raises(ActionSyntaxError, match="not a card to play"):
        state.parse_action("play seven")
    with pytest.raises(ActionSyntaxError, match="not a card to play"):
        state.parse_action("JK")
    with pytest.raises(IllegalMove, match="does not hold"):
        state.apply(state.parse_action(f"play {missing}"))
    assert state.to_json() == before


def test_bad_moves_of_any_type_are_refused_with_the_rule_not_a_crash():
    state = get_game("sum15", players=3).new_state(seed=2)
    before = state.to_json()
    for action in (Play("7H"), Play(None), Play(card("JK")), None, 7, "play 7H"):
        with pytest.raises(IllegalMove) as error:
            state.apply(action)
        assert error.value.rule == "play a card from your hand"
    for text in (None, 7, "", "play", "play 7H 8H", "pass", "play 1H"):
        with pytest.raises(ActionSyntaxError) as error:
            state.parse_action(text)
        assert error.value.rule == "play a card from your hand"
    assert state.to_json() == before


def test_claims_reads_text_and_refuses_what_is_not_cards():
    assert claims("9S 2D", "4C") == claims(cards("9S 2D"), card("4C"))
    assert claims("", "KS").cards == () and claims([], "KS").total == 13
    for middle, played in ((None, "7D"), (5, "7D"), ("7H 1H", "7D"), ("7H", "JK"), ("7H", None)):
        with pytest.raises(CardError):
            claims(middle, played)
    with pytest.raises(CardError):
        claims([card("7H"), "7S"], card("7D"))


def test_card_helpers_refuse_what_is_not_cards_of_the_game():
    for middle in (None, 5, "x" * 5000, [None], "JK", [card("7H")] * 11, iter(range(10**9))):
        for helper in (middle_total, lambda m: claims(m, "7D")):
            with pytest.raises(CardError) as refused:
                helper(middle)
            assert len(str(refused.value)) < 200
    for text in (None, 7, "9" * 5000):
        with pytest.raises(CardError):
            cards(text)
    assert middle_total("KS 2D 10H") == 25 and middle_total([card("7H")] * 10) == 70


def test_too_many_cards_for_the_most_decks_suggests_a_smaller_hand():
    message = r"use 10 decks with 12 cards in each hand or fewer \(decks=10, hand_size=12\)"
    with pytest.raises(OptionError, match=message):
        get_game("sum15", players=40, hand_size=13)
    assert get_game("sum15", players=40, decks=10, hand_size=12).options.deck_count == 10
    with pytest.raises(OptionError, match="Players is a whole number from 2 to 40, not '4'"):
        Sum15Options(players="4").validate()  # also when built without a Game


def test_actions_read_back_from_their_text():
    state = get_game("sum15", players=3).new_state(seed=2)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
        assert state.parse_action(str(action.card).lower()) == action


def test_duplicate_cards_in_a_hand_give_one_action():
    state = arranged(["7H 7H 2C", "3C 4C 5C"], middle="KS", decks=2, hand_size=3)
    assert state.legal_actions() == (Play(card("7H")), Play(card("2C")))
    after = state.apply(Play(card("7H")))
    assert after.hands[0] == cards("7H 2C")


def test_observation_shows_only_what_the_player_may_see():
    state = get_game("sum15", players=4).new_state(seed=9)
    for _ in range(7):
        state = state.apply(state.legal_actions()[0])
    mover = state.current_player
    for player in range(4):
        seen = state.observation(player)
        assert seen.hand == state.hands[player]
        assert seen.legal_actions == (state.legal_actions() if player == mover else ())
        assert seen.deck_size == len(state.deck) and seen.total == state.total
        assert Counter(seen.seen) == Counter(
            [*state.middle, *(c for pile in state.taken for c in pile)]
        )
        hidden = {c for p in range(4) if p != player for c in state.hands[p]} | set(state.deck)
        named = cards_named(codec.to_data(seen))
        assert set(state.hands[player]) <= named  # the search for cards does find them
        assert hidden and not hidden & named  # one deck: all cards differ
        assert sum(unseen_counts(seen).values()) == len(state.deck) + sum(
            len(state.hands[p]) for p in range(4) if p != player
        )


def test_json_round_trip_in_the_middle_of_a_game():
    state = get_game("sum15", players=7, decks=2, dealer=3).new_state(seed=21)
    for _ in range(20):
        state = state.apply(state.legal_actions()[-1])
        assert Sum15State.from_json(state.to_json()) == state


# --- the harness ----------------------------------------------------------------------


@pytest.mark.play
def test_random_play_harness_two_players_thousands_of_games():
    games = play_games(2000)
    report = check_random_play(lambda: get_game("sum15", players=2), games=games, seed=15)
    # every game ran to its end: each player played the six cards of the hand
    assert report.finished == games and report.shortest == report.longest == 12
    assert report.illegal_checked > games * 5


@pytest.mark.parametrize(
    ("options", "games"),
    [
        ({"players": 4}, 200),
        ({"players": 8, "decks": 1}, 60),  # the deck runs out of starters
        ({"players": 3, "dealer": 0, "hand_size": 2}, 400),
        ({"players": 6, "decks": 3, "hand_size": 13}, 15),
        ({"players": 14, "decks": 2}, 8),
    ],
)
@pytest.mark.play
def test_random_play_harness_with_options(options, games):
    games = play_games(games)
    report = check_random_play(lambda: get_game("sum15", **options), games=games, seed=4)
    hand_size = options.get("hand_size", 6)
    assert report.finished == games
    assert report.shortest == report.longest == options["players"] * hand_size


def test_a_whole_class_of_40_plays_through():
    game = get_game("sum15", players=40)
    played = play_game(game, ["random"] * 40, seed=40)
    assert len(played.steps) == 240
    assert played.final.cards_conserved() and len(played.final.full_deck()) == 364
    assert sum(played.outcome.scores) == 364 - len(played.final.deck) - len(played.final.middle)


# --- bots and command line -----------------------------------------------------------


def test_greedy_always_takes_the_most_cards_it_can():
    game = get_game("sum15", players=3)
    rng = random.Random(3)
    for seed in range(30):
        state = game.new_state(seed)
        while not state.is_terminal:
            observation = state.observation(state.current_player)
            choice = GreedyBot().choose(observation, rng)
            best = max(len(state.claim(a.card).cards) for a in state.legal_actions())
            assert len(state.claim(choice.card).cards) == best
            state = state.apply(choice)


def test_strong_avoids_handing_the_next_player_a_take():
    # Neither card takes anything. After 9 7 (total 16) only another 7 takes (7 + 7);
    # after 9 8 (total 17) a 6 makes 14, a 7 runs 9-8-7, an 8 pairs and a K makes 30.
    state = arranged(["7C 8H", "3C 4C"], middle="9D", hand_size=2)
    observation = state.observation(0)
    strong = StrongBot()
    assert strong.score(observation, Play(card("7C"))) > strong.score(observation, Play(card("8H")))
    assert {strong.choose(observation, random.Random(seed)) for seed in range(10)} == {
        Play(card("7C"))
    }
    assert {GreedyBot().choose(observation, random.Random(seed)) for seed in range(10)} == {
        Play(card("7C")),
        Play(card("8H")),
    }


def test_strong_beats_random_clearly():
    from cardmath.analysis.tournament import tournament

    table = tournament(lambda: get_game("sum15", players=2), ["strong", "random"], 100, seed=5)
    strong, random_row = table.rows
    assert strong.win_rate > 0.75 and strong.interval[0] > random_row.interval[1]


def run_cli(*args: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-m", "cardmath", "play", "sum15", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines()


def test_command_line_14_players_is_deterministic_and_reports_every_play():
    args = ("--players", "14", "--bots", "greedy", "--seed", "4", "--json")
    lines = run_cli(*args)
    assert lines == run_cli(*args)
    events = [json.loads(line) for line in lines]
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    assert events[1]["event"] == "deal" and events[1]["decks"] == 3
    plays = [event for event in events if event["event"] == "play"]
    assert len(plays) == 84
    assert [event["player"] for event in plays[:15]] == [*range(1, 15), 1]
    for event in plays:
        if event["took"]:
            assert event["reasons"] and event["card"] == event["took"][-1]
    assert events[-1]["scores"] == plays[-1]["taken"]
    text = run_cli("--players", "4", "--bots", "strong,greedy,random,random", "--seed", "4")
    assert text[1].startswith("Player 4 deals 6 cards each from 1 deck; the starter is")
    assert text[-1].startswith("Final: ")


def test_the_rule_page_states_every_option_with_its_label():
    from dataclasses import fields

    text = RULE_PAGE.read_text(encoding="utf-8")
    table = text.split("## Options", 1)[1].split("\n## ", 1)[0]
    for field in fields(Sum15Options):
        label = field.metadata.get("label") if field.metadata else None
        row = next(
            (line for line in table.splitlines() if line.startswith(f"| `{field.name}`")), ""
        )
        assert row, field.name
        if label:
            assert f"| {label} |" in row, (field.name, label)
    assert "### Claims" in table and "A wrong claim takes nothing" in table
    assert "### Real cards" in table


def rule_page_commands() -> list[list[str]]:
    """The arguments of every ``play sum15`` command the rule page shows."""
    text = RULE_PAGE.read_text(encoding="utf-8")
    prefix = "python -m cardmath play sum15 "
    return [line[len(prefix) :].split() for line in text.splitlines() if line.startswith(prefix)]


def test_every_command_on_the_rule_page_runs_as_written():
    commands = rule_page_commands()
    assert len(commands) >= 4
    assert any("decks=2" in args and "14" in args for args in commands)  # a class game
    for args in commands:
        lines = run_cli(*args)
        assert lines[-1].startswith('{"event": "end"' if "--json" in args else "Final: "), args


def test_report_tells_of_a_used_up_deck_and_the_cards_left_at_the_end():
    game = get_game("sum15", players=2, hand_size=2)
    state = arranged(["2C 5D", "4C 8S"], middle="KH", empty_deck=True, hand_size=2)
    after = state.apply(Play(card("2C")))
    events = game.report(state, Play(card("2C")), after)
    assert [event["event"] for event in events] == ["deal", "play", "no starter"]
    assert events[1]["took"] == ["KH", "2C"] and events[1]["total"] == 15
    assert events[1]["reasons"] == ["total 15 is a multiple of 15"]
    assert "middle stays empty" in events[2]["text"]
    state = after.apply(Play(card("4C"))).apply(Play(card("5D")))
    last = state.apply(Play(card("8S")))  # 4 + 5 + 8 = 17, no set
    events = game.report(state, Play(card("8S")), last)
    assert [event["event"] for event in events] == ["play", "left"]
    assert events[1]["middle"] == ["4C", "5D", "8S"]
    assert events[1]["text"] == "Left in the middle, taken by nobody: 4C 5D 8S"
