"""Worst-case latency: the slowest thing a dashboard can trigger, beside the typical one.

For every game and every option or variant that changes a search, seeded games are
played (each move is the strong bot's choice or, half the time, a random legal move, so
the positions vary) and at every position three things a dashboard can start are timed,
each from cold caches:

* the legal-action listing of the player to move (on a fresh copy of the state);
* the strong bot's decision (its observation and ``choose``);
* Navigator at the showdown: the four hint levels of :func:`cardmath.solver.hint`, as
  the dashboard asks them (two of the Nav Memory with the beacon), and for the whole
  best Vector Set (Command Override sets hold up to five cards).

Each row reports the maximum beside the median (ratio max/median) with p50 and p99;
the target is a maximum of 1 s on this two-core machine. The slowest position is
printed with its game, option, seed and move number, so it can be timed again::

    python -m benchmarks.bench_latency --quick
    python -m benchmarks.bench_latency --game navigator --config forced-override+extrapolation
    python -m benchmarks.bench_latency --position navigator core 1042 17

The ``solve`` command is timed as a whole command (a fresh interpreter) on the seven
cards ``--target 1 2 3 4 5 6 7`` and ``--target 1 --all 9 10 J Q K A`` against
``--target 31 7 8 J``; the row says whether each finished or stopped with its closest.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from statistics import median
from typing import Any

from cardmath.bots import make_bot
from cardmath.game import chance
from cardmath.games import get_game

ROOT = Path(__file__).resolve().parents[1]

TARGET_SECONDS = 1.0
"""The most any dashboard action may take on this machine."""

CONFIGURATIONS: dict[str, dict[str, dict[str, Any]]] = {
    "navigator": {
        "core": {"players": 3},
        "hotshot": {"players": 3, "hotshot": True},
        "slingshot": {"players": 3, "slingshot": True},
        "extrapolation": {"players": 3, "extrapolation": True},
        "forced-override": {"players": 3, "variant": "forced-override"},
        "select-override": {"players": 3, "variant": "select-override"},
        "forced-precog": {"players": 3, "variant": "forced-precog"},
        "select-precog": {"players": 3, "variant": "select-precog"},
        "pirate-map": {"players": 3, "variant": "pirate-map"},
        "forced-override+extrapolation": {
            "players": 3,
            "variant": "forced-override",
            "extrapolation": True,
        },
        "select-override+extrapolation": {
            "players": 3,
            "variant": "select-override",
            "extrapolation": True,
        },
        "forced-precog+extrapolation": {
            "players": 3,
            "variant": "forced-precog",
            "extrapolation": True,
        },
        "forced-override+everything": {
            "players": 4,
            "variant": ("forced-override", "pirate-map"),
            "extrapolation": True,
            "slingshot": True,
            "hotshot": True,
        },
        "two players, forced-override+extrapolation": {
            "players": 2,
            "variant": "forced-override",
            "extrapolation": True,
        },
    },
    "sequences": {
        "core": {},
        "floor division": {"division": "floor"},
        "redraw continues the turn": {"redraw_ends_turn": False},
    },
    "permutations": {
        "4 players": {},
        "3 players": {"players": 3},
        "blocks colouring": {"colouring": "blocks"},
        "face-up drafts": {"face_up_drafts": True},
    },
    "dotter": {
        "2 players": {},
        "3 players": {"players": 3},
        "4 players, fewer laps": {"players": 4, "fewer_laps": True},
        "bank": {"bank": True},
        "scoring limit": {"scoring_limit": 12},
        "new cards at once": {"new_cards_wait": False},
    },
    "sum15": {
        "4 players": {},
        "2 players": {"players": 2},
        "12 players, 2 decks": {"players": 12, "decks": 2},
    },
}
"""Every game, with each option or variant that changes what a search has to do."""

GAME_OPTIONS: dict[str, dict[str, Any]] = {"navigator": {"rounds": 3}}
"""Options every configuration of a game shares (lesson-length Navigator games)."""


@dataclass
class Timings:
    """Seconds per measured call (wall clock and processor), with the slowest call's
    position."""

    seconds: list[float] = field(default_factory=list)
    processor: list[float] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")

    def add(self, seconds: float, processor: float, where: str) -> None:
        self.seconds.append(seconds)
        self.processor.append(processor)
        if seconds > self.slowest[0]:
            self.slowest = (seconds, where)

    def quantile(self, share: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _clear_caches() -> None:
    """Forget every memoised search, so each timing starts cold as in a fresh kernel."""
    for name, module in list(sys.modules.items()):
        if name.startswith("cardmath") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def _timed(call: Callable[[], Any]) -> tuple[float, float]:
    """(wall seconds, processor seconds) of one call, from cold caches."""
    _clear_caches()
    started, processor = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - started, time.process_time() - processor


def positions(game_name: str, options: dict[str, Any], seed: int) -> Iterator[tuple[int, Any]]:
    """(move number, state) of one seeded game, each move the strong bot's or a random one."""
    game = get_game(game_name, **{**GAME_OPTIONS.get(game_name, {}), **options})
    state = game.new_state(seed)
    strong = make_bot(game_name, "strong")
    chooser = random.Random(seed)
    move = 0
    while not state.is_terminal and move < 2_000:
        yield move, state
        player = state.current_player
        rng = chance(seed, "bot", move)
        if chooser.random() < 0.5:
            action = strong.choose(state.observation(player), rng)
        else:
            action = chooser.choice(state.legal_actions())
        state = state.apply(action)
        move += 1


def _navigator_hints(state: Any, player: int) -> list[Callable[[], Any]]:
    """The hint calls a Navigator dashboard makes at the showdown for ``player``."""
    from cardmath.games.navigator_rules import best_vector_set, card_values
    from cardmath.solver import Choice, hint

    precog = state.options.precog

    def choice(card: Any) -> Choice:
        return Choice(card_values(card, precog), str(card))

    memory = [choice(card) for card in state.memories[player]]
    beacon = choice(state.beacon)
    calls: list[Callable[[], Any]] = [
        (lambda level=level: hint(memory, state.target, level, choose=2, must_use=[beacon]))
        for level in (1, 2, 3, 4)
    ]
    best = best_vector_set(
        state.memories[player], state.beacon, state.target, rules=state.rules_for(player)
    )
    if len(best.cards) > 3:
        cards = [choice(card) for card in best.cards]
        calls += [(lambda level=level: hint(cards, state.target, level)) for level in (1, 2, 3, 4)]
    return calls


def measure(
    game_name: str, config: str, seeds: range, results: dict[str, Timings]
) -> dict[str, Timings]:
    """Time listing, decision and hints at every position of the seeded games."""
    options = CONFIGURATIONS[game_name][config]
    strong = make_bot(game_name, "strong")
    for seed in seeds:
        for move, state in positions(game_name, options, seed):
            where = f"{game_name} [{config}] seed {seed} move {move}"
            player = state.current_player
            seconds = _timed(lambda state=state: replace(state).legal_actions())
            results.setdefault("legal actions", Timings()).add(*seconds, where)
            rng = chance(seed, "bot", move)
            seconds = _timed(
                lambda state=state, player=player, rng=rng: strong.choose(
                    state.observation(player), rng
                )
            )
            results.setdefault("strong decision", Timings()).add(*seconds, where)
            if game_name == "navigator" and state.phase == "declare":
                for call in _navigator_hints(state, player):
                    results.setdefault("hint", Timings()).add(*_timed(call), where)
    return results


def _rows(game_name: str, config: str, results: dict[str, Timings]) -> list[dict]:
    rows = []
    for what, timings in results.items():
        middle = median(timings.seconds)
        worst = max(timings.seconds)
        rows.append(
            {
                "name": f"{game_name} [{config}] {what}, max",
                "value": worst * 1000,
                "unit": "ms",
                "baseline": middle * 1000,
                "ratio": worst / middle if middle else None,
                "p50": middle * 1000,
                "p99": timings.quantile(0.99) * 1000,
                "processor_max": max(timings.processor) * 1000,
                "calls": len(timings.seconds),
                "slowest": timings.slowest[1],
                "target": f"max <= {TARGET_SECONDS:g} s (baseline: the median)",
            }
        )
    return rows


def _print_table(rows: list[dict]) -> None:
    print(
        f"  {'what':<60} {'calls':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
        f"{'max/p50':>8} {'max cpu ms':>10}"
    )
    for row in rows:
        ratio = f"{row['ratio']:.0f}" if row["ratio"] else "-"
        flag = "" if row["value"] <= TARGET_SECONDS * 1000 else "  OVER"
        print(
            f"  {row['name'].removesuffix(', max'):<60} {row['calls']:>6} {row['p50']:>8.1f} "
            f"{row['p99']:>8.1f} {row['value']:>8.1f} {ratio:>8} "
            f"{row['processor_max']:>10.1f}{flag}"
        )


def bench_games(quick: bool, only_game: str | None = None, only_config: str | None = None):
    """Rows for every game and configuration (``quick``: fewer seeded games)."""
    games_per_config = {"navigator": 3, "sequences": 6, "permutations": 2, "dotter": 1}
    load = os.getloadavg()[0]
    print(
        f"  load average {load:.1f} on {os.cpu_count()} cores: wall-clock times grow with "
        "it; processor times (max cpu ms) do not"
    )
    rows: list[dict] = []
    slowest: tuple[float, str, str] = (0.0, "", "")
    for game_name, configs in CONFIGURATIONS.items():
        if only_game and game_name != only_game:
            continue
        count = games_per_config.get(game_name, 12)
        if not quick:
            count *= 3
        for config in configs:
            if only_config and config != only_config:
                continue
            results = measure(game_name, config, range(1000, 1000 + count), {})
            for row in _rows(game_name, config, results):
                rows.append(row)
                if row["value"] > slowest[0]:
                    slowest = (row["value"], row["slowest"], row["name"])
    _print_table(rows)
    calls = sum(row["calls"] for row in rows)
    print(f"  {calls:,} timed calls; slowest: {slowest[2]} {slowest[0]:.0f} ms at {slowest[1]}")
    return rows


def _command(*args: str) -> tuple[float, float, str]:
    """(wall seconds, processor seconds, output) of one whole command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "cardmath", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    processor = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, processor, done.stdout + done.stderr


def bench_commands() -> list[dict]:
    """The seven-card ``solve`` commands, as whole commands, against the seed's example."""
    baseline, baseline_processor, _ = _command("solve", "--target", "31", "7", "8", "J")
    print(
        f"  python -m cardmath solve --target 31 7 8 J: {baseline:.2f} s "
        f"({baseline_processor:.2f} s of processor time)"
    )
    rows = []
    for args in (
        ("solve", "--target", "1", "2", "3", "4", "5", "6", "7"),
        ("solve", "--target", "1", "--all", "9", "10", "J", "Q", "K", "A"),
    ):
        seconds, processor, output = _command(*args)
        sentence = next((line for line in output.splitlines() if "Stopped early" in line), "")
        outcome = "stopped with its closest so far" if sentence else "complete"
        print(
            f"  python -m cardmath {' '.join(args)}: {seconds:.2f} s ({processor:.2f} s of "
            f"processor time), {outcome}"
        )
        if sentence:
            print(f"    {sentence[:160]}")
        rows.append(
            {
                "name": f"{' '.join(args)[:36]} ({'stopped' if sentence else 'complete'})",
                "value": seconds,
                "unit": "s",
                "baseline": baseline,
                "ratio": seconds / baseline,
                "processor": processor,
                "target": "<= 2 s (baseline: solve --target 31 7 8 J)",
            }
        )
    return rows


def run(quick: bool) -> list[dict]:
    return bench_games(quick) + bench_commands()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--game", choices=list(CONFIGURATIONS))
    parser.add_argument("--config")
    parser.add_argument(
        "--position",
        nargs=4,
        metavar=("GAME", "CONFIG", "SEED", "MOVE"),
        help="time one position again (as printed for the slowest)",
    )
    args = parser.parse_args(argv)
    if args.position:
        game_name, config, seed, move = args.position
        options = CONFIGURATIONS[game_name][config]
        for number, state in positions(game_name, options, int(seed)):
            if number == int(move):
                results = measure_one(game_name, state, int(seed), number)
                for what, (seconds, processor) in results.items():
                    print(f"{what}: {seconds * 1000:.1f} ms ({processor * 1000:.1f} ms processor)")
                return 0
        print("no such move", file=sys.stderr)
        return 2
    if args.game:
        bench_games(args.quick, args.game, args.config)
        return 0
    run(args.quick)
    return 0


def measure_one(game_name: str, state: Any, seed: int, move: int) -> dict[str, tuple]:
    """Listing, decision and slowest hint at one position: (wall, processor) seconds."""
    player = state.current_player
    found = {"legal actions": _timed(lambda: replace(state).legal_actions())}
    strong = make_bot(game_name, "strong")
    rng = chance(seed, "bot", move)
    found["strong decision"] = _timed(lambda: strong.choose(state.observation(player), rng))
    if game_name == "navigator" and state.phase == "declare":
        found["slowest hint"] = max(_timed(call) for call in _navigator_hints(state, player))
    return found


if __name__ == "__main__":
    raise SystemExit(main())
