"""Saved data round-trips exactly, and broken data is refused clearly."""

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from cardmath import codec
from cardmath.cards import Card, NumberCard, SequencesCard
from cardmath.errors import SerializationError
from cardmath.game import Outcome, State
from cardmath.session import Session


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        0,
        -(10**40),
        "text",
        (1, (2, 3), ()),
        frozenset({Card.parse("AS"), Card.parse("JK")}),
        {"a": (1, 2), 3: Fraction(7, 3)},
        [1, 2],
        SequencesCard.parse("blue swap"),
        NumberCard.parse("48B"),
        Outcome(winners=(1,), scores=(0, 3), summary="Player 2 won"),
    ],
    ids=lambda value: type(value).__name__,
)
def test_values_round_trip(value):
    assert codec.loads(codec.dumps(value)) == value
    assert type(codec.loads(codec.dumps(value))) is type(value)


def test_dumps_is_stable_for_sets():
    one = codec.dumps(frozenset({Card.parse("2H"), Card.parse("KH"), Card.parse("JK")}))
    two = codec.dumps(frozenset({Card.parse("JK"), Card.parse("2H"), Card.parse("KH")}))
    assert one == two


def test_unknown_and_broken_data_are_refused():
    with pytest.raises(SerializationError, match="not saved game data"):
        codec.loads("{not json")
    with pytest.raises(SerializationError, match="unknown type"):
        codec.loads('{"type": "nowhere.Thing", "fields": {}}')
    with pytest.raises(SerializationError):
        codec.loads('{"card": "ZZ"}')
    with pytest.raises(SerializationError, match="cannot save"):
        codec.dumps(object())


# --- stable saved-type names -------------------------------------------------------------

SAVED = Path(__file__).parent / "golden" / "saved"
GAMES = ("navigator", "sequences", "permutations", "dotter", "sum15")


def test_two_classes_under_one_name_fail_loudly():
    @codec.serializable("doubles.Pick")
    @dataclass(frozen=True)
    class Pick:
        card: int

    with pytest.raises(SerializationError, match=r"two classes are saved as 'doubles\.Pick'"):

        @codec.serializable("doubles.Pick")
        @dataclass(frozen=True)
        class Other:
            card: int

    assert codec.loads(codec.dumps(Pick(3))) == Pick(3)


def test_a_class_of_the_same_name_elsewhere_cannot_replace_an_engines_type():
    from cardmath.games import navigator

    with pytest.raises(SerializationError, match=r"navigator\.Pick"):

        @codec.serializable("navigator.Pick")
        @dataclass(frozen=True)
        class Pick:  # a second Pick, as a puzzle module might write one
            card: int

    assert codec.loads(codec.dumps(navigator.Pick(Card.parse("QH")))) == navigator.Pick(
        Card.parse("QH")
    )


def test_names_are_namespaced_by_game_not_by_file():
    from cardmath.games import navigator, navigator_rules

    assert navigator.Pick.__codec_tag__ == "navigator.Pick"
    assert navigator_rules.VectorRules.__codec_tag__ == "navigator.VectorRules"
    with pytest.raises(SerializationError, match=r"namespace\.ClassName"):
        codec.serializable("Pick")


@pytest.mark.parametrize("game", GAMES)
def test_games_saved_before_stable_names_still_load(game):
    """Saves written by cardmath before saved types had stable names (file-tail tags)."""
    session = Session.from_json((SAVED / f"{game}-session.json").read_text())
    state = State.from_json((SAVED / f"{game}-state.json").read_text())
    assert state == session.state
    assert codec.loads((SAVED / f"{game}-observation.json").read_text()) == state.observation(0)
    actions = codec.loads((SAVED / f"{game}-actions.json").read_text())
    assert actions == tuple(state.legal_actions())[: len(actions)]
    # written again today, the same game reads back
    assert State.from_json(state.to_json()) == state
    assert Session.from_json(session.to_json()).state == state


def test_an_outcome_saved_before_games_gave_a_reason_still_loads():
    saved = (
        '{"fields":{"scores":[0,3],"summary":"Player 2 won","winners":[1]},"type":"game.Outcome"}'
    )
    outcome = codec.loads(saved)
    assert outcome == Outcome(winners=(1,), scores=(0, 3), summary="Player 2 won")
    assert outcome.reason == ""


SPLIT_GAMES = {
    "dotter": (
        "HandScore DotterOptions FaceDown Draw Peek Score Pass Jokers Give TurnedUp Gift "
        "RoundEnd SeenCard DotterObservation DotterState"
    ),
    "sequences": (
        "PlayedCard CardSequence Play Turn SequencesOptions SequencesObservation SequencesState"
    ),
    "permutations": (
        "PermutationsOptions Bid Draft AuctionResult RoundResult PermutationsObservation "
        "PermutationsState"
    ),
    "sum15": (
        "Claim Judgement Sum15State Sum15TableState Sum15Options Play Starter Sum15Observation"
    ),
}


@pytest.mark.parametrize("game", sorted(SPLIT_GAMES))
def test_a_saved_type_of_a_game_package_loads_in_a_fresh_process(game: str) -> None:
    """Saved data names a game's types (``dotter.Peek``); reading it imports only the
    game's package, whose ``__init__`` must load every module that registers a type."""
    import subprocess
    import sys

    names = [f"{game}.{name}" for name in SPLIT_GAMES[game].split()]
    code = (
        "import sys\nfrom cardmath import codec\n"
        f"for name in {names!r}:\n"
        "    cls = codec._lookup(name)\n"
        "    assert cls.__codec_tag__ == name, name\n"
        f"assert sys.modules['cardmath.games.{game}'].__name__\n"
        "print('ok')\n"
    )
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=300
    )
    assert result.returncode == 0 and result.stdout == "ok\n", result.stderr


def test_an_edited_saved_state_is_refused():
    """Saved text edited by hand (negative chips, a card twice) is not a game the rules made."""
    text = (SAVED / "navigator-state.json").read_text()
    assert '"chips":[11,11,8]' in text
    with pytest.raises(SerializationError, match="chips are below 0"):
        State.from_json(text.replace('"chips":[11,11,8]', '"chips":[11,-11,8]'))
    dotter = (SAVED / "dotter-state.json").read_text()
    state = State.from_json(dotter)
    zones = [cards for cards in state.card_zones().values() if len(cards) >= 2]
    first, second = str(zones[0][0]), str(zones[0][1])
    assert first != second
    edited = dotter.replace(f'{{"card":"{second}"}}', f'{{"card":"{first}"}}', 1)
    assert edited != dotter
    with pytest.raises(SerializationError, match="not the game's deck"):
        State.from_json(edited)
