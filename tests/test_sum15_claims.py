"""Sum 15 with claims (spot your own sets) and with real cards (the computer referees)."""

from __future__ import annotations

import pytest

from cardmath.cards import Card
from cardmath.errors import ActionSyntaxError, IllegalMove
from cardmath.games import get_game
from cardmath.games.sum15 import (
    CLAIMS,
    Play,
    Starter,
    Sum15TableState,
    cards,
    judge,
    read_claim,
)
from cardmath.play import play_game
from cardmath.session import Session
from cardmath.testing import check_random_play, play_games
from tests.test_sum15 import arranged


def card(text: str) -> Card:
    return Card.parse(text)


def claiming(hands: list[str], middle: str, **extra: object):
    return arranged(hands, middle=middle, claims=True, **extra)


# --- claimed, wrong and missed sets ----------------------------------------------------


@pytest.mark.parametrize(
    ("middle", "played", "claim", "taken"),
    [
        ("5C 6H", "8D", "14", "6H 8D"),
        ("3C 7H", "7S", "pair", "7H 7S"),
        ("3C 7H", "7S", "14", "7H 7S"),  # 7 + 7 is both: either claim is right
        ("KC 2H 3D", "4S", "run", "2H 3D 4S"),
        ("KS 9H", "8C", "fifteen", "KS 9H 8C"),
    ],
)
def test_a_claimed_set_is_taken(middle, played, claim, taken):
    state = claiming([f"{played} 2C", "3S 4H"], middle)
    after = state.apply(Play(card(played), claim))
    assert after.taken[0] == cards(taken)
    assert after.scores()[0] == len(cards(taken))
    assert state.judge(Play(card(played), claim)).missed == ""


def test_a_missed_set_stays_in_the_middle_and_is_said():
    state = claiming(["8D 2C", "3S 4H"], "5C 6H")
    play = Play(card("8D"))  # no claim: the 14 is missed
    after = state.apply(play)
    assert after.middle == cards("5C 6H 8D") and after.taken[0] == ()
    assert after.total == 19
    assert state.judge(play).missed == "6 + 8 = 14: you could have taken 2 cards"
    # the next player plays on the longer middle: 19 + 3 is not a set, 8 and 3 neither
    later = after.apply(Play(card("3S")))
    assert later.middle == cards("5C 6H 8D 3S") and later.scores() == (0, 0)


def test_a_wrong_claim_takes_nothing_even_when_another_set_is_there():
    state = claiming(["8D 2C", "3S 4H"], "5C 6H")
    play = Play(card("8D"), "run")
    judgement = state.judge(play)
    assert judgement.wrong and not judgement.correct and judgement.taken == ()
    assert judgement.why_wrong == "5, 6, 8 is not a run"
    assert judgement.missed == "6 + 8 = 14: you could have taken 2 cards"
    after = state.apply(play)
    assert after.middle == cards("5C 6H 8D") and after.scores() == (0, 0)


@pytest.mark.parametrize(
    ("middle", "played", "claim", "why"),
    [
        ("5C 6H", "9D", "fifteen", "the total is 20, not a multiple of 15"),
        ("5C 6H", "9D", "14", "6 + 9 = 15, not 14"),
        ("4C QH", "KD", "14", "Q (12) + K (13) = 25, not 14"),
        ("5C 6H", "9D", "pair", "6 and 9 are not a pair"),
        ("5C 6H", "9D", "run", "5, 6, 9 is not a run"),
        ("", "9D", "run", "the 9D is alone in the middle"),
        ("4C", "9D", "run", "a run needs three cards in the middle"),
    ],
)
def test_a_wrong_claim_says_why_and_takes_nothing(middle, played, claim, why):
    judgement = judge(cards(middle) if middle else (), card(played), claim)
    assert judgement.wrong and judgement.taken == () and judgement.why_wrong == why
    assert judgement.missed == ""  # nothing was there to take
    assert str(judgement).startswith(f"claimed {'a ' * (claim in ('pair', 'run'))}{claim}")


def test_claiming_a_set_inside_a_multiple_of_15_takes_only_that_set():
    state = claiming(["7D 2C", "3S 4H"], "KS 3H 7C")  # 13 + 3 + 7 + 7 = 30
    play = Play(card("7D"), "pair")
    after = state.apply(play)
    assert after.taken[0] == cards("7C 7D") and after.middle == cards("KS 3H")
    assert state.judge(play).missed == (
        "total 30 is a multiple of 15: you could have taken the whole middle, 4 cards"
    )
    whole = state.apply(Play(card("7D"), "fifteen"))
    assert whole.taken[0] == cards("KS 3H 7C 7D") and len(whole.middle) == 1  # new starter


def test_with_claims_off_the_best_set_is_taken_by_itself_and_claims_are_refused():
    state = arranged(["8D 2C", "3S 4H"], middle="5C 6H")
    assert state.apply(Play(card("8D"))).taken[0] == cards("6H 8D")
    before = state.to_json()
    for attempt in (
        lambda: state.apply(Play(card("8D"), "14")),
        lambda: state.apply(state.parse_action("play 8D claim 14")),
        lambda: state.apply(state.parse_action("8D pair")),
    ):
        with pytest.raises(IllegalMove) as error:
            attempt()
        assert error.value.rule == "claim your sets"
        assert "claims are off" in str(error.value)
    assert state.to_json() == before


def test_claims_that_are_not_claims_are_refused_by_rule():
    state = claiming(["8D 2C", "3S 4H"], "5C 6H")
    before = state.to_json()
    for bad in ("thirteen", "", 14, None.__class__, "FIFTEEN"):
        with pytest.raises(IllegalMove) as error:
            state.apply(Play(card("8D"), bad))
        assert error.value.rule == "claim your sets"
    for text in ("play 8D claim seventeen", "8D a triple", "play 8D claim " + "x" * 500):
        with pytest.raises(ActionSyntaxError) as error:
            state.parse_action(text)
        assert error.value.rule == "claim your sets"
        assert len(str(error.value)) < 200
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("play 8D", None),
        ("8d", None),
        ("play 8D claim 14", "14"),
        ("8D fourteen", "14"),
        ("play 8d, claim pair", "pair"),
        ("8D and claim a run", "run"),
        ("play 8D claim 15", "fifteen"),
        ("8D multiple of 15", "fifteen"),
        ("play 8D claim nothing", None),
    ],
)
def test_plays_with_claims_are_read_from_text(text, claim):
    state = claiming(["8D 2C", "3S 4H"], "5C 6H")
    assert state.parse_action(text) == Play(card("8D"), claim)


def test_every_action_reads_back_from_its_text():
    state = claiming(["8D 2C", "3S 4H"], "5C 6H")
    actions = state.legal_actions()
    assert len(actions) == 2 * (1 + len(CLAIMS))
    assert all(state.parse_action(str(action)) == action for action in actions)
    assert str(Play(card("8D"), "14")) == "play 8D claim 14"


def test_read_claim_refuses_anything_else():
    assert read_claim("PAIR") == "pair"
    with pytest.raises(ActionSyntaxError):
        read_claim("pears")
    with pytest.raises(ActionSyntaxError):
        read_claim(None)  # type: ignore[arg-type]


def test_the_log_says_the_claim_and_what_was_missed():
    game = get_game("sum15", players=2, claims=True)
    state = claiming(["8D 2C", "3S 4H"], "5C 6H")
    missed = game.report(state, Play(card("8D")), state.apply(Play(card("8D"))))[-1]
    assert missed["claim"] is None and missed["took"] == []
    assert missed["missed"] == "6 + 8 = 14: you could have taken 2 cards"
    assert missed["text"] == (
        "Player 1 plays 8D and claims nothing; middle 5C 6H 8D, total 19 "
        "(missed: 6 + 8 = 14: you could have taken 2 cards)"
    )
    wrong = game.report(state, Play(card("8D"), "pair"), state.apply(Play(card("8D"), "pair")))
    assert wrong[-1]["text"].startswith(
        "Player 1 plays 8D and claims a pair, but 6 and 8 are not a pair: nothing taken"
    )
    right = game.report(state, Play(card("8D"), "14"), state.apply(Play(card("8D"), "14")))
    assert right[-1]["text"] == (
        "Player 1 plays 8D and claims 14 and takes 6H 8D: 6 + 8 = 14 (Player 1 has taken 2)"
    )


# --- whole games with claims ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.play
def test_random_play_harness_with_claims(players):
    games = play_games(60)
    report = check_random_play(
        lambda: get_game("sum15", players=players, claims=True), games=games, seed=3
    )
    assert report.finished == games and report.shortest == report.longest == players * 6
    assert report.illegal_checked > games


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
def test_bots_claim_what_they_make_so_claims_change_nothing_in_their_games(bot):
    for players, seed in ((3, 1), (6, 2)):
        plain = play_game(get_game("sum15", players=players), [bot] * players, seed=seed)
        claimed = play_game(
            get_game("sum15", players=players, claims=True), [bot] * players, seed=seed
        )
        assert [step.action.card for step in claimed.steps] == [
            step.action.card for step in plain.steps
        ]
        assert claimed.outcome == plain.outcome
        for before, step in zip(
            (claimed.initial, *(s.state for s in claimed.steps)), claimed.steps, strict=False
        ):
            judgement = before.judge(step.action)
            assert not judgement.wrong and judgement.missed == ""


def test_a_saved_game_with_claims_resumes_exactly():
    session = Session("sum15", ["human", "greedy", "strong"], seed=11, options={"claims": True})
    while not session.is_over:
        session.run_bots()
        if session.is_over:
            break
        hand = session.observation(0).hand
        session.apply(f"play {hand[0]} claim pair")  # often wrong: taken nothing
    again = Session.from_json(session.to_json())
    assert again.state == session.state and again.log == session.log
    assert '"play' in session.to_json() and "claim pair" in session.to_json()


# --- real cards on the table: the computer as referee ----------------------------------


def table_game(players: int = 3, **options: object) -> Sum15TableState:
    state = get_game("sum15", players=players, cards="table", **options).new_state(seed=1)
    assert isinstance(state, Sum15TableState)
    return state


def test_with_real_cards_the_dealer_turns_the_starter_first():
    state = table_game(4, claims=True)
    assert state.current_player == 3 and state.needs_starter
    assert all(isinstance(action, Starter) for action in state.legal_actions())
    assert len(state.legal_actions()) == 52
    with pytest.raises(IllegalMove) as error:
        state.apply(Play(card("7H")))
    assert error.value.rule == "turn a starter when the middle is empty"
    state = state.apply(state.parse_action("starter 9C"))
    assert state.middle == cards("9C") and state.current_player == 0
    assert state.deck_size == 52 - 24 - 1
    with pytest.raises(IllegalMove) as error:
        state.apply(Starter(card("5D")))
    assert error.value.rule == "turn a starter when the middle is empty"


def test_with_real_cards_any_card_still_unseen_may_be_played_and_claims_are_judged():
    state = table_game(3, claims=True).apply(Starter(card("6H")))
    state = state.apply(state.parse_action("8D claim 14"))
    assert state.taken[0] == cards("6H 8D") and state.needs_starter
    assert state.current_player == 2  # the dealer turns the next starter
    state = state.apply(Starter(card("KS")))
    missed = state.judge(Play(card("2C")))
    assert (
        missed.missed
        == "total 15 is a multiple of 15: you could have taken the whole middle, 2 cards"
    )
    state = state.apply(Play(card("2C")))  # Player 2 forgets to claim
    assert state.middle == cards("KS 2C") and state.scores() == (2, 0, 0)
    assert state.hand_sizes() == (5, 5, 6)
    observation = state.observation(1)
    assert observation.table and observation.claims and observation.hand == ()
    assert observation.hand_sizes == (5, 5, 6) and observation.deck_size == 52 - 18 - 2


def test_with_real_cards_a_card_of_which_every_copy_is_face_up_is_refused():
    state = table_game(2).apply(Starter(card("QH")))
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(Play(card("QH")))
    assert error.value.rule == "only cards of the decks in play"
    assert "already face up" in str(error.value)
    assert state.to_json() == before
    two = get_game("sum15", players=2, cards="table", decks=2).new_state(seed=1)
    two = two.apply(Starter(card("QH")))
    both = two.apply(Play(card("QH")))  # the second deck's queen: a pair
    assert both.taken[0] == cards("QH QH")
    both = both.apply(Starter(card("2C")))
    assert Play(card("QH")) not in both.legal_actions() and Play(card("QS")) in both.legal_actions()


def test_with_real_cards_the_used_up_deck_leaves_the_middle_empty():
    # 8 players x 6 cards on one deck: 48 dealt, 4 cards left for starters
    state = table_game(8, decks=1)
    for rank in "2345":
        state = state.apply(Starter(card(f"{rank}C")))
        state = state.apply(Play(card(f"{rank}D")))  # a pair: the middle is empty again
    assert state.deck_size == 0 and not state.needs_starter and not state.middle
    assert isinstance(state.legal_actions()[0], Play) and state.current_player == 4
    assert state.scores() == (2, 2, 2, 2, 0, 0, 0, 0)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 8, "claims": True}])
@pytest.mark.play
def test_random_play_harness_with_real_cards(options):
    games = play_games(30)
    report = check_random_play(
        lambda: get_game("sum15", cards="table", **options), games=games, seed=5
    )
    starters = report.steps - games * options["players"] * 6
    assert report.finished == games and starters >= games and report.illegal_checked > games


def test_a_referee_session_is_all_people_and_undoes_a_wrong_entry():
    session = Session(
        "sum15", ["human"] * 14, seed=4, options={"cards": "table", "decks": 2, "claims": True}
    )
    session.apply("starter 9C")
    session.apply("play 5H claim 14")  # 9 + 5 = 14
    assert session.state.scores()[0] == 2 and session.state.needs_starter
    assert session.log[-1].startswith("Player 1 plays 5H and claims 14 and takes 9C 5H")
    session.undo()
    session.apply("play 5H")  # missed
    assert session.state.middle == cards("9C 5H")
    assert "missed: 9 + 5 = 14" in session.log[-1]
    again = Session.from_json(session.to_json())
    assert again.state == session.state and again.log == session.log
