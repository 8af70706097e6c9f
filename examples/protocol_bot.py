"""A pinochle bot in Python with the standard library only, speaking the bot protocol.

It reads the host's lines on standard input and answers on standard output (see the Bot
protocol page). It passes in the auction when it may and plays its highest legal card (an
ace before a ten, a ten before a king); anything else, the first legal move.

    pinochle arena --a "cmd:python examples/protocol_bot.py" --b easy --deals 20
"""

import sys

RANKS = "9JQKTA"  # low to high, as pinochle ranks them


def first(word: str) -> str:
    """The first move a legal word of ``go`` stands for (a range of bids, a choice of cards)."""
    if ".." in word:
        return word.split("..")[0]
    if "of:" in word:
        verb, rest = word.split(":", 1)
        count, cards = rest.split("of:")
        return verb + ":" + ",".join(cards.split(",")[: int(count)])
    return word


def choose(legal: list[str]) -> str:
    if "p" in legal:
        return "p"  # never bid
    cards = [w for w in legal if len(w) == 2 and w[0] in RANKS]  # a card played: AS, TH, ...
    if cards:
        return max(cards, key=lambda card: RANKS.index(card[0]))
    return first(legal[0])


def main() -> None:
    for line in sys.stdin:
        verb, _, rest = line.strip().partition(" ")
        if verb == "pinochle":
            replies = ["id name highest-card.py", "id author the pinochle-rules examples", "ready"]
        elif verb == "go":
            replies = ["move " + choose(rest.split()[1:])]
        elif verb == "quit":
            return
        else:  # newgame, profile, newhand, seat, deal, played, seen, table, set
            replies = []
        for reply in replies:
            print(reply, flush=True)


if __name__ == "__main__":
    main()
