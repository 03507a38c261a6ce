"""Our MCTS and IS-MCTS against OpenSpiel's MCTSBot and ISMCTSBot, at equal time per move.

    pip install -e '.[openspiel]'
    python benchmarks/agents_vs_openspiel.py --game conservas --games 10 --seconds 0.1
    python benchmarks/agents_vs_openspiel.py --game archipel --games 4 --seconds 0.1 --players 2 --memory

Both sides play the same seeds (game ``i`` uses seed ``seed + i``; chance is sampled from the
game's seed in both cases) through the public protocol: ours are shown the seat's view;
OpenSpiel's bots get the pyspiel state of ``tabletop.adapters.openspiel`` (``MCTSBot`` with its
random-rollout evaluator for Conservas, ``ISMCTSBot`` keyed by observation strings for
Archipel and Spółka ZOO). OpenSpiel's bots take a number of simulations, not a time: it is
calibrated before the games so that their mean time per move matches ``--seconds``, and the
time each side really used per move is printed with the results.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import tabletop
from tabletop.adapters import openspiel as ts_openspiel
from tabletop.agents import make_agent
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


def play(game_name: str, options: dict, seed: int, ours, theirs) -> tuple[float, list[float]]:
    """One game, every seat by one side; returns seat 0's return and the seconds per move."""
    state = tabletop.get_game(game_name).new_game(seed, **options)
    rng = random.Random(seed)
    times: list[float] = []
    while not state.is_terminal:
        player = state.current_player
        if player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        legal = state.legal_moves()
        start = time.perf_counter()
        if ours is not None:
            move = ours.choose(state.view(player), legal, rng)
        else:
            game, bot = theirs
            spiel_state = ts_openspiel.TabletopSpielState(game, state)
            action = bot.step(spiel_state)
            move = game.bridge.move_of(state, action)
        times.append(time.perf_counter() - start)
        state = state.apply(move)
    assert state.outcome is not None
    return state.outcome.returns[0], times


def calibrate(game_name: str, options: dict, seconds: float) -> int:
    """Simulations per move for OpenSpiel's bot to spend about ``seconds`` per move."""
    trial = 20
    _, times = play_some(game_name, options, trial)
    per_simulation = statistics.fmean(times) / trial
    return max(2, round(seconds / per_simulation))  # with one simulation its root has no child yet


def play_some(game_name: str, options: dict, simulations: int) -> tuple[float, list[float]]:
    """A few moves of one game by OpenSpiel's bot, for calibration."""
    game, bot = spiel_bot(game_name, options, simulations, 99)
    state = tabletop.get_game(game_name).new_game(99, **options)
    times = []
    while len(times) < 8 and not state.is_terminal:
        if state.current_player == tabletop.CHANCE:
            state = state.apply(tabletop.sample_chance(state))
            continue
        start = time.perf_counter()
        action = bot.step(ts_openspiel.TabletopSpielState(game, state))
        times.append(time.perf_counter() - start)
        state = state.apply(game.bridge.move_of(state, action))
    return 0.0, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="conservas", choices=["conservas", "archipel", "spolka_zoo"])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--month", default=None)
    args = parser.parse_args()
    options: dict = {}
    if args.players is not None:
        options["players"] = args.players
    if args.memory:
        options["memory"] = True
    if args.month:
        options["month"] = args.month
    ours_name = "mcts" if args.game == "conservas" else "ismcts"
    ours = make_agent(f"{ours_name}:seconds={args.seconds}")
    simulations = calibrate(args.game, options, args.seconds)
    print(f"{args.game} {options}: {args.seconds}s per move; OpenSpiel calibrated to {simulations} simulations")
    for label in (f"tabletop {ours_name}", f"OpenSpiel {'MCTSBot' if ours_name == 'mcts' else 'ISMCTSBot'}"):
        returns, times = [], []
        for i in range(args.games):
            seed = args.seed + i
            theirs = None if label.startswith("tabletop") else spiel_bot(args.game, options, simulations, seed)
            r, t = play(args.game, options, seed, ours if theirs is None else None, theirs)
            returns.append(r)
            times.extend(t)
        wins = sum(r >= 1.0 for r in returns)
        low, high = wilson(wins, len(returns))
        print(
            f"  {label}: {wins}/{len(returns)} full wins ({low:.0%}-{high:.0%}), "
            f"mean return {statistics.fmean(returns):.2f}, "
            f"{statistics.fmean(times) * 1000:.0f} ms per move over {len(times)} moves",
            flush=True,
        )


if __name__ == "__main__":
    main()
