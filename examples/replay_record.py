"""Record a game, read the record back, replay it, and tell it as one seat saw it.

A record is the profile, the seed and every action: enough to replay the game exactly.
`pinochle.demo.narrate` tells the replayed states as `pinochle demo` would, or from one
seat's side without a card that seat could not see.
"""

from __future__ import annotations

import itertools

import pinochle as pn
from pinochle.bots import make_bot
from pinochle.demo import narrate
from pinochle.records import GameRecord, record_of, replay, replay_states


def main() -> None:
    variant = pn.load_variant("pinochlerun")
    bots = [make_bot("easy", seed=seat) for seat in range(4)]
    state = pn.new_game(variant, seed=5)
    while len(state.results) < 1:  # one hand
        seat = state.to_act
        assert seat is not None
        state = pn.apply(state, bots[seat].choose(pn.observe(state, seat)))
    text = record_of(state).to_json()
    record = GameRecord.from_json(text)
    print(f"record: {len(record.actions)} actions, {len(text)} bytes of JSON")
    print(f"replays to the same state: {replay(record) == state}")
    for line in itertools.islice(narrate(replay_states(record), seat=0), 6):
        print(line)


if __name__ == "__main__":
    main()
