"""Dotter bots and the command line: legal, honest about hidden cards, and better than chance."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from cardmath.__main__ import main
from cardmath.analysis.tournament import tournament
from cardmath.bots import bot_names, make_bot
from cardmath.bots.dotter import GreedyBot, StrongBot
from cardmath.cards import Card
from cardmath.games import get_game
from cardmath.games.dotter import (
    FULL_DECK,
    DotterOptions,
    DotterState,
    Draw,
    FaceDown,
    Give,
    Jokers,
    Score,
)
from cardmath.play import play_game


def state_with(areas, *, deck: int, to_move: int = 0) -> DotterState:
    left = Counter(FULL_DECK)
    left.subtract(card.card for area in areas for card in area)
    rest = tuple(left.elements())
    return DotterState(
        options=DotterOptions(players=len(areas)),
        seed=1,
        round_number=1,
        deck=rest[:deck],
        areas=areas,
        rows_drawn=tuple(max((c.row for c in area), default=0) for area in areas),
        discards=rest[deck:],
        laps=(0,) * len(areas),
        points=(0,) * len(areas),
        scorings=(0,) * len(areas),
        to_move=to_move,
        round_starter=0,
    )


def row(number: int, text: str, seen_by: frozenset[int] = frozenset()) -> tuple[FaceDown, ...]:
    return tuple(
        FaceDown(number, slot, Card.parse(word), False, seen_by)
        for slot, word in enumerate(text.split())
    )


def test_dotter_has_three_bots() -> None:
    assert bot_names("dotter") == ("random", "greedy", "strong")


def test_greedy_scores_a_known_hand_with_the_certain_guess() -> None:
    state = state_with((row(1, "JH JD JS", frozenset({0})), row(1, "2C 5D 9S")), deck=10)
    action = GreedyBot().choose(state.observation(0), random.Random(1))
    assert action == Score(0, ("1a", "1b", "1c"), "triple")  # 2 x 33 = 66


def test_strong_weighs_certain_doubles_poor_hands_and_the_opponents_cards() -> None:
    known = state_with((row(1, "4H 6D 9S", frozenset({0})), ()), deck=10)
    action = StrongBot().choose(known.observation(0), random.Random(1))
    assert action == Score(0, ("1a", "1b", "1c"), "quotient")  # 2 x 15 = 30
    # A known hand worth 5 is below the worth of a turn spent drawing ...
    poor = state_with((row(1, "2C 3D 5S", frozenset({0})), ()), deck=10)
    assert StrongBot().choose(poor.observation(0), random.Random(1)) == Draw()
    # ... but early in a round unseen cards the opponent could score next turn are worth
    # taking: half the points for the bot, and the whole hand denied to the opponent.
    theirs = state_with(((), row(1, "2C 3D 7S")), deck=30)
    assert StrongBot().choose(theirs.observation(0), random.Random(1)) == Score(
        1, ("1a", "1b", "1c")
    )


def test_bots_decide_only_from_what_they_may_see() -> None:
    # Two deals that differ only in cards player 1 has never seen: same observation,
    # so the same decision.
    for bot in (GreedyBot(), StrongBot()):
        for player in (0, 1):
            first_areas = (row(1, "5H 7H 9H") + row(2, "KS QS JS"), row(1, "2C 3C 4C"))
            second_areas = (row(1, "5H 7H 9H") + row(2, "AD 2D 3D"), row(1, "8C 8D 8S"))
            first = state_with(first_areas, deck=45, to_move=player)
            second = state_with(second_areas, deck=45, to_move=player)
            one, two = first.observation(player), second.observation(player)
            assert one == two
            assert bot.choose(one, random.Random(5)) == bot.choose(two, random.Random(5))


def test_bots_only_play_legal_moves() -> None:
    game = get_game("dotter", players=3, laps=1, bank=True, scoring_limit=5)
    for seed in range(3):
        played = play_game(game, ["strong", "greedy", "random"], seed=seed)
        assert played.final.is_terminal and played.final.cards_conserved()


def test_greedy_and_strong_beat_random_clearly() -> None:
    make = lambda: get_game("dotter", laps=1)  # noqa: E731
    greedy = tournament(make, ["greedy", "random"], games=60, seed=8)
    assert greedy.rows[0].win_rate > 0.75
    strong = tournament(make, ["strong", "random"], games=30, seed=8)
    assert strong.rows[0].win_rate > 0.75


def test_command_line_game_is_deterministic_per_seed(capsys) -> None:
    argv = ["play", "dotter", "--players", "2", "--bots", "strong,greedy", "--seed", "9"]
    argv += ["--option", "laps=1", "--json"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    events = [json.loads(line) for line in first.splitlines()]
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    kinds = {event["event"] for event in events}
    assert {"draw", "score", "lap", "win"} <= kinds
    scores = [event for event in events if event["event"] == "score"]
    assert all(event["reason"] and isinstance(event["points"], int) for event in scores)
    assert events[-1]["winners"] == [next(e["winner"] for e in events if e["event"] == "win")]


def test_command_line_text_names_every_move(capsys) -> None:
    argv = ["play", "dotter", "--bots", "greedy,random", "--seed", "2", "--option", "laps=1"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Dotter, seed 2")
    assert any(" draws row 1 face down" in line for line in lines)
    assert any(" scores " in line and " = " in line for line in lines)
    assert lines[-1].startswith("Final: ")
    assert make_bot("dotter", "strong").name == "strong"


def test_strong_stays_under_the_peg_when_the_round_ends_with_the_rival_ahead() -> None:
    # The deck is empty; the bot knows its last three cards and the rival has one row
    # left. Scoring 2, 9, K as they are (13) would complete the lap but leave the bot on
    # the peg, counting 0 when the round ends, so the rival would keep its 100 and more
    # lap points. The bot stays below the peg (here it takes the rival's row, 4, 5, 6,
    # halved: 5) and so keeps its points while the rival goes back to 0.
    state = state_with((row(1, "2C 9D KS", frozenset({0})), row(1, "4H 5H 6C")), deck=0)
    state = replace(state, points=(115, 100))
    action = StrongBot().choose(state.observation(0), random.Random(1))
    assert state.apply(action).points[0] < 121


def test_bots_choose_their_jokers_greedy_for_points_strong_for_the_standing() -> None:
    # The deck is empty. The bot turns up 5, 7 and a Joker; the rival has one row left.
    # As 9 the Joker scores 16 and puts the bot on the peg, which counts 0 when the
    # round ends, so the rival keeps its lap points; as 7 it scores 14, the bot stops at
    # 120, leads the lap when the round ends and the rival goes back to 0.
    state = state_with((row(1, "5H 7H JK"), row(1, "2C 3D 8S")), deck=0)
    state = replace(state, points=(106, 100))
    turned = state.apply(Score(0, ("1a", "1b", "1c")))
    seen = turned.observation(0)
    assert GreedyBot().choose(seen, random.Random(1)) == Jokers((9,))
    strong = StrongBot().choose(seen, random.Random(1))
    assert strong in seen.legal_actions
    after = turned.apply(strong)
    assert after.points == (120, 100)
    ended = after.apply(Score(1, ("1a", "1b", "1c"))).last_round
    assert ended is not None and ended.kept == (120, 0)


def test_bots_give_three_only_for_a_score_worth_it_and_give_what_they_know_is_poor() -> None:
    options = DotterOptions(players=2, scoring_limit=1, give_to_score=True)
    known = frozenset({0})
    areas = (row(1, "JH JD JS", known) + row(2, "2C 3D 5S", known), row(1, "4C 6D 9S"))
    state = replace(state_with(areas, deck=10), options=options, scorings=(1, 0))
    for bot in (GreedyBot(), StrongBot()):
        action = bot.choose(state.observation(0), random.Random(1))
        assert action == Give(("2a", "2b", "2c"), 1), bot.name
        given = state.apply(action)
        score = bot.choose(given.observation(0), random.Random(1))
        assert score == Score(0, ("1a", "1b", "1c"), "triple"), bot.name
    # with nothing known, giving three unseen cards to score three unseen ones does not pay
    blind = (row(1, "JH JD JS") + row(2, "2C 3D 5S"), row(1, "4C 6D 9S"))
    state = replace(state_with(blind, deck=10), options=options, scorings=(1, 0))
    for bot in (GreedyBot(), StrongBot()):
        assert not isinstance(bot.choose(state.observation(0), random.Random(1)), Give)


def test_bots_play_whole_games_with_the_variant_and_do_give() -> None:
    game = get_game(
        "dotter", laps=1, lap_length=121, scoring_limit=4, give_to_score=True, new_cards_wait=True
    )
    gifts = 0
    for seed in range(4):
        played = play_game(game, [StrongBot(), GreedyBot()], seed=seed)
        assert played.final.is_terminal
        gifts += sum(isinstance(step.action, Give) for step in played.steps)
    assert gifts > 0


def test_greedy_gives_late_in_a_game_when_fewer_than_three_cards_are_unseen() -> None:
    # three players scoring up to three hands with gifts: late in the game fewer than
    # three cards are left unseen, and the greedy bot weighed a gift against a blind hand
    # of three that could no longer be dealt (it stopped the game with an error)
    game = get_game("dotter", players=3, scoring_limit=3, give_to_score=True)
    for seed in range(3):
        played = play_game(game, [GreedyBot(), GreedyBot(), GreedyBot()], seed=seed)
        assert played.final.is_terminal
    two = get_game("dotter", players=2, scoring_limit=3, give_to_score=True)
    assert play_game(two, [GreedyBot(), GreedyBot()], seed=0).final.is_terminal


NO_NUMPY_GAME = """
import json, sys
sys.modules["numpy"] = None  # as in the browser build: importing numpy fails
from cardmath.bots import dotter
from cardmath.games import get_game
from cardmath.play import play_game
played = play_game(get_game("dotter", players=2), ["strong", "greedy"], 2)
print(json.dumps({
    "planner": dotter._end_worth.__name__,
    "actions": [str(step.action) for step in played.steps],
}))
"""


def test_strong_bot_plays_the_same_game_without_numpy() -> None:
    """The browser build has no numpy: the strong bot then plans the end of a round in
    pure Python and makes exactly the moves of the golden game (recorded with numpy)."""
    root = Path(__file__).resolve().parent.parent
    golden = json.loads((root / "tests" / "golden" / "bot_games.json").read_text())
    row = next(
        row
        for row in golden
        if row["game"] == "dotter" and row["options"] == {"players": 2} and row["seed"] == 2
    )
    assert row["bots"] == ["strong", "greedy"]
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-c", NO_NUMPY_GAME],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": path},
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    played = json.loads(result.stdout)
    assert played["planner"] == "_end_worth_pure"
    assert played["actions"] == row["actions"]
    assert any(action.startswith("score") for action in played["actions"])
