"""A bot written against the public protocol only: it is shown its seat's view, never the state.

    python examples/bot.py --games 20                       # Drill: the bot against a random player
    python examples/bot.py --game conservas --games 5       # a solo game: the bot alone

The bot is a time-boxed flat Monte Carlo player. For each legal move it plays random games on
from its own view (``view.apply``, chance sampled with its own random source, since a view
has no seed) until its thinking time is up, and keeps the move with the best average return.
Because it only ever holds ``state.view(seat)``, it cannot cheat: placeholders stand where
other seats' secrets are, and its playouts simply play on with them. Where they cannot (in
Spółka ZOO the company decks are unknown cards, whose effects no playout can carry out), it
falls back on the library's greedy agent, which looks one move ahead with the game's own
``evaluate`` hook.

    python examples/bot.py --game spolka_zoo --games 3     # the bot in seat 0, random players

The main loop below drives the game with nothing but ``legal_moves``, ``apply``, ``view``,
``sample_chance`` and ``outcome``; ``tabletop.Match`` would do the same for you (pass the bot
as an agent: ``tabletop.Match(game, agents={0: FlatMonteCarlo()})``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

import tabletop
from tabletop.agents import GreedyAgent, RandomAgent


class FlatMonteCarlo:
    """Plays each legal move out at random, round-robin, for ``think`` seconds; keeps the best."""

    name = "flat-monte-carlo"

    def __init__(self, think: float = 0.05, max_steps: int = 2_000) -> None:
        self.think = think
        self.max_steps = max_steps

    def choose(self, view: tabletop.State, legal: Sequence[tabletop.Move], rng: random.Random) -> tabletop.Move:
        if len(legal) == 1:
            return legal[0]
        seat = view.current_player
        totals = dict.fromkeys(legal, 0.0)
        runs = dict.fromkeys(legal, 0)
        deadline = time.perf_counter() + self.think
        rounds = 0
        # At least one round; more while time is left, unless no playout can run on this view.
        while rounds == 0 or (time.perf_counter() < deadline and any(runs.values())):
            rounds += 1
            for move in legal:
                result = self.playout(view, move, seat, rng)
                if result is not None:
                    totals[move] += result
                    runs[move] += 1
        means = {m: totals[m] / runs[m] for m in legal if runs[m]}
        if len(set(means.values())) < 2:
            # No playout could run on the view (unknown cards), or all came out alike and told
            # nothing: look one move ahead with the game's own heuristic instead.
            return GreedyAgent().choose(view, legal, rng)
        return max(means, key=lambda m: (means[m], rng.random()))

    def playout(self, view: tabletop.State, move: tabletop.Move, seat: int, rng: random.Random) -> float | None:
        try:
            state = view.apply(move)
            for _ in range(self.max_steps):
                if state.is_terminal:
                    assert state.outcome is not None
                    return state.outcome.returns[seat]
                if state.current_player == tabletop.CHANCE:
                    state = state.apply(tabletop.sample_chance(state, rng))
                else:
                    state = state.apply(rng.choice(state.legal_moves()))
        except (tabletop.TabletopError, ValueError, KeyError):
            return None  # a placeholder the rules cannot play with: this playout tells nothing
        return None


def play_one(game: tabletop.Game, seed: int, bot: FlatMonteCarlo) -> tabletop.Outcome:
    """One game: the bot in seat 0, random players elsewhere, chance from the game's seed."""
    rng = random.Random(seed)
    others = RandomAgent()
    state = game.new_game(seed)
    while not state.is_terminal:
        player = state.current_player
        if player == tabletop.CHANCE:
            move = tabletop.sample_chance(state)
        else:
            agent = bot if player == 0 else others
            move = agent.choose(state.view(player), state.legal_moves(), rng)
        state = state.apply(move)
    assert state.outcome is not None
    return state.outcome


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Play games with a flat Monte Carlo bot in seat 0.")
    parser.add_argument("--game", default="tabletop.testing.drill:GAME")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--think", type=float, default=0.05, help="seconds per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    game = tabletop.get_game(args.game)
    bot = FlatMonteCarlo(think=args.think)
    returns, won = [], 0
    for i in range(args.games):
        outcome = play_one(game, args.seed + i, bot)
        returns.append(outcome.returns[0])
        # A win: a positive return, and no seat with more (the rule the library's greedy agent uses).
        won += outcome.returns[0] > 0 and outcome.returns[0] >= max(outcome.returns)
        print(f"game {i + 1}: {', '.join(f'{k} {v}' for k, v in outcome.summary().items())}")
    mean = statistics.fmean(returns)
    print(f"{game.title}: the bot won {won} of {args.games} games (ties for the best included), mean return {mean:.2f}")


if __name__ == "__main__":
    main()
