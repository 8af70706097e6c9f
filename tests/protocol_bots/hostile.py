"""A bot that speaks the protocol, then breaks it in one way at its third move of a game.

``python hostile.py KIND``: crash, hang, garbage, unreadable, illegal, huge-line, chatty,
closed-input. Until then it plays the first legal move, but bids rather than pass, so that
every deal is played.
"""

import os
import sys
import time

KIND = sys.argv[1]
AT = 3  # the move of each game at which it misbehaves


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def first(words: list[str]) -> str:
    word = words[0]
    if ".." in word:
        return word.split("..")[0]
    if "of:" in word:
        verb, rest = word.split(":", 1)
        count, cards = rest.split("of:")
        return verb + ":" + ",".join(cards.split(",")[: int(count)])
    return word


def misbehave(legal: list[str]) -> None:
    if KIND == "crash":
        sys.stderr.write("hostile bot: boom\n")
        sys.stderr.flush()
        sys.exit(3)
    if KIND == "hang":
        time.sleep(3600)
    if KIND == "garbage":
        say("hello, is this the right table?")
    elif KIND == "unreadable":
        say("move ZZ")
    elif KIND == "illegal":
        say("move exchange-dix")  # never legal in pinochlerun
    elif KIND == "huge-line":
        sys.stdout.write("info " + "x" * 100_000)
        sys.stdout.flush()
        time.sleep(3600)
    elif KIND == "chatty":
        for _ in range(2000):
            say("info " + "y" * 1000)
        time.sleep(3600)


def main() -> None:
    moves = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "pinochle":
            say("id name hostile " + KIND)
            if KIND == "closed-input":
                sys.stdin.close()
                os.close(0)
                say("ready")
                time.sleep(3600)
            say("ready")
        elif words[0] == "newgame":
            moves = 0
        elif words[0] == "go":
            moves += 1
            if moves == AT:
                misbehave(words[2:])
            else:
                legal = words[2:]
                say("move " + first(legal[1:] if legal[0] == "p" and len(legal) > 1 else legal))
        elif words[0] == "quit":
            return


main()
