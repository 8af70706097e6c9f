"""A bot that writes every line the host sends it to a file, and plays the first legal move
(but bids rather than pass, so that every deal is played).

``python recorder.py FILE``: the test reads the file back to check what the host told it.
"""

import sys


def first(word: str) -> str:
    if ".." in word:
        return word.split("..")[0]
    if "of:" in word:
        verb, rest = word.split(":", 1)
        count, cards = rest.split("of:")
        return verb + ":" + ",".join(cards.split(",")[: int(count)])
    return word


with open(sys.argv[1], "a", encoding="utf-8") as log:
    for line in sys.stdin:
        log.write(line)
        log.flush()
        words = line.split()
        if not words:
            continue
        if words[0] == "pinochle":
            print("id name recorder\noption style quiet\nready", flush=True)
        elif words[0] == "go":
            legal = words[2:]
            print(
                "move " + first(legal[1] if legal[0] == "p" and len(legal) > 1 else legal[0]),
                flush=True,
            )
        elif words[0] == "quit":
            break
