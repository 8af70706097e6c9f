"""Your first program: a whole game, you at South and three Hard computer players.

The loop every program that embeds the library writes: whose turn it is, what that seat
may see, its choice, the next state. "You" stand in for a person: a real front end shows
the observation and asks; this one types an answer as text, the way a person would.
"""

from __future__ import annotations

import pinochle as pn
from pinochle.bots import make_bot
from pinochle.demo import person_names


def your_turn(view: pn.Observation) -> pn.Action:
    """South's decision: a typed answer, read and checked as a front end would."""
    melds = pn.meld_by_trump(view.hand, view.variant)  # each suit's meld as trump
    best = max(melds, key=lambda suit: melds[suit].total)
    if view.phase is pn.Phase.AUCTION:  # my best meld and 20 trick points
        text = f"bid {melds[best].total + 20}"
    elif view.phase is pn.Phase.TRUMP:
        text = f"trump {best.name.lower()}"  # "trump hearts"; "trump H" and "trump ♥" too
    else:  # the first legal choice: "pass-cards 9♣ J♣ Q♦ 9♠", "play 10♣", ...
        text = str(view.legal_actions[0])
    action = pn.parse_action(text)  # pn.ActionParseError on a typo, saying why
    if action not in view.legal_actions:  # `in` works on the lazy sequences too
        print(f"{text!r} is not legal now: {pn.explain_legal(view)}")
        action = view.legal_actions[0]  # a front end asks again; here the first: pass
    return action


rules = pn.load_variant("pinochlerun")
names = person_names(rules)  # ('North', 'East', 'South', 'West'): seat 0 is North
you = names.index("South")  # seat 2
bots = {seat: make_bot("hard", seed=seat) for seat in range(4) if seat != you}
state = pn.new_game(rules, seed=14)  # seat 0 (North) deals, seat 1 (East) bids first
while not state.is_over:  # the whole game; state.results grows by one each hand
    seat = state.to_act
    assert seat is not None  # None only once the game is over
    view = pn.observe(state, seat)  # what this seat may know, and nothing more
    action = your_turn(view) if seat == you else bots[seat].choose(view)
    state = pn.apply(state, action)  # a new state; the old one is unchanged
sides = [" & ".join(n for s, n in enumerate(names) if state.side_of(s) == side) for side in (0, 1)]
for number, result in enumerate(state.results, start=1):  # result.bidder is a side
    bidder = "nobody" if result.bidder is None else sides[result.bidder]
    print(f"hand {number}: {bidder} bid {result.bid}: {result.reason}")
winner = state.winner  # a side, like result.bidder
assert winner is not None  # None only while the game goes on
print(f"{sides[winner]} win {state.scores[winner]} to {state.scores[1 - winner]}")
