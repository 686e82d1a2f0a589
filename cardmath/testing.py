"""The random-play harness every engine plugs into (after OpenSpiel's random-sim tests).

:func:`check_random_play` plays many seeded random games and checks, at every step:

* cards are conserved (the zones hold exactly the game's deck);
* a non-terminal state has legal actions, and the player to move is a real player;
* every observation follows the protocol (:class:`~cardmath.game.Observation`): it is
  saveable, names its player, says whose turn it is (``None`` once the game is over),
  and carries legal actions only for the player to move;
* actions that were legal somewhere else but are not legal here are refused with
  ``IllegalMove``, and the state is unchanged (its JSON is byte-identical);
* a copy of the chosen action (read back from JSON, so not the listed object an engine
  may accept without checking) is checked in full and gives the same state;
* the JSON round-trip gives an equal state (on a sample of steps, for speed);
* the outcome is well formed: winners are players, returns share 1 between them;
* the same seed deals and plays out the identical game.

>>> from cardmath.games import get_game
>>> report = check_random_play(lambda: get_game("demo", players=3), games=30, seed=5)
>>> report.games == report.finished == 30, report.shortest == report.longest == 9
(True, True)

How many games a test plays is set here, once, by ``CARDMATH_PLAY``: ``check`` (a few
games each, for the quick loop), ``test`` (the default: the full thousands) or ``bench``
(ten times as many, for a nightly run). Tests ask :func:`play_games` for their count.

>>> play_games(2000, level="check"), play_games(2000, level="test"), play_games(8, "bench")
(10, 2000, 80)
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardmath import codec
from cardmath.errors import IllegalMove
from cardmath.game import TERMINAL, Game, Observation, State

PLAY_LEVELS = ("check", "test", "bench")
"""The values of ``CARDMATH_PLAY``: few games, the full count (the default), nightly."""


def play_level() -> str:
    """The random-play level from ``CARDMATH_PLAY`` (``test`` when unset)."""
    level = os.environ.get("CARDMATH_PLAY", "test") or "test"
    if level not in PLAY_LEVELS:
        raise ValueError(f"CARDMATH_PLAY must be one of {', '.join(PLAY_LEVELS)}, not {level!r}")
    return level


def play_games(full: int, level: str | None = None) -> int:
    """How many random games to play where the full run plays ``full``: a few (a two
    hundredth, at least 3) under ``check``, ``full`` under ``test``, 10x under ``bench``."""
    level = level or play_level()
    if level == "check":
        return min(full, max(3, full // 200))
    return full * 10 if level == "bench" else full


POOL_SIZE = 2000
"""How many distinct actions, seen legal in earlier games, are kept to probe with."""


class InvariantBroken(AssertionError):
    """A rule engine broke one of the harness invariants."""


@dataclass(frozen=True)
class HarnessReport:
    games: int
    steps: int
    illegal_checked: int
    roundtrips: int
    finished: int = 0
    """Games whose last state was terminal, with a well-formed outcome."""
    shortest: int = 0
    """The fewest actions any game took (0 when no game was played)."""
    longest: int = 0
    """The most actions any game took."""


def _fail(message: str, state: State, seed: int, step: int) -> None:
    raise InvariantBroken(f"seed {seed}, step {step}: {message}\nstate: {state.to_json()[:2000]}")


def check_state(state: State, seed: int, step: int, *, save_observations: bool = True) -> None:
    """The invariants that hold at every single state (observations are also saved
    through the codec when ``save_observations``)."""
    if not state.cards_conserved():
        _fail("cards are not conserved", state, seed, step)
    players = state.num_players
    if state.is_terminal:
        if state.current_player != TERMINAL:
            _fail("terminal state with a player to move", state, seed, step)
        if save_observations:
            for player in range(players):
                check_observation(state, player, (), seed, step)
        return
    if not 0 <= state.current_player < players:
        _fail(f"current player {state.current_player} is not a player", state, seed, step)
    actions = state.legal_actions()
    if not actions:
        _fail("no legal actions in a state that is not terminal", state, seed, step)
    if len(set(actions)) != len(actions):
        _fail("legal actions contain duplicates", state, seed, step)
    for player in range(players):
        observation = check_observation(state, player, actions, seed, step)
        if save_observations:
            codec.dumps(observation)  # must be saveable


def check_observation(
    state: State, player: int, actions: tuple[Any, ...], seed: int, step: int
) -> Observation:
    """``state.observation(player)`` follows the protocol: its player, whose turn it is
    (``None`` once the game is over), the mover's ``actions`` only for the mover."""
    observation = state.observation(player)
    if not isinstance(observation, Observation):
        _fail(
            f"the observation is a {type(observation).__name__}, not an Observation",
            state,
            seed,
            step,
        )
    mover = None if state.is_terminal else state.current_player
    if observation.player != player:
        _fail(
            f"player {player}'s observation says it is player {observation.player}'s",
            state,
            seed,
            step,
        )
    if observation.current_player != mover or observation.is_terminal != state.is_terminal:
        _fail("the observation does not say whose turn it is", state, seed, step)
    listed = tuple(observation.legal_actions)
    if player == mover and listed != tuple(actions):
        _fail("the mover's observation does not list its legal actions", state, seed, step)
    if player != mover and listed:
        _fail(f"player {player} sees legal actions out of turn", state, seed, step)
    return observation


def check_outcome(state: State, seed: int) -> None:
    outcome = state.outcome()
    players = state.num_players
    if len(outcome.scores) != players:
        _fail("outcome scores are not one per player", state, seed, -1)
    if not all(0 <= winner < players for winner in outcome.winners):
        _fail("a winner is not a player", state, seed, -1)
    if len(set(outcome.winners)) != len(outcome.winners):
        _fail("a winner is listed twice", state, seed, -1)
    returns = outcome.returns
    if outcome.winners and sum(returns) != 1:
        _fail("returns do not share exactly one win", state, seed, -1)
    if any(not Fraction(0) <= share <= 1 for share in returns):
        _fail("a return is outside 0..1", state, seed, -1)
    if not outcome.summary:
        _fail("the outcome has no summary", state, seed, -1)


def play_random(
    game: Game[Any],
    seed: int,
    *,
    max_steps: int,
    roundtrip_every: int,
    illegal_pool: list[Any],
    illegal_tries: int,
    check_every_state: bool = True,
) -> tuple[list[str], int, int]:
    """One random game with all checks, played to its terminal state; returns (action
    texts, illegal checks, roundtrips)."""
    rng = random.Random(seed)  # chooses the moves
    probe = random.Random(-seed - 1)  # chooses illegal probes, so probing never changes the game
    state = game.new_state(seed)
    pool_members = set(illegal_pool)
    trace: list[str] = []
    illegal_checked = 0
    roundtrips = 0
    for step in range(max_steps):
        sampled = step % roundtrip_every == 0 or state.is_terminal
        if check_every_state:
            check_state(state, seed, step, save_observations=sampled)
        if sampled:
            text = state.to_json()
            back = type(state).from_json(text)
            if back != state or back.to_json() != text:
                _fail("JSON round-trip changed the state", state, seed, step)
            roundtrips += 1
        if state.is_terminal:
            check_outcome(state, seed)
            return trace, illegal_checked, roundtrips
        actions = state.legal_actions()
        if illegal_tries and illegal_pool:
            legal = set(actions)
            candidates = probe.sample(illegal_pool, min(len(illegal_pool), 4 * illegal_tries))
            strangers = [action for action in candidates if action not in legal][:illegal_tries]
            if strangers:
                before = state.to_json() if sampled else None
                for action in strangers:
                    try:
                        state.apply(action)
                    except IllegalMove:
                        illegal_checked += 1
                    else:
                        _fail(
                            f"an action that is not legal was accepted: {action}", state, seed, step
                        )
                if before is not None and state.to_json() != before:
                    _fail(f"refusing {strangers} changed the state", state, seed, step)
        action = rng.choice(actions)
        if action not in pool_members:
            pool_members.add(action)
            if len(illegal_pool) < POOL_SIZE:
                illegal_pool.append(action)
            else:
                illegal_pool[probe.randrange(POOL_SIZE)] = action
        trace.append(f"{state.current_player}:{action}")
        after = state.apply(action)
        if sampled:  # an equal action made elsewhere is checked in full: same state
            again = state.apply(codec.loads(codec.dumps(action)))
            if again != after:
                _fail(f"a copy of the legal action {action} gave another state", state, seed, step)
        state = after
    _fail(f"game not over after {max_steps} random moves", state, seed, max_steps)
    raise AssertionError  # unreachable


def check_random_play(
    make_game: Callable[[], Game[Any]],
    games: int = 1000,
    seed: int = 0,
    *,
    max_steps: int = 20_000,
    roundtrip_every: int = 7,
    illegal_tries: int = 2,
    replay_every: int = 50,
) -> HarnessReport:
    """Play ``games`` seeded random games of ``make_game()`` checking every invariant.

    Every ``replay_every``-th game is played twice from the same seed and must give the
    identical sequence of moves and final state.
    """
    pool: list[Any] = []
    steps = illegal = roundtrips = finished = 0
    lengths: list[int] = []
    for number in range(games):
        game_seed = seed * 100_003 + number
        trace, checked, trips = play_random(
            make_game(),
            game_seed,
            max_steps=max_steps,
            roundtrip_every=roundtrip_every,
            illegal_pool=pool,
            illegal_tries=illegal_tries,
        )
        steps += len(trace)
        lengths.append(len(trace))
        finished += 1  # play_random returns only from a terminal state with its outcome checked
        illegal += checked
        roundtrips += trips
        if number % replay_every == 0:
            again, _, _ = play_random(
                make_game(),
                game_seed,
                max_steps=max_steps,
                roundtrip_every=max_steps,
                illegal_pool=list(pool),
                illegal_tries=0,
                check_every_state=False,
            )
            if again != trace:
                raise InvariantBroken(f"seed {game_seed}: the same seed played a different game")
            first, second = make_game().new_state(game_seed), make_game().new_state(game_seed)
            if first != second:
                raise InvariantBroken(f"seed {game_seed}: the same seed dealt differently")
    return HarnessReport(
        games,
        steps,
        illegal,
        roundtrips,
        finished=finished,
        shortest=min(lengths, default=0),
        longest=max(lengths, default=0),
    )
