"""Permutations (seed 002): the auction engine, its arithmetic and its rulings."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from cardmath.cards import NumberCard, permutations_colour
from cardmath.errors import ActionSyntaxError, CardError, CardMathError, IllegalMove, OptionError
from cardmath.game import TERMINAL
from cardmath.games import get_game
from cardmath.games.permutations import (
    AUCTIONS_PER_ROUND,
    Bid,
    Draft,
    PermutationsState,
    colour_counts,
    drafted_in_round,
    drafting_order,
    largest_colour_count,
    minimum_max,
    minimum_round_score,
    pigeonhole_statement,
    pile_summary,
    round_score,
    triangular,
)
from cardmath.testing import check_random_play, play_games


def new_state(seed: int = 1, **options: object) -> PermutationsState:
    state = get_game("permutations", **options).new_state(seed)
    assert isinstance(state, PermutationsState)
    return state


def cards(*numbers: int, colouring: str = "interleaved") -> list[NumberCard]:
    return [NumberCard(n, permutations_colour(n, colouring)) for n in numbers]


def play_auction(state: PermutationsState, rng: random.Random) -> PermutationsState:
    """Every player bids a random card, then drafts a random card from the pool."""
    auction = (state.round_number, state.auction)
    while (state.round_number, state.auction) == auction and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def play_round(state: PermutationsState, rng: random.Random) -> PermutationsState:
    number = state.round_number
    while state.round_number == number and not state.is_terminal:
        state = play_auction(state, rng)
    return state


# --- scoring ---------------------------------------------------------------------------


def test_score_table_from_the_rules() -> None:
    # The seed's table: max 3..11 scores 6, 10, 15, 21, 28, 36, 45, 55, 66.
    table = {3: 6, 4: 10, 5: 15, 6: 21, 7: 28, 8: 36, 9: 45, 10: 55, 11: 66}
    reds = [n for n in range(1, 49) if permutations_colour(n) == "red"]
    others = [n for n in range(1, 49) if permutations_colour(n) != "red"]
    for m, score in table.items():
        # m red cards, then the other 11 - m cards spread over the other colours so
        # that red stays the largest group
        hand = cards(*reds[:m])
        spread = sorted(others, key=lambda n: ((n - 1) // 4, n))[: 11 - m]
        hand += cards(*spread)
        assert len(hand) == 11
        assert largest_colour_count(hand) == m, hand
        assert round_score(hand) == score == triangular(m) == sum(range(1, m + 1))


def test_round_score_uses_only_the_largest_colour_group() -> None:
    # 5 yellow, 4 red, 2 green: only the five yellows count -> 15
    hand = ["2Y", "6Y", "10Y", "14Y", "18Y", "1R", "5R", "9R", "13R", "3G", "7G"]
    assert colour_counts(hand) == {"red": 4, "yellow": 5, "green": 2, "blue": 0}
    assert round_score(hand) == 15


def test_round_score_reads_the_colour_on_the_card() -> None:
    # With the blocks colouring, 1..11 are all red: one group of eleven, 66 points.
    assert round_score(cards(*range(1, 12), colouring="blocks")) == 66
    # The same numbers interleaved are 3 red, 3 yellow, 3 green, 2 blue.
    assert round_score(cards(*range(1, 12))) == 6


def test_helpers_refuse_cards_that_do_not_exist_and_repeated_cards() -> None:
    for helper in (colour_counts, largest_colour_count, round_score):
        # 19 is green (interleaved) or yellow (blocks): 19R and 19B are no cards
        with pytest.raises(CardError, match="there is no card 19R: card 19 is green"):
            helper(["19R", "19G", "19B"])
        with pytest.raises(CardError, match="1 appears twice"):
            helper(["1R", "1R", "1R"])  # once scored 6
        with pytest.raises(CardError, match="mix the two colourings"):
            helper(["2Y", "1R", "13Y", "14Y"])  # 2Y interleaved, 14Y blocks
        with pytest.raises(CardError, match="13Y is not a card of the interleaved colouring"):
            helper(["13Y"], colouring="interleaved")
        for bad in (None, 5, NumberCard(1, "red"), [None], ["9" * 5000]):
            with pytest.raises(CardError) as caught:
                helper(bad)
            assert len(str(caught.value)) < 200
    assert colour_counts("1R 5R, 2Y") == {"red": 2, "yellow": 1, "green": 0, "blue": 0}
    assert round_score(["13Y", "14Y", "15Y"], colouring="blocks") == 6


def test_pigeonhole_minimum_max_is_exact_by_brute_force() -> None:
    for players, colours in ((3, 3), (4, 4)):
        for total in range(12):
            # every way to split `total` cards into `colours` colour counts (12 per colour)
            smallest = (
                min(
                    max(split)
                    for split in itertools.product(range(min(total, 12) + 1), repeat=colours)
                    if sum(split) == total
                )
                if total
                else 0
            )
            assert minimum_max(players, cards=total) == smallest, (players, total)


def test_pigeonhole_for_the_real_game() -> None:
    # eleven cards in four colours always give a group of at least three
    assert minimum_max(4) == 3 and minimum_round_score(4) == 6
    # three players use three colours: at least four of one colour
    assert minimum_max(3) == 4 and minimum_round_score(3) == 10
    statement = pigeonhole_statement(3)
    assert "at least 4 of one colour" in statement and "4, 4, 3" in statement
    assert "3 × 3 = 9 cards, fewer than 11" in statement
    assert "every round scores at least 4 × 5 / 2 = 10" in statement
    # other hand sizes: a hand, not a round, and "1 card" in the singular
    five = pigeonhole_statement(4, cards=5)
    assert five.startswith("Any 5 cards in 4 colours include at least 2 of one colour")
    assert "such a hand scores at least 2 × 3 / 2 = 3" in five and "every round" not in five
    assert pigeonhole_statement(4, cards=1).startswith("Any 1 card in 4 colours")
    with pytest.raises(OptionError):
        minimum_max(5)


# --- setup -----------------------------------------------------------------------------


def test_three_player_setup_sets_blue_aside() -> None:
    state = new_state(seed=7, players=3)
    deck = state.full_deck()
    assert len(deck) == 36 and all(card.colour != "blue" for card in deck)
    assert [len(hand) for hand in state.hands] == [11, 11, 11]
    assert len(state.pool) == 3  # 36 - 33
    assert len(state.set_aside()) == 12 and all(c.colour == "blue" for c in state.set_aside())
    dealt = [card for hand in state.hands for card in hand] + list(state.pool)
    assert sorted(dealt) == sorted(deck)
    assert state.cards_conserved()


def test_four_player_setup() -> None:
    state = new_state(seed=7, players=4)
    assert len(state.full_deck()) == 48
    assert [len(hand) for hand in state.hands] == [11] * 4
    assert len(state.pool) == 4  # the "four random cards" of the seed
    assert state.set_aside() == ()
    assert state.current_player == 0 and state.phase == "bid"


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    assert new_state(seed=11) == new_state(seed=11)
    assert new_state(seed=11).hands != new_state(seed=12).hands


def test_colourings() -> None:
    interleaved = new_state(seed=3).full_deck()
    blocks = new_state(seed=3, colouring="blocks").full_deck()
    assert [str(c) for c in interleaved[:5]] == ["1R", "2Y", "3G", "4B", "5R"]
    assert [str(c) for c in blocks[11:14]] == ["12R", "13Y", "14Y"]
    three_blocks = new_state(seed=3, players=3, colouring="blocks").full_deck()
    assert [c.number for c in three_blocks] == list(range(1, 37))


def test_option_errors() -> None:
    with pytest.raises(OptionError, match="3 to 4 players"):
        get_game("permutations", players=2)
    with pytest.raises(OptionError, match="interleaved"):
        get_game("permutations", colouring="stripes")
    with pytest.raises(OptionError, match="Target score is a whole number from 1 to 500"):
        get_game("permutations", target=0)
    with pytest.raises(OptionError, match="Target score is a whole number from 1 to 500"):
        get_game("permutations", target=1_000_000_000)  # would run for a million moves
    with pytest.raises(OptionError, match="Round limit is a whole number from 1 to 50"):
        get_game("permutations", max_rounds=0)
    with pytest.raises(OptionError, match="no option"):
        get_game("permutations", rounds=3)


# --- auctions --------------------------------------------------------------------------


def test_bids_are_taken_one_player_at_a_time_and_stay_hidden() -> None:
    state = new_state(seed=4, players=4)
    secret = state.hands[0][5]
    state = state.apply(Bid(secret))
    assert state.current_player == 1 and state.phase == "bid"
    mine = state.observation(0)
    assert mine.my_bid == secret and secret not in mine.hand
    for other in (1, 2, 3):
        seen = state.observation(other)
        assert seen.my_bid is None
        assert seen.has_bid == (True, False, False, False)
        assert seen.revealed_bids == (None,) * 4
        # the secret card appears nowhere in what the others can see
        assert f'"{secret}"' not in json.dumps(json.loads(_observation_json(seen)))
        assert seen.hand_sizes == (10, 11, 11, 11)
    # players 2 and 3 bid; still nobody sees anyone else's card
    state = state.apply(Bid(state.hands[1][0])).apply(Bid(state.hands[2][0]))
    assert state.observation(3).revealed_bids == (None,) * 4
    assert state.observation(3).legal_actions == state.legal_actions()
    assert state.observation(0).legal_actions == ()
    # the last bid reveals them all, to everyone
    last = state.hands[3][0]
    state = state.apply(Bid(last))
    assert state.phase == "draft"
    for player in range(4):
        assert state.observation(player).revealed_bids == state.bids
        assert state.observation(player).revealed_bids[3] == last


def _observation_json(observation: object) -> str:
    from cardmath import codec

    return codec.dumps(observation)


def test_draft_in_decreasing_bid_order_and_bids_become_the_next_pool() -> None:
    state = new_state(seed=9, players=4)
    first_pool = state.pool
    # player 1 bids low, 2 high, 3 middle, 4 their highest
    choices = [min(state.hands[0]), max(state.hands[1]), state.hands[2][5], max(state.hands[3])]
    for player, card in enumerate(choices):
        assert state.current_player == player
        state = state.apply(Bid(card))
    expected_order = tuple(sorted(range(4), key=lambda p: -choices[p].number))
    assert state.draft_order == expected_order
    assert set(state.legal_actions()) == {Draft(card) for card in first_pool}
    taken = []
    for player in expected_order:
        assert state.current_player == player
        pick = state.pool[-1]
        taken.append((player, pick))
        state = state.apply(Draft(pick))
    # the auction is over: the bids are the pool, each player holds one drafted card
    assert state.auction == 2 and state.phase == "bid"
    assert sorted(state.pool) == sorted(choices)
    for player, pick in taken:
        assert state.piles[player] == (pick,)
        assert len(state.hands[player]) == 10  # bid one; the drafted card is not in hand
        assert pick not in state.hands[player]
    assert state.last_auction is not None
    assert state.last_auction.bids == tuple(choices)
    assert state.last_auction.order == expected_order
    assert sorted(state.last_auction.pool) == sorted(first_pool)
    assert state.cards_conserved()


def test_pool_chain_across_auctions_and_rounds() -> None:
    rng = random.Random(3)
    state = new_state(seed=21, players=3)
    for round_number in (1, 2):
        piles_seen = None
        for auction in range(1, AUCTIONS_PER_ROUND + 1):
            assert (state.round_number, state.auction) == (round_number, auction)
            assert [len(h) for h in state.hands] == [12 - auction] * 3
            assert [len(p) for p in state.piles] == [auction - 1] * 3
            while state.phase == "bid":
                state = state.apply(rng.choice(state.legal_actions()))
            bids = state.bids
            if auction == AUCTIONS_PER_ROUND:
                piles_seen = state.piles  # ten cards each, before the last draft
            state = play_auction(state, rng)
            # the next pool (also the first pool of the next round) is exactly the bids
            assert sorted(state.pool) == sorted(bids)
        assert piles_seen is not None
        # after eleven auctions the drafted piles became the new hands
        assert state.round_number == round_number + 1
        assert state.auction == 1
        assert all(len(hand) == 11 for hand in state.hands)
        assert all(pile == () for pile in state.piles)
        last = state.last_auction
        assert last is not None and last.auction == AUCTIONS_PER_ROUND
        for player in range(3):
            expected_hand = sorted((*piles_seen[player], last.drafts[player]))
            assert list(state.hands[player]) == expected_hand


def test_round_scores_and_running_totals() -> None:
    rng = random.Random(5)
    state = new_state(seed=2, players=4)
    before_scoring = None
    while state.round_number == 1:
        if state.auction == AUCTIONS_PER_ROUND and len(state.draft_order) == 1:
            before_scoring = state
        state = state.apply(rng.choice(state.legal_actions()))
    assert before_scoring is not None
    last_pick = before_scoring.pool[0]  # only one card is left for the last drafter
    drafter = before_scoring.current_player
    (result,) = state.rounds
    for player in range(4):
        scored = before_scoring.piles[player] + ((last_pick,) if player == drafter else ())
        assert len(scored) == 11
        assert result.maxes[player] == largest_colour_count(scored) >= 3
        assert result.scores[player] == round_score(scored) >= 6
    assert result.totals == state.totals == result.scores
    state = play_round(state, rng)
    assert state.totals == tuple(
        a + b for a, b in zip(state.rounds[0].scores, state.rounds[1].scores, strict=True)
    )


def test_game_ends_after_the_round_in_which_someone_reaches_the_target() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = new_state(seed=seed, players=3 + seed % 2)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.current_player == TERMINAL and state.legal_actions() == ()
        *earlier, last = state.rounds
        assert all(max(result.totals) < 100 for result in earlier)
        assert max(last.totals) >= 100
        assert state.totals == last.totals
        assert len(state.rounds) == state.round_number
        # every round scores at least the pigeonhole minimum, so games are short
        least = minimum_round_score(state.num_players)
        assert all(min(result.scores) >= least for result in state.rounds)
        assert len(state.rounds) <= -(-100 // least)
        outcome = state.outcome()
        assert outcome.scores == state.totals
        assert outcome.winners == tuple(
            p for p in range(state.num_players) if state.totals[p] == max(state.totals)
        )
        assert state.cards_conserved()


def test_equal_totals_share_the_win() -> None:
    state = replace(new_state(seed=1), totals=(104, 90, 104, 12), finished=True)
    outcome = state.outcome()
    assert outcome.winners == (0, 2)
    assert "share the win" in outcome.summary
    half = Fraction(1, 2)
    assert outcome.returns == (half, Fraction(0), half, Fraction(0))


def test_target_and_round_cap_options() -> None:
    rng = random.Random(1)
    state = new_state(seed=8, players=4, max_rounds=2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.rounds) == 2
    state = new_state(seed=8, players=4, target=1)
    state = play_round(state, rng)
    assert state.is_terminal and len(state.rounds) == 1


def test_face_up_drafts_option_shows_every_pile() -> None:
    rng = random.Random(2)
    hidden = play_auction(new_state(seed=5), rng)
    rng = random.Random(2)
    open_ = play_auction(new_state(seed=5, face_up_drafts=True), rng)
    assert hidden.piles == open_.piles
    assert hidden.observation(0).piles == (hidden.piles[0], (), (), ())
    assert hidden.observation(0).pile_sizes == (1, 1, 1, 1)
    assert open_.observation(0).piles == open_.piles


# --- illegal moves ---------------------------------------------------------------------


def test_illegal_moves_name_the_rule_and_change_nothing() -> None:
    state = new_state(seed=6)
    saved = state.to_json()
    not_mine = state.hands[1][0]
    with pytest.raises(IllegalMove) as error:
        state.apply(Bid(not_mine))
    assert error.value.rule == "bid a card from your hand"
    assert str(not_mine) in str(error.value)
    with pytest.raises(IllegalMove) as error:
        state.apply(Draft(state.pool[0]))
    assert error.value.rule == "secret bids first"
    with pytest.raises(IllegalMove) as error:
        state.apply("bid 3R")  # type: ignore[arg-type]
    assert error.value.rule == "move format"
    assert state.to_json() == saved
    for player in range(4):
        state = state.apply(Bid(state.hands[player][0]))
    saved = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(Bid(state.hands[0][0]))
    assert error.value.rule == "draft in decreasing bid order"
    with pytest.raises(IllegalMove) as error:
        state.apply(Draft(state.bids[0]))  # bids join the pool only after the auction
    assert error.value.rule == "draft a card from the pool"
    assert state.to_json() == saved


def test_moves_holding_text_or_nothing_are_refused_as_bad_format() -> None:
    # Bid("3G") names a card that *is* in the hand, as text: the refusal must say that a
    # move holds a card, not claim the card is missing from the hand.
    state = new_state(seed=6)
    saved = state.to_json()
    card = state.hands[0][0]
    for action in (Bid(str(card)), Bid(None), Draft(card.number)):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove) as error:
            state.apply(action)
        assert error.value.rule == "move format"
        assert "parse_action" in str(error.value)
    assert state.to_json() == saved


def test_observation_of_a_player_who_is_not_at_the_table() -> None:
    state = new_state(seed=6, players=3)
    for player in (3, -1, "0", 1.0, True):
        with pytest.raises(CardMathError, match="no player"):
            state.observation(player)  # type: ignore[arg-type]


def test_finished_game_refuses_moves() -> None:
    state = replace(new_state(seed=1), finished=True)
    with pytest.raises(IllegalMove, match="over"):
        state.apply(Bid(state.hands[0][0]))


def test_parse_action() -> None:
    state = new_state(seed=12)
    card = state.hands[0][3]
    assert state.parse_action(f"bid {card}") == Bid(card)
    assert state.parse_action(f"  BID {card.number} ") == Bid(card)
    assert state.parse_action(f"draft {card.number}") == Draft(card)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
    wrong_colour = "B" if card.colour != "blue" else "R"
    with pytest.raises(ActionSyntaxError, match="is " + card.colour):
        state.parse_action(f"bid {card.number}{wrong_colour}")
    with pytest.raises(ActionSyntaxError, match="no card 40"):
        new_state(players=3).parse_action("bid 40")
    with pytest.raises(ActionSyntaxError, match="bid 19G"):
        state.parse_action("play 17")
    with pytest.raises(CardMathError):
        round_score(["17X"])


# --- the random-play harness -----------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "games"),
    [
        ({"players": 4}, 8),
        ({"players": 3}, 8),
        # thousands of rounds: one-round games are where the deals differ most
        ({"players": 4, "max_rounds": 1}, 1000),
        ({"players": 3, "max_rounds": 1}, 1000),
        ({"players": 4, "colouring": "blocks", "max_rounds": 1}, 200),
        ({"players": 3, "colouring": "blocks", "face_up_drafts": True, "target": 30}, 12),
        ({"players": 4, "face_up_drafts": True, "target": 20}, 12),
    ],
)
@pytest.mark.play
def test_random_play_harness(options: dict[str, object], games: int) -> None:
    games = play_games(games)
    report = check_random_play(
        lambda: get_game("permutations", **options), games=games, seed=2, replay_every=5
    )
    assert report.finished == games and report.illegal_checked > 0
    if options.get("max_rounds") == 1:
        # one round: every player takes the same 22 actions, whatever the deal
        assert report.shortest == report.longest == 22 * int(options["players"])
    else:
        # whole rounds of 22 actions per player, at least one (a low target can end the
        # game after its first round)
        round_length = 22 * int(options["players"])
        assert report.shortest >= round_length
        assert report.shortest % round_length == report.longest % round_length == 0


# --- the rule page ---------------------------------------------------------------------


def test_the_rule_page_python_example_runs() -> None:
    # The "Playing from Python" block of docs/games/permutations.md, run as written.
    page = (Path(__file__).parents[1] / "docs" / "games" / "permutations.md").read_text()
    block = page.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    exec(block, namespace)
    state = namespace["state"]
    assert isinstance(state, PermutationsState)
    assert state.phase == "draft" and len(state.pool) == 2  # the first drafter has drafted
    assert state.last_auction is None and state.bids[0] == NumberCard(19, "green")


# --- what a screen shows ------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_the_public_drafts_are_every_pile_at_every_moment(players: int) -> None:
    """A screen can count every pile from the auctions everyone watched (and the drafts of
    the auction going on), and its summary is the engine's count and score."""
    from cardmath.session import Session

    bots = ["greedy", "random", "strong", "greedy"][:players]
    session = Session("permutations", bots, seed=12, options={"max_rounds": 2})
    watched = []
    while not session.is_over:
        session.step_bot()
        state = session.state
        seen = state.observation(0)
        watched.append(seen.last_auction)
        piles = drafted_in_round(watched, seen.round_number, players, seen.drafts)
        assert piles == state.piles
        for pile in piles:
            summary = pile_summary(pile, "interleaved", players)
            counts = colour_counts(pile)
            assert dict(summary.counts) == {c: counts[c] for c in dict(summary.counts)}
            assert summary.largest == largest_colour_count(pile)
            assert summary.score == round_score(pile)
            assert all(counts[colour] == summary.largest for colour in summary.best)
        if seen.phase == "draft":
            full = drafting_order(state.bids)
            assert full[len(full) - len(state.draft_order) :] == state.draft_order
    assert len(session.state.rounds) == 2
