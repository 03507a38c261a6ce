"""Our MCTS and IS-MCTS against OpenSpiel's MCTSBot and ISMCTSBot, at equal time per move.

    pip install -e '.[openspiel]'
    python benchmarks/agents_vs_openspiel.py --game conservas --games 10 --seconds 0.1
    python benchmarks/agents_vs_openspiel.py --game archipel --games 4 --seconds 0.1 --players 2 --memory

Both sides play the same seeds (game ``i`` uses seed ``seed + i``; chance is sampled from the
game's seed in both cases) through the public protocol: ours are shown the seat's view;
OpenSpiel's bots get the pyspiel state of ``tabletop.adapters.openspiel`` (``MCTSBot`` with its
random-rollout evaluator for Conservas, ``ISMCTSBot`` keyed by observation strings for
Archipel and Spółka ZOO). Both sides get a number of iterations (simulations), each
calibrated before the games on the same few positions so that its mean CPU time per move
matches ``--seconds``: a wall-clock budget would measure the machine's load, not the search.
The games alternate (ours, then OpenSpiel's on the same seed), so a change of load hits both
sides alike, and the CPU time each side really used per move is printed with the results,
with the iterations per second (the speed) and a two-sided Fisher exact test of the wins.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import tabletop
from tabletop.adapters import openspiel as ts_openspiel
from tabletop.agents import make_agent, with_budget
from tabletop.agents.tournament import wilson


def spiel_bot(game_name: str, options: dict, simulations: int, seed: int):
    """OpenSpiel's own search bot for the game, with its random-rollout evaluator."""
    import pyspiel

    game = pyspiel.load_game(f"tabletop_{game_name}", options)
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if game_name == "conservas":
        bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False, random_state=rs)
    else:
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            2.0,
            simulations,
            random_state=rs,
            use_observation_string=True,
            allow_inconsistent_action_sets=True,
        )
    return game, bot


Choose = Callable[[Any, Sequence[Any], random.Random], Any]
"""A decision: `choose(state, legal, rng)` returns one of `legal`."""


def play_out(game_name: str, options: dict, seed: int, choose: Choose) -> Any:
    """One game of seed `seed` to its end, chance sampled from the game's seed and every
    decision `choose(state, legal, rng)`'s, with one random source seeded from `seed`; the
    final state."""
    state = tabletop.get_game(game_name).new_game(seed, **options)
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        state = state.apply(choose(state, state.legal_moves(), rng))
    return state


def play(game_name: str, options: dict, seed: int, ours, theirs) -> tuple[float, list[float]]:
    """One game, every seat by one side; seat 0's return and the CPU seconds of each decision
    that had more than one legal move."""
    times: list[float] = []

    def choose(state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        start = time.process_time()
        if ours is not None:
            move = ours.choose(state.view(state.current_player), legal, rng)
        else:
            game, bot = theirs
            move = game.bridge.move_of(state, bot.step(ts_openspiel.TabletopSpielState(game, state)))
        if len(legal) > 1:  # a forced move is no search
            times.append(time.process_time() - start)
        return move

    state = play_out(game_name, options, seed, choose)
    assert state.outcome is not None
    return state.outcome.returns[0], times


def log_calibration(out: str, options: dict, seconds: float, ours_spec: str, ours: int, theirs: int) -> None:
    """Append the calibration's line to the log at `out` (the first line of a run)."""
    head = {"options": options, "seconds": seconds, "ours": ours, "ours_spec": ours_spec, "theirs": theirs}
    with open(out, "a") as log:
        log.write(json.dumps({"calibration": head}) + "\n")


def calibrate(game_name: str, options: dict, seconds: float, ours_name: str | None, decisions: int | None = 8) -> int:
    """Iterations per move for one side (``ours_name``, an agent spec without a budget such as
    ``ismcts:turns=2``, or OpenSpiel's bot) to spend about
    ``seconds`` of CPU time per move, timed on the first ``decisions`` of seed 99 (``None``:
    every decision of the whole game of seed 99, played by that side)."""
    trial = 20
    times = moves_of(game_name, options, trial, ours_name, decisions)
    per_iteration = statistics.fmean(times) / trial
    return max(2, round(seconds / per_iteration))  # with one simulation OpenSpiel's root has no child yet


def moves_of(
    game_name: str, options: dict, iterations: int, ours_name: str | None, decisions: int | None = 8
) -> list[float]:
    """The CPU seconds of the first `decisions` of seed 99 (more than one legal move; `None`:
    all of them, to the end of the game) by one side."""
    agent = make_agent(with_budget(ours_name, iterations=iterations)) if ours_name else None
    if agent is None:
        game, bot = spiel_bot(game_name, options, iterations, 99)
    state = tabletop.get_game(game_name).new_game(99, **options)
    rng = random.Random(99)
    times: list[float] = []
    while (decisions is None or len(times) < decisions) and not state.is_terminal:
        player = state.current_player
        if player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        legal = state.legal_moves()
        start = time.process_time()
        if agent is not None:
            move = agent.choose(state.view(player), legal, rng)
        else:
            move = game.bridge.move_of(state, bot.step(ts_openspiel.TabletopSpielState(game, state)))
        if len(legal) > 1:
            times.append(time.process_time() - start)
        state = state.apply(move)
    return times


def fisher(a: int, n: int, b: int, m: int) -> float:
    """The two-sided Fisher exact test of ``a`` wins in ``n`` games against ``b`` in ``m``."""
    total = a + b

    def p(k: int) -> float:
        return math.comb(n, k) * math.comb(m, total - k) / math.comb(n + m, total)

    here = p(a)
    return min(1.0, sum(p(k) for k in range(max(0, total - m), min(n, total) + 1) if p(k) <= here * (1 + 1e-9)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="conservas", choices=["conservas", "archipel", "spolka_zoo"])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--month", default=None)
    parser.add_argument(
        "--calibrate-on",
        type=int,
        default=0,
        help="decisions of seed 99 each side is timed on (0, the default: the whole game, as each side plays it)",
    )
    args = parser.parse_args()
    options: dict = {}
    if args.players is not None:
        options["players"] = args.players
    if args.memory:
        options["memory"] = True
    if args.month:
        options["month"] = args.month
    ours_name = "mcts" if args.game == "conservas" else "ismcts"
    theirs_name = "MCTSBot" if ours_name == "mcts" else "ISMCTSBot"
    decisions = args.calibrate_on or None
    ours_iterations = calibrate(args.game, options, args.seconds, ours_name, decisions)
    simulations = calibrate(args.game, options, args.seconds, None, decisions)
    ours = make_agent(f"{ours_name}:iterations={ours_iterations}")
    print(
        f"{args.game} {options}: {args.seconds}s of CPU per move; ours calibrated to {ours_iterations} "
        f"iterations, OpenSpiel's {theirs_name} to {simulations} simulations",
        flush=True,
    )
    results: dict[str, tuple[list[float], list[float]]] = {"ours": ([], []), "theirs": ([], [])}
    for i in range(args.games):
        seed = args.seed + i
        for side in results:
            theirs = spiel_bot(args.game, options, simulations, seed) if side == "theirs" else None
            r, t = play(args.game, options, seed, ours if theirs is None else None, theirs)
            results[side][0].append(r)
            results[side][1].extend(t)
        print(f"  seed {seed}: ours {results['ours'][0][-1]:.2f}, theirs {results['theirs'][0][-1]:.2f}", flush=True)
    wins = {side: sum(r >= 1.0 for r in returns) for side, (returns, _) in results.items()}
    for side, label, iterations in (
        ("ours", f"tabletop {ours_name}", ours_iterations),
        ("theirs", f"OpenSpiel {theirs_name}", simulations),
    ):
        returns, times = results[side]
        low, high = wilson(wins[side], len(returns))
        per_move = statistics.fmean(times) if times else 0.0
        print(
            f"  {label}, {iterations} iterations: {wins[side]}/{len(returns)} full wins ({low:.0%}-{high:.0%}), "
            f"mean return {statistics.fmean(returns):.2f}, {per_move * 1000:.0f} ms CPU per move over "
            f"{len(times)} moves, {iterations / per_move if per_move else 0:.0f} iterations per CPU second",
            flush=True,
        )
    p_value = fisher(wins["ours"], args.games, wins["theirs"], args.games)
    print(f"  full wins, two-sided Fisher exact test: p = {p_value:.3g}", flush=True)


if __name__ == "__main__":
    main()
