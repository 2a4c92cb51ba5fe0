#!/usr/bin/env python3
"""OpenSpiel's MCTS bot for Oware behind the `oware-bot engine` line protocol.

Usage (in a venv with `pip install open-spiel`):
    tools/mcts_engine.py [--simulations 2000] [--seed 1] [--uct-c 2.0]

Protocol (one command a line): `isready` -> `readyok`; `newgame`;
`position startpos moves F a D` (absolute letters: upper case South, lower case
North); `go [...]` -> `bestmove x` (the time options are ignored: MCTS runs its fixed
number of simulations); `quit`.

Action mapping (checked against OpenSpiel's oware.cc and its board printout, and our
`oware-bot replay`): OpenSpiel player 0 is South and moves first; its action i is the
mover's own pit i counted from the mover's left, which in our notation is letter
'A' + i for South and 'a' + i for North. Both sow counter-clockwise (A..F, a..f).
"""

import argparse
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts


def letter(player: int, action: int) -> str:
    return chr((ord("A") if player == 0 else ord("a")) + action)


def action_of(player: int, text: str) -> int:
    base = "A" if player == 0 else "a"
    action = ord(text) - ord(base)
    if len(text) != 1 or not 0 <= action < 6:
        raise ValueError(f"{text!r} is not a pit of player {player}")
    return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uct-c", type=float, default=2.0)
    args = parser.parse_args()

    game = pyspiel.load_game("oware")
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(
        game,
        args.uct_c,
        args.simulations,
        evaluator,
        solve=True,
        random_state=rng,
    )
    state = game.new_initial_state()

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        command = words[0]
        if command == "quit":
            break
        if command == "isready":
            say("readyok")
        elif command == "newgame":
            bot.restart()
            state = game.new_initial_state()
        elif command == "position":
            try:
                if words[1:2] != ["startpos"]:
                    raise ValueError("expected `position startpos [moves ...]`")
                moves = words[3:] if words[2:3] == ["moves"] else []
                new_state = game.new_initial_state()
                for text in moves:
                    action = action_of(new_state.current_player(), text)
                    if action not in new_state.legal_actions():
                        raise ValueError(f"{text} is illegal here")
                    new_state.apply_action(action)
                state = new_state
            except (ValueError, IndexError) as error:
                say(f"info string error: {error}")
        elif command == "go":
            if state.is_terminal():
                say("bestmove none")
                continue
            player = state.current_player()
            action = bot.step(state)
            say(f"bestmove {letter(player, action)}")
        else:
            say(f"info string error: unknown command `{command}`")


if __name__ == "__main__":
    main()
