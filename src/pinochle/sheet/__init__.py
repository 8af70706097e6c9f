"""The score keeper: a sheet of settled hands and running totals (rules/settlement, rules/game-end).

A `ScoreSheet` records what the people at a table know about each hand (who bid, the bid,
each side's meld and trick points), settles it with `settle_hand`, keeps the running totals
and says when the game is won (`game_end`). It is immutable: `ScoreSheet.record` and
`ScoreSheet.undo` return new sheets. Its JSON form stores only the recorded facts; loading
replays them, so totals are always recomputed and a hand-edited file is checked hand by hand.

Every public name is here; the package's private modules hold the parts, each importing
only those before it: ``_facts`` (a hand's facts and the checks on them), ``_model`` (the
sheet: recording, undoing, the totals and the game's end), ``_document`` (the JSON
document, written and read back) and ``_storage`` (files: atomic writes and the lock of
`update_file`). The model reaches the last two only when one of its conversions is called.
"""

from pinochle.errors import SheetError
from pinochle.sheet._document import FORMAT, MAX_PROBLEMS, VERSION
from pinochle.sheet._facts import MAX_NUMBER, HandRecord
from pinochle.sheet._model import ScoreSheet, SheetHand
from pinochle.sheet._model import _restore as _restore  # sheets pickled before the split
from pinochle.sheet._storage import update_file

__all__ = [
    "FORMAT",
    "MAX_NUMBER",
    "MAX_PROBLEMS",
    "VERSION",
    "HandRecord",
    "ScoreSheet",
    "SheetError",
    "SheetHand",
    "update_file",
]
