"""The game protocol and the random-play harness, on the demonstration game."""

import json
import subprocess
import sys
from dataclasses import dataclass, replace

import pytest

from cardmath import codec
from cardmath.errors import ActionSyntaxError, IllegalMove, OptionError, SerializationError
from cardmath.game import chance
from cardmath.games import get_game
from cardmath.games.demo import Pick, PickState
from cardmath.testing import InvariantBroken, check_random_play, play_games


@pytest.mark.play
def test_harness_plays_thousands_of_demo_games():
    games = play_games(2000)
    report = check_random_play(lambda: get_game("demo", players=3), games=games, seed=11)
    # every game ran to its end, and each of the three players picked three times
    assert report.finished == games and report.shortest == report.longest == 9
    assert report.steps == games * 9
    assert report.illegal_checked > games // 2
    assert report.roundtrips >= games


def test_same_seed_same_deal_and_different_seed_different_deal():
    game = get_game("demo")
    assert game.new_state(5) == game.new_state(5)
    deals = {game.new_state(seed).row for seed in range(20)}
    assert len(deals) > 15


def test_chance_is_fixed_by_seed_and_keys():
    assert chance(3, "round", 1).random() == chance(3, "round", 1).random()
    assert chance(3, "round", 1).random() != chance(3, "round", 2).random()


def test_illegal_move_names_the_rule_and_leaves_the_state_alone():
    state = get_game("demo").new_state(seed=2)
    taken = state.legal_actions()[0]
    later = state.apply(taken)
    before = later.to_json()
    with pytest.raises(IllegalMove) as error:
        later.apply(taken)
    assert error.value.rule == "pick a card from the row"
    assert later.to_json() == before
    assert state.apply(taken) == later  # the old state is still valid: undo is free


def test_unknown_option_and_bad_player_count_are_clear_errors():
    with pytest.raises(OptionError, match="has no option 'colour'"):
        get_game("demo", colour="red")
    with pytest.raises(OptionError, match="2 to 4 players"):
        get_game("demo", players=7)
    with pytest.raises(OptionError, match="no game 'chess'"):
        get_game("chess")
    with pytest.raises(OptionError, match="whole number"):
        get_game("demo").new_state(seed="abc")


def test_outcome_is_only_for_finished_games():
    state = get_game("demo").new_state(seed=1)
    with pytest.raises(ValueError, match="not over"):
        state.outcome()


def test_saved_game_round_trips_and_wrong_type_is_refused():
    state = get_game("demo", players=4).new_state(seed=9)
    state = state.apply(state.legal_actions()[3])
    text = state.to_json()
    assert PickState.from_json(text) == state
    assert json.loads(text)["type"] == "demo.PickState"
    with pytest.raises(SerializationError, match="not a PickState"):
        PickState.from_json(codec.dumps(Pick(state.row[0])))


def test_parse_action_reads_the_text_form():
    state = get_game("demo").new_state(seed=1)
    action = state.legal_actions()[2]
    assert state.parse_action(str(action)) == action
    with pytest.raises(ActionSyntaxError, match="a move is 'pick' and a card"):
        state.parse_action("pick ZZ")
    before = state.to_json()
    with pytest.raises(IllegalMove, match="not a card in the row"):
        state.apply(state.parse_action("pick 2C"))
    assert state.to_json() == before


def test_observation_shows_legal_actions_only_to_the_mover():
    state = get_game("demo").new_state(seed=1)
    assert state.observation(0).legal_actions == state.legal_actions()
    assert state.observation(1).legal_actions == ()


@dataclass(frozen=True)
class LeakyPickState(PickState):
    """A broken engine: it loses a card when a pick is made."""

    def apply(self, action):
        after = super().apply(action)
        return replace(after, row=after.row[1:]) if len(after.row) > 1 else after


def test_harness_catches_an_engine_that_loses_cards():
    class LeakyGame(type(get_game("demo"))):
        def _new_state(self, seed):
            base = super()._new_state(seed)
            return LeakyPickState(base.options, base.seed, base.row, base.taken)

    codec.serializable("demo.LeakyPickState")(LeakyPickState)
    with pytest.raises(InvariantBroken, match="cards are not conserved"):
        check_random_play(lambda: LeakyGame(), games=3, seed=1)


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "cardmath", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_lists_subcommands_and_games():
    help_text = run_cli("--help")
    assert help_text.returncode == 0
    assert "games" in help_text.stdout and "play" in help_text.stdout
    games = run_cli("games", "--json")
    assert games.returncode == 0
    names = [row["name"] for row in json.loads(games.stdout)]
    assert "demo" in names


def test_cli_play_is_identical_for_the_same_seed():
    first = run_cli("play", "demo", "--bots", "random,random", "--seed", "7", "--json")
    second = run_cli("play", "demo", "--bots", "random,random", "--seed", "7", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    lines = [json.loads(line) for line in first.stdout.splitlines()]
    assert lines[0]["event"] == "start" and lines[-1]["event"] == "end"
    assert len(lines) == 11  # start, nine picks, end


def test_cli_reports_bad_options_without_a_traceback():
    result = run_cli("play", "demo", "--option", "colour=red", "--seed", "1")
    assert result.returncode == 2
    assert "has no option 'colour'" in result.stderr
    assert "Traceback" not in result.stderr
