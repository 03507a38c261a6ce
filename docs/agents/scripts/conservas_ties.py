"""Conservas: how much of a seed's result is the luck of greedy's tie-breaks.

For the seeds of a game log where agent A won and agent B lost (and the other way round),
replays A (the greedy agent by default) on the same seed and the same chance, with `--sources`
other random sources for its own choices (`"{seed}:0:{k}"` instead of `play_game`'s
`"{seed}:0"`: the hook's ties broken otherwise), and counts its
wins. If A's wins there were A's skill, it would win them again; if they were the luck of
ties, about as often as it wins such games at all.

    python docs/agents/scripts/conservas_ties.py docs/agents/conservas_games.jsonl \\
        --a greedy --b mcts:iterations=20 --sources 3
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict

import tabletop
from tabletop.agents import make_agent
from tabletop.kernel.chance import CHANCE, sample_chance


def replay(spec: str, month: str, goal: str, seed: int, source: int) -> bool:
    """Whether `spec` wins the game of `seed` (chance from the seed) with its own random source `source`."""
    state = tabletop.get_game("conservas").new_game(seed, month=month, goal=goal)
    agent = make_agent(spec)
    rng = random.Random(f"{seed}:0:{source}")
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state))
        else:
            move = agent.choose(state.view(0), state.legal_moves(), rng)
            assert move is not None
            state = state.apply(move)
    assert state.outcome is not None
    return state.outcome.returns[0] >= 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="greedy", help="the agent replayed")
    parser.add_argument("--b", default="mcts:iterations=20", help="the agent it is paired with in the log")
    parser.add_argument("--sources", type=int, default=3, help="other random sources per game")
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    games: dict[tuple[str, str, int], dict[str, float]] = defaultdict(dict)
    for path in args.logs:
        with open(path) as log:
            for text in log:
                game = json.loads(text)
                options = game["options"]
                games[options["month"], options["goal"], game["seed"]][game["lineup"][0]] = game["returns"][0]
    paired = {key: r for key, r in sorted(games.items()) if args.a in r and args.b in r}
    for winner, loser in ((args.a, args.b), (args.b, args.a)):
        label = f"{winner} won, {loser} lost"
        chosen = [key for key, r in paired.items() if r[winner] >= 1.0 > r[loser]]
        wins = sum(replay(args.a, m, g, s, source) for m, g, s in chosen for source in range(args.sources))
        played = args.sources * len(chosen)
        print(f"{label}: {len(chosen)} games; {args.a} with {args.sources} other sources wins {wins} of {played}")


if __name__ == "__main__":
    main()
