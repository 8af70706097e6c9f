// A pinochle bot in JavaScript, speaking the bot protocol (docs/protocol.md) on standard
// input and output with node and nothing else. It passes in the auction when it may, and
// otherwise plays the first legal move the host lists.
//
//   pinochle arena --a "cmd:node examples/protocol_bot.js" --b medium --deals 100
"use strict";
const readline = require("readline");

// The first legal move of a "go" line as a move's token: a range of bids "25..60" is
// its first bid, a choice of cards "pass:4of:AS,TS,KS,QS,JS" its first cards.
function firstMove(word) {
  const range = word.match(/^(\d+)\.\./);
  if (range) return range[1];
  const choice = word.match(/^(\w+):(\d+)of:(.*)$/);
  if (choice) return choice[1] + ":" + choice[3].split(",").slice(0, Number(choice[2])).join(",");
  return word;
}

function answer(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "pinochle": // the host's handshake: say who we are, then that we are ready
      return ["id name first-legal.js", "id author the pinochle-rules examples", "ready"];
    case "go": { // our turn: "go MILLISECONDS LEGAL..."
      const legal = words.slice(2);
      return ["move " + (legal.includes("p") ? "p" : firstMove(legal[0]))];
    }
    case "quit":
      process.exit(0);
    default: // newgame, profile, newhand, seat, deal, played, seen, table, set: not needed
      return [];
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  for (const reply of answer(line)) process.stdout.write(reply + "\n");
});
lines.on("close", () => process.exit(0));
