// The web table of `pinochle serve`: plain JavaScript, no build step, nothing from elsewhere.
//
// Everything here comes from the server's few endpoints (see the "Build your own front end"
// page of the docs): the person's view is the observation of their seat (the wire format)
// and the line that says why; the page draws the table from the observation itself, in
// HTML, so it fits a phone held upright as well as a desktop. An action goes back as its
// text ("bid 26", "trump ♥", "play A♥"). The page never holds another seat's hidden cards: with
// two people at one device it drops the table before the cover screen, and asks for the
// next person's view only once they have the device.
//
// Hints are off unless the person turns them on (the "Hints" box in the score bar; each
// person's choice is kept in this browser). The Hint button asks the server for the hint
// of that person's own decision, computed from their view alone, and raises the suggested
// card or marks the suggested button. After a hand, "Review this hand" asks for the
// person's decisions in it, each against the hint of that moment.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const SAVED = "pinochle.game";
  const HINTS = "pinochle.hints."; // + the person: "on" when that person turned hints on
  const SHOWN_BIDS = 5; // the smallest legal bid and the next few; any other is typed
  const SUITS = { "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades" };

  let setup = null; // GET /api/setup
  let game = null; // {game, people: [{person, name, token}]}
  let view = null; // the view of the person who has the device
  let covered = null; // the person the cover screen waits for
  let busy = false;
  let chosen = []; // the card elements chosen to pass or bury
  const seen = {}; // per person: results already shown, and the hand whose meld was shown

  // --- Talking to the server -------------------------------------------------------------

  async function request(method, path, { token, body, etag } = {}) {
    const headers = {};
    if (token) headers["X-Pinochle-Token"] = token;
    if (etag !== undefined) headers["If-Match"] = `"${etag}"`;
    let payload;
    if (typeof body === "string") {
      headers["Content-Type"] = "text/plain; charset=utf-8";
      payload = body;
    } else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const response = await fetch(path, { method, headers, body: payload, cache: "no-store" });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(data.error || `the server answered ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  const personPath = (person) => `/api/games/${game.game}/people/${person}`;
  const tokenOf = (person) => game.people.find((p) => p.person === person).token;
  const isPerson = (person) => game.people.some((p) => p.person === person);

  async function fetchView(person, note = "") {
    const fresh = await request("GET", personPath(person), { token: tokenOf(person) });
    show(fresh, note);
  }

  // An action's text to the actions endpoint; "let-stand" (renege.correction) has its own.
  const act = (text) => send("actions", text);
  const letStand = () => send("let-stand", "");

  async function send(endpoint, text) {
    if (busy || !view) return;
    busy = true;
    setState("busy");
    const person = view.person;
    try {
      const after = await request("POST", `${personPath(person)}/${endpoint}`, {
        token: tokenOf(person),
        body: text,
        etag: view.actions,
      });
      if (after.turn !== null && after.turn !== person && isPerson(after.turn)) {
        coverFor(after.turn); // two people: the device passes to the other one
      } else {
        show(after);
      }
    } catch (error) {
      try {
        await fetchView(person, error.message); // the game is unchanged: show it again
      } catch (again) {
        message(again.message);
      }
    } finally {
      busy = false;
      if (document.body.dataset.state === "busy") setState("ready");
    }
  }

  // --- Starting, resuming, passing the device ----------------------------------------------

  async function start() {
    setup = await request("GET", "/api/setup");
    fillSetup();
    const saved = localStorage.getItem(SAVED);
    if (saved) {
      try {
        game = JSON.parse(saved);
        await resume();
        return;
      } catch (error) {
        localStorage.removeItem(SAVED); // a finished or forgotten game: start another
        game = null;
      }
    }
    showSetup();
  }

  async function resume() {
    const first = game.people[0].person;
    const firstView = await request("GET", personPath(first), { token: tokenOf(first) });
    const turn = firstView.turn;
    for (const p of game.people) seen[p.person] = undefined;
    if (game.people.length > 1 && turn !== null && turn !== first) coverFor(turn);
    else if (game.people.length > 1) coverFor(first);
    else show(firstView);
  }

  async function newGame(settings) {
    const created = await request("POST", "/api/games", { body: settings });
    game = { game: created.game, people: created.people };
    localStorage.setItem(SAVED, JSON.stringify(game));
    for (const p of game.people) seen[p.person] = { results: 0, meld: -1 };
    $("setup").hidden = true;
    const first = created.turn ?? game.people[0].person;
    if (game.people.length > 1) coverFor(first);
    else await fetchView(first);
  }

  function coverFor(person) {
    // Nothing of the last person's hand stays on the page under the cover.
    view = null;
    covered = person;
    $("table").replaceChildren();
    $("panel").replaceChildren();
    $("why").textContent = "";
    hintLine("");
    const name = game.people.find((p) => p.person === person).name;
    $("cover-text").textContent = `Pass the device to ${name}.`;
    $("cover-go").textContent = `I'm ${name}: show my cards`;
    $("cover").hidden = false;
    setState("cover");
    $("cover-go").focus();
  }

  $("cover-go").addEventListener("click", async () => {
    if (covered === null) return;
    const person = covered;
    covered = null;
    $("cover").hidden = true;
    try {
      await fetchView(person);
    } catch (error) {
      message(error.message);
    }
  });

  function fillSetup() {
    $("setup-title-line").textContent = `${setup.variant}: ${setup.title}`;
    const variants = $("setup-variant");
    variants.replaceChildren(...setup.variants.map((name) => new Option(name, name)));
    variants.value = setup.variant;
    const levels = $("setup-level");
    levels.replaceChildren(...setup.levels.map((name) => new Option(capital(name), name)));
    levels.value = setup.level;
    for (const radio of document.querySelectorAll("input[name=players]")) {
      radio.checked = Number(radio.value) === setup.players;
    }
  }

  function showSetup() {
    view = null;
    $("table").replaceChildren();
    $("panel").replaceChildren();
    $("why").textContent = "";
    hintLine("");
    $("setup").hidden = false;
    setState("setup");
    $("start").focus();
  }

  $("setup-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    try {
      await newGame({
        variant: form.get("variant"),
        level: form.get("level"),
        players: Number(form.get("players")),
      });
    } catch (error) {
      message(error.message);
    }
  });

  // --- Showing a view ----------------------------------------------------------------------

  function show(fresh, note = "") {
    view = fresh;
    chosen = [];
    const obs = view.observation;
    if (seen[view.person] === undefined) {
      seen[view.person] = { results: obs ? obs.results.length : 0, meld: -1 };
    }
    const stage = !obs ? "sit-out" : pendingResult() ? "over" : meldToShow(obs) ? "meld" : "play";
    scoreBar();
    if (obs) drawTable(obs, stage);
    else $("table").replaceChildren();
    $("why").textContent = whyLine(obs, stage);
    hintLine("");
    delete document.body.dataset.review;
    document.body.dataset.phase = obs ? obs.phase : "sit-out";
    document.body.dataset.stage = stage;
    panel();
    message(note);
    const over = obs && obs.phase === "game over" && !pendingResult();
    setState(over ? "over" : "ready");
    const first = choices()[0];
    if (first) first.focus({ preventScroll: true });
  }

  // The line above the table: the server's "why" while the game goes on; while a finished
  // hand or everyone's meld is shown, what that stage is (no card may be played then).
  function whyLine(obs, stage) {
    if (stage === "play" && view.correction) {
      const cards = corrections(obs);
      const fixes = cards.length > 1 ? `${cards.slice(0, -1).join(", ")} or ${cards[cards.length - 1]}` : cards[0];
      return `Your ${renegeCard(obs)} is a renege: play ${fixes} instead before the trick closes, or let it stand.`;
    }
    if (stage === "over") {
      const result = obs.results[obs.results.length - 1];
      const line = result.sides
        .map((side, i) => `${view.sides[i]} ${side.score >= 0 ? "+" : ""}${side.score}`)
        .join(", ");
      const next = obs.phase === "game over" ? "See who won" : "Next hand";
      return `Hand ${obs.results.length} is over: ${line}. Press ${next} to go on.`;
    }
    if (stage === "meld") return "Everyone's meld is shown: press Play the hand to start the play.";
    return view.why;
  }

  function scoreBar() {
    const obs = view.observation;
    const bar = $("scorebar");
    bar.replaceChildren();
    if (!obs) return;
    const meld = view.sides.map(() => 0);
    let melded = false;
    const finished = pendingResult() ? obs.results[obs.results.length - 1] : null;
    if (finished) {
      view.sides.forEach((_, side) => {
        meld[side] = finished.sides[side].meld;
      });
      melded = true;
    } else obs.melds.forEach((found, seat) => {
      if (found) {
        meld[view.side_of[obs.persons[seat]]] += found.total;
        melded = true;
      }
    });
    if (!finished) {
      obs.shown.forEach((declared, seat) => {
        for (const item of declared) {
          meld[view.side_of[obs.persons[seat]]] += item.points;
          melded = true;
        }
      });
    }
    const points = finished ? finished.sides.map((side) => side.points) : obs.points;
    view.sides.forEach((label, side) => {
      const box = element("span", `side${side === view.side ? " mine" : ""}`);
      box.dataset.side = side;
      box.append(`${label}${side === view.side ? " (you)" : ""} `);
      box.append(element("span", "total", String(obs.scores[side])));
      if (melded || points.some((p) => p)) {
        box.append(element("span", "detail", ` · meld ${meld[side]} · points ${points[side]}`));
      }
      bar.append(box);
    });
    const goal = obs.target === null ? "no target" : `game to ${obs.target}`;
    const hand = finished ? `Hand ${obs.results.length} over` : `Hand ${obs.hand_number + 1}`;
    bar.append(element("span", "detail", `${hand} · ${goal}`));
    const toggle = document.createElement("input");
    toggle.type = "checkbox";
    toggle.id = "hints-toggle";
    toggle.checked = hintsOn();
    toggle.addEventListener("change", () => {
      localStorage.setItem(HINTS + view.person, toggle.checked ? "on" : "off");
      hintButton();
    });
    const label = element("label", "hints-switch");
    label.append(toggle, " Hints");
    label.title = "Show a Hint button at your decisions";
    bar.append(label);
    const again = button("New game", showSetup);
    again.id = "new-game";
    again.removeAttribute("data-choice");
    bar.append(again);
  }

  function pendingResult() {
    const obs = view.observation;
    return obs && obs.results.length > seen[view.person].results;
  }

  function panel() {
    const box = $("panel");
    box.replaceChildren();
    const obs = view.observation;
    if (!obs) {
      box.append(paragraph("You sit out this hand."));
      return;
    }
    if (pendingResult()) return resultPanel(box, obs);
    if (obs.phase === "game over") return overPanel(box, obs);
    if (meldToShow(obs)) return meldPanel(box, obs);
    if (view.turn !== view.person) {
      box.append(paragraph("Waiting for the other players."));
      return;
    }
    const legal = obs.legal_actions;
    if (view.correction) return correctionPanel(box, obs);
    if (obs.phase === "auction") bidPanel(box, obs, legal);
    else if (obs.phase === "trump") trumpPanel(box, obs, legal);
    else if (obs.phase === "call") callPanel(box, obs, legal);
    else if (obs.phase === "share") sharePanel(box, obs, legal);
    else if (!Array.isArray(legal) && legal.choose !== undefined) cardsPanel(box, obs, legal);
    else if (obs.phase === "tricks") trickPanel(box, obs);
    else actionsPanel(box, legal);
    hintButton();
  }

  function nameOf(seat) {
    const obs = view.observation;
    return seat === obs.seat ? "You" : view.names[obs.persons[seat]];
  }

  function resultPanel(box, obs) {
    const result = obs.results[obs.results.length - 1];
    box.append(heading(`Hand ${obs.results.length} is over`));
    box.append(paragraph(result.reason));
    const line = result.sides
      .map((side, i) => `${view.sides[i]} ${side.score >= 0 ? "+" : ""}${side.score}`)
      .join(" · ");
    box.append(paragraph(`This hand: ${line}. Scores: ${scoresText(obs.scores)}.`));
    const next = obs.phase === "game over" ? "See who won" : "Next hand";
    const go = button(next, () => {
      seen[view.person].results = obs.results.length;
      show(view);
    }, "primary");
    go.id = "next-hand";
    const buttons = [go];
    if (view.last_hand) {
      const hand = view.last_hand;
      const look = button("Review this hand", () => reviewHand(hand, look));
      look.id = "review-hand";
      look.removeAttribute("data-choice");
      buttons.push(look);
    }
    box.append(row(...buttons));
  }

  function overPanel(box, obs) {
    const winner = obs.winner;
    box.append(heading(`Game over: ${view.sides[winner]} won.`));
    let verdict = winner === view.side ? "You win!" : "You lose.";
    if (game.people.length > 1) {
      const won = game.people.filter((p) => view.side_of[p.person] === winner);
      verdict = won.length ? `${won[0].name} wins!` : "You both lose.";
    }
    box.append(paragraph(`${verdict} Scores: ${scoresText(obs.scores)}.`));
    const again = button("Play again", showSetup, "primary");
    again.id = "play-again";
    box.append(row(again));
    localStorage.removeItem(SAVED);
  }

  function meldToShow(obs) {
    const shown = obs.melds.some((m) => m);
    const first = obs.tricks.length === 0 && obs.phase === "tricks";
    return shown && first && seen[view.person].meld !== obs.hand_number;
  }

  function meldPanel(box, obs) {
    box.append(heading("Everyone's meld"));
    obs.melds.forEach((found, seat) => {
      if (!found) return;
      const items = found.items.map((i) => `${i.name} ${i.cards.join(" ")} (${i.points})`);
      const line = paragraph(`${nameOf(seat)}: ${found.total}${items.length ? " · " : ""}${items.join(", ")}`);
      line.className = "meld-seat";
      line.dataset.seat = seat;
      box.append(line);
    });
    const go = button("Play the hand", () => {
      seen[view.person].meld = obs.hand_number;
      show(view);
    }, "primary");
    go.id = "play-hand";
    box.append(row(go));
  }

  function bidPanel(box, obs, legal) {
    const calls = obs.auction.map(([seat, call]) => `${nameOf(seat)} ${call.replace("bid ", "")}`);
    box.append(paragraph(`Bids so far: ${calls.length ? calls.join(", ") : "none yet"}.`));
    const melds = Object.entries(view.meld_by_trump).map(([suit, total]) => `${suit} ${total}`);
    if (melds.length) box.append(paragraph(`Your meld with each suit as trump: ${melds.join(" · ")}`));
    const { pass, amounts, more } = bids(legal);
    const buttons = [];
    if (pass) buttons.push(actionButton("pass", "Pass"));
    for (const amount of amounts) buttons.push(actionButton(`bid ${amount}`, `Bid ${amount}`));
    box.append(row(...buttons));
    if (more) {
      const input = document.createElement("input");
      input.type = "number";
      input.id = "other-bid";
      input.min = String(amounts[amounts.length - 1] + 1);
      input.setAttribute("aria-label", "A higher bid");
      const higher = button("Bid", () => input.value && act(`bid ${Math.trunc(Number(input.value))}`));
      higher.id = "other-bid-go";
      box.append(row(document.createTextNode("Or a higher bid: "), input, higher));
    }
  }

  function bids(legal) {
    if (Array.isArray(legal)) {
      const amounts = legal.filter((a) => a.startsWith("bid ")).map((a) => Number(a.slice(4)));
      return { pass: legal.includes("pass"), amounts: amounts.slice(0, SHOWN_BIDS), more: amounts.length > SHOWN_BIDS };
    }
    const amounts = [];
    let total = 0;
    for (const [first, stop, step] of legal.bids) {
      total += Math.max(0, Math.ceil((stop - first) / step));
      for (let a = first; a < stop && amounts.length < SHOWN_BIDS; a += step) amounts.push(a);
    }
    return { pass: legal.pass, amounts, more: total > amounts.length };
  }

  function trumpPanel(box, obs, legal) {
    box.append(paragraph(`You won the bid at ${obs.bid}. Name trump:`));
    const buttons = legal.map((text) => {
      const suit = text.replace("trump ", "");
      const meld = view.meld_by_trump[suit];
      const label = SUITS[suit] ? `${suit} ${SUITS[suit]} · meld ${meld}` : capital(text);
      return actionButton(text, label);
    });
    box.append(row(...buttons));
  }

  function cardsPanel(box, obs, legal) {
    const verb = legal.as === "bury" ? "bury" : "pass-cards";
    const what = legal.as === "bury" ? "Bury" : obs.phase === "return" ? "Return" : "Pass";
    if (obs.passed_to_me.length) {
      box.append(paragraph(`Your partner passed you ${obs.passed_to_me.join(" ")}.`));
    }
    const count = paragraph("");
    const confirm = button(what, () => {
      const cards = chosen.map((el) => el.dataset.card);
      act(`${verb} ${cards.join(" ")}`);
    }, "primary");
    confirm.id = "confirm-cards";
    const update = () => {
      count.textContent = `Choose ${legal.choose} card${legal.choose === 1 ? "" : "s"}: ${chosen.length} chosen.`;
      confirm.disabled = chosen.length !== legal.choose;
      confirm.textContent = `${what} ${chosen.map((el) => el.dataset.card).join(" ") || "…"}`;
    };
    const left = {};
    for (const card of legal.from) left[card] = (left[card] || 0) + 1;
    for (const el of handCards()) {
      const card = el.dataset.card;
      if (!left[card]) continue;
      left[card] -= 1;
      makeChoice(el, `Choose ${card}`, () => {
        const at = chosen.indexOf(el);
        if (at >= 0) chosen.splice(at, 1);
        else if (chosen.length < legal.choose) chosen.push(el);
        el.classList.toggle("chosen", chosen.includes(el));
        update();
      });
    }
    update();
    box.append(count, row(confirm));
  }

  function trickPanel(box, obs) {
    const last = obs.tricks[obs.tricks.length - 1];
    if (last) {
      const plays = last.plays.map(([seat, card]) => `${nameOf(seat)} ${card}`).join(" · ");
      box.append(paragraph(`Last trick: ${plays} → ${nameOf(last.winner)} won ${last.points}.`));
    }
    box.append(paragraph(`Trick ${obs.tricks.length + 1}: your card.`));
    // renege.accept (a live table's referee): a card against the duty is played as a renege.
    const accept = obs.variant.renege.accept;
    for (const el of handCards()) {
      const card = el.dataset.card;
      if (el.dataset.legal === "true") makeChoice(el, `Play ${card}`, () => act(`play ${card}`));
      else if (accept) makeChoice(el, `Play ${card} (a renege)`, () => act(`play ${card}`));
    }
    if (!accept) return;
    box.append(paragraph("A card that does not stand up is played as a renege."));
    const calls = obs.legal_actions.filter((text) => text.startsWith("call renege "));
    if (calls.length) {
      const on = (text) => `Call a renege on ${nameOf(Number(text.slice(12)))}`;
      box.append(row(...calls.map((text) => actionButton(text, on(text)))));
    }
  }

  // renege.correction: the person's card in the open trick is a renege, and the computer
  // players wait: play a legal card instead (the cards that stand up), or let it stand.
  function renegeCard(obs) {
    const mine = obs.trick.find(([seat]) => seat === obs.seat);
    return mine ? mine[1] : "";
  }

  function corrections(obs) {
    const prefix = `correct renege ${obs.seat} `;
    const texts = Array.isArray(obs.legal_actions) ? obs.legal_actions : [];
    return texts.filter((text) => text.startsWith(prefix)).map((text) => text.slice(prefix.length));
  }

  function correctionPanel(box, obs) {
    box.append(heading("A renege"));
    box.append(paragraph(
      `Your ${renegeCard(obs)} does not meet the duty of this trick. You may take it back ` +
      "before the trick closes: choose a card that stands up to play instead (the cards " +
      "played after yours go back, and their players play again), or let the renege stand.",
    ));
    for (const el of handCards()) {
      const card = el.dataset.card;
      if (el.dataset.legal !== "true") continue;
      makeChoice(el, `Play ${card} instead`, () => act(`correct renege ${obs.seat} ${card}`));
    }
    const stand = button("Let it stand", letStand);
    stand.id = "let-stand";
    box.append(row(stand));
  }

  // Five hands (deal.partner): the bidder calls a trump card ("called"), or asks for any
  // card ("asked"); one button per card the legal actions offer, a row per suit.
  function callPanel(box, obs, legal) {
    const asked = obs.variant.deal.partner === "asked";
    box.append(paragraph(asked
      ? "Ask for a card: the first player from your right who holds a copy is your partner for this hand, and everyone learns who it is."
      : "Call a trump card: the first other player to play a copy of it is your partner for this hand; nobody knows who until it is played."));
    box.append(paragraph("If you hold every copy of the card you choose, you play alone."));
    const held = {};
    for (const card of obs.hand) held[card] = (held[card] || 0) + 1;
    const bySuit = {};
    for (const text of legal) {
      const card = text.replace("call ", "");
      (bySuit[card.slice(-1)] = bySuit[card.slice(-1)] || []).push([text, card]);
    }
    for (const suit of Object.keys(bySuit)) {
      const buttons = bySuit[suit].map(([text, card]) => {
        const n = held[card] || 0;
        const b = actionButton(text, "");
        b.classList.add("call-card", SUITS[suit] || "");
        b.dataset.card = card;
        b.append(element("span", "rank", card));
        if (n) b.append(element("span", "held", `you hold ${n}`));
        b.setAttribute("aria-label", `${asked ? "Ask for" : "Call"} ${card}${n ? ` (you hold ${n})` : ""}`);
        return b;
      });
      const line = row(...buttons);
      line.classList.add("calls");
      box.append(line);
    }
  }

  // kitty.share: the bidder keeps one kitty card and gives one to each other player, from
  // the left; the person picks them in that order, and the share goes as one action.
  function sharePanel(box, obs, legal) {
    const players = obs.hand_sizes.length;
    const kitty = obs.kitty;
    const whom = ["You keep"];
    for (let k = 1; k < players; k += 1) whom.push(`To ${nameOf((obs.seat + k) % players)}`);
    const picks = []; // indices into the kitty, in the order of `whom`
    box.append(paragraph(
      "Share the kitty: choose the card you keep, then one card for each other player, " +
      "from your left. Each of them sees only the card you give them.",
    ));
    const ask = paragraph("");
    ask.className = "share-next";
    const plan = element("ol", "share-plan");
    const faces = kitty.map((card, at) => {
      const b = button("", () => {
        if (picks.includes(at) || picks.length >= kitty.length) return;
        picks.push(at);
        update();
      });
      b.classList.add("call-card", SUITS[card.slice(-1)] || "");
      b.dataset.card = card;
      b.append(element("span", "rank", card));
      return b;
    });
    const confirm = button("Share", () => act(`share ${picks.map((at) => kitty[at]).join(" ")}`), "primary");
    confirm.id = "confirm-share";
    const again = button("Start again", () => {
      picks.length = 0;
      update();
    });
    again.id = "share-again";
    const update = () => {
      plan.replaceChildren(...whom.map((label, i) => {
        const item = element("li", "", `${label}: ${i < picks.length ? kitty[picks[i]] : "…"}`);
        if (i === picks.length) item.classList.add("next");
        return item;
      }));
      faces.forEach((b, at) => {
        b.disabled = picks.includes(at);
        b.setAttribute("aria-label", `${picks.length < whom.length ? whom[picks.length] : "Give"} ${kitty[at]}`);
      });
      const done = picks.length === kitty.length;
      ask.textContent = done
        ? "Press Share to give the cards."
        : picks.length === 0
          ? "Choose the card you keep."
          : `Choose the card for ${whom[picks.length].slice(3)}.`;
      confirm.disabled = !done || !legal.includes(`share ${picks.map((at) => kitty[at]).join(" ")}`);
      again.disabled = !picks.length;
    };
    const line = row(...faces);
    line.classList.add("calls");
    update();
    box.append(ask, line, plan, row(confirm, again));
  }

  function actionsPanel(box, legal) {
    const texts = Array.isArray(legal) ? legal : [];
    box.append(row(...texts.map((text) => actionButton(text, capital(text)))));
  }

  // --- Drawing the table ---------------------------------------------------------------------
  //
  // The page draws the table itself, in HTML, from the seat's observation (the view's `svg`
  // is the same table as one picture, for other front ends), so it can fit any screen: the
  // other seats in a row, the auction, the trick and the kitty in the middle, your meld and
  // your hand full width along the bottom, the hand in two or three rows when one row would
  // make the cards too small to read or to tap. The stage says what is shown:
  //   "play": the game as it stands;
  //   "meld": everyone's meld before the first trick (no card may be played yet);
  //   "over": a hand just ended: that hand's last trick, not the next hand's deal.

  const PLACES = {
    2: ["bottom", "top"],
    3: ["bottom", "left", "right"],
    4: ["bottom", "left", "top", "right"],
  };
  const AROUND = ["left", "top", "right"]; // the other seats, left to right
  const SHOWN_CALLS = 8; // the auction's last few calls
  const CARD = { least: 44, most: 84 }; // a hand card's width in CSS px: its bounds

  function drawTable(obs, stage) {
    const players = obs.hand_sizes.length;
    const over = stage === "over";
    const felt = element("div", "felt");
    felt.dataset.stage = stage;
    felt.dataset.hand = String(over ? obs.results.length : obs.hand_number + 1);
    felt.append(infoLine(obs, over));
    const others = element("div", "others");
    others.style.setProperty("--others", String(players - 1));
    const places = PLACES[players];
    const around = [];
    for (let seat = 0; seat < players; seat += 1) {
      if (seat === obs.seat) continue;
      // Five or more seats (six- and eight-hand tables) sit in one row across the top, in
      // playing order from the left: place "around-k", k counted to the left.
      const from = (seat - obs.seat + players) % players;
      const place = places ? places[from] : `around-${from}`;
      around.push([places ? AROUND.indexOf(place) : from, seat, place]);
    }
    around.sort((a, b) => a[0] - b[0]);
    for (const [, seat, place] of around) others.append(otherSeat(obs, seat, place, over));
    const middle = element("div", "middle");
    const parts = over
      ? [trickBox(obs, true)]
      : [auctionBox(obs), trickBox(obs, false), extrasBox(obs)];
    middle.append(...parts.filter(Boolean));
    felt.append(others, middle, mySeat(obs, stage));
    $("table").replaceChildren(felt);
    fitCards();
  }

  function infoLine(obs, over) {
    if (over) {
      const result = obs.results[obs.results.length - 1];
      return element("p", "info", `Hand ${obs.results.length} is over · ${result.reason}`);
    }
    const parts = [obs.trump ? `Trump ${obs.trump}` : "Trump not named"];
    if (obs.bidder !== null) parts.push(`Bid ${obs.bid} by ${nameOf(obs.bidder)}`);
    parts.push(`Hand ${obs.hand_number + 1} · ${obs.phase}`);
    return element("p", "info", parts.join(" · "));
  }

  // The seat the table waits for: while a person is asked to correct a renege, that
  // person (the engine's next seat waits too).
  function acting(obs, seat) {
    if (obs.phase === "game over") return false;
    return view.correction ? seat === obs.seat : seat === obs.to_act;
  }

  function seatLine(obs, seat, over) {
    const marks = [nameOf(seat)];
    if (over) return marks[0];
    if (seat === obs.dealer) marks.push("dealer");
    if (seat === obs.bidder) marks.push(`bid ${obs.bid}`);
    // Five hands: the bidder's partner, once known (absent from the document before).
    if (obs.partner !== undefined && obs.partner !== null && seat === obs.partner) {
      marks.push("partner");
    }
    if (acting(obs, seat)) marks.push("to act");
    return marks.join(" · ");
  }

  function otherSeat(obs, seat, place, over) {
    const box = element("div", "seat");
    box.dataset.seat = String(seat);
    box.dataset.place = place;
    const who = element("div", "who", seatLine(obs, seat, over));
    if (!over && acting(obs, seat)) who.classList.add("to-act");
    box.append(who);
    if (!over) {
      const size = obs.hand_sizes[seat];
      box.append(element("div", "count", `${size} card${size === 1 ? "" : "s"}`));
      const meld = meldBox(obs, seat);
      if (meld) box.append(meld);
    }
    return box;
  }

  function mySeat(obs, stage) {
    const box = element("div", "seat mine");
    box.dataset.seat = String(obs.seat);
    const over = stage === "over";
    const who = element("div", "who", seatLine(obs, obs.seat, over));
    if (!over && acting(obs, obs.seat)) who.classList.add("to-act");
    box.append(who);
    if (!over) {
      const meld = meldBox(obs, obs.seat);
      if (meld) box.append(meld);
    }
    const hand = element("div", "hand");
    hand.dataset.seat = String(obs.seat);
    // Cards stand up as legal plays only while they may be played: not under everyone's
    // meld, not under a finished hand's result.
    const legal = new Set();
    if (stage === "play" && view.correction) {
      for (const card of corrections(obs)) legal.add(card); // renege.correction
    } else if (stage === "play" && Array.isArray(obs.legal_actions)) {
      for (const text of obs.legal_actions) if (text.startsWith("play ")) legal.add(text.slice(5));
    }
    if (over) {
      box.append(element("p", "caption", `Hand ${obs.results.length} is over: no card to play.`));
      return box; // the next hand's cards wait for the person to go on
    }
    for (const card of obs.hand) hand.append(cardFace(card, obs.trump, legal.has(card)));
    box.append(hand);
    return box;
  }

  // A seat's meld as it stands: once play starts, only its cards still in the hand.
  function meldBox(obs, seat) {
    let points = null;
    let cards = [];
    const found = obs.melds[seat];
    if (found) {
      points = found.total;
      cards = without(meldCards(found), playedBy(obs, seat));
    } else if (obs.table.length && obs.table[seat].length) {
      points = obs.shown.length ? obs.shown[seat].reduce((sum, item) => sum + item.points, 0) : 0;
      cards = obs.table[seat]; // two-hand: the melded cards lying face up
    }
    if (points === null) return null;
    const box = element("div", "meld");
    box.dataset.seat = String(seat);
    box.dataset.points = String(points);
    box.append(element("span", "meld-label", `meld ${points}`));
    const row = element("div", "cards");
    for (const card of cards) row.append(cardFace(card, obs.trump, false, "mini"));
    box.append(row);
    return box;
  }

  // The physical cards a meld uses: per card, the most copies any one type of meld uses
  // (a card serves in melds of different types, once within a type; `Meld.cards`).
  function meldCards(found) {
    const byType = {};
    for (const item of found.items) {
      const counts = (byType[item.type] = byType[item.type] || {});
      for (const card of item.cards) counts[card] = (counts[card] || 0) + 1;
    }
    const needed = {};
    for (const counts of Object.values(byType)) {
      for (const [card, n] of Object.entries(counts)) needed[card] = Math.max(needed[card] || 0, n);
    }
    return Object.entries(needed).flatMap(([card, n]) => Array(n).fill(card));
  }

  function playedBy(obs, seat) {
    const plays = [...obs.tricks.flatMap((t) => t.plays), ...obs.trick];
    return plays.filter(([who]) => who === seat).map(([, card]) => card);
  }

  function without(cards, gone) {
    const left = [...gone];
    return cards.filter((card) => {
      const at = left.indexOf(card);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
  }

  function auctionBox(obs) {
    if (!obs.auction.length && obs.phase !== "auction") return null; // no auction at this table
    const box = element("div", "auction");
    box.dataset.bids = String(obs.auction.length);
    box.append(element("h3", "label", "Auction"));
    const list = element("ol", "bids");
    const calls = obs.auction.slice(-SHOWN_CALLS);
    if (calls.length < obs.auction.length) list.append(element("li", "caption", "…"));
    for (const [seat, call] of calls) {
      list.append(element("li", "bid", `${nameOf(seat)}: ${call.replace("bid ", "")}`));
    }
    if (!obs.auction.length) list.append(element("li", "caption", "no bids yet"));
    box.append(list);
    return box;
  }

  // The trick under way; between tricks the last one; after a hand, that hand's last trick.
  function trickBox(obs, over) {
    const done = over ? finishedTricks(obs) : obs.tricks;
    const last = done[done.length - 1];
    let plays = over ? [] : obs.trick;
    let winner = null;
    let caption = "";
    if (plays.length) {
      caption = `Trick ${obs.tricks.length + 1}`;
    } else if (last) {
      plays = last.plays;
      winner = last.winner;
      const whose = over ? `Hand ${obs.results.length}'s last trick` : "Last trick";
      caption = `${whose}: ${nameOf(winner)} won ${last.points}`;
    } else if (over) {
      caption = "No trick was played this hand.";
    } else if (obs.phase === "tricks") {
      caption = "No card led yet";
    } else {
      return null;
    }
    const box = element("div", plays.length && winner === null ? "trick" : "trick last-trick");
    if (winner !== null) box.dataset.winner = String(winner);
    box.append(element("p", "caption", caption));
    const row = element("div", "plays");
    plays.forEach(([seat, card], order) => {
      const play = element("div", "play");
      play.dataset.seat = String(seat);
      play.dataset.order = String(order);
      const marks = [nameOf(seat)];
      if (order === 0) marks.push("led");
      if (seat === winner) marks.push("won");
      play.append(cardFace(card, over ? null : obs.trump), element("span", "trick-label", marks.join(" · ")));
      row.append(play);
    });
    box.append(row);
    return box;
  }

  // The tricks of the hand just finished: at the end of the game they are still the hand's
  // own; otherwise the next hand is dealt and they are its `last_tricks`.
  function finishedTricks(obs) {
    return obs.phase === "game over" ? obs.tricks : obs.last_tricks;
  }

  function extrasBox(obs) {
    const rows = [];
    // `names`: a caption under each card (whom a shared kitty card went to).
    const add = (cls, label, cards, names = []) => {
      const row = element("div", `extra ${cls}`);
      row.append(element("span", "label", label));
      const faces = element("div", "cards");
      cards.forEach((card, i) => {
        const face = cardFace(card, obs.trump, false, "mini");
        if (!names[i]) return faces.append(face);
        const given = element("span", "given");
        given.append(face, element("span", "to", names[i]));
        faces.append(given);
      });
      row.append(faces);
      rows.push(row);
    };
    if (obs.turn_up !== null) add("turn-up", `Turn-up · stock ${obs.stock_size}`, [obs.turn_up]);
    else if (obs.stock_size) rows.push(element("div", "extra stock", `Stock ${obs.stock_size}`));
    else if (obs.turned_up !== null) add("turned-up", "Turned up", [obs.turned_up]);
    if (obs.kitty.length) add("kitty", "Kitty", obs.kitty);
    if (obs.buried.length) add("buried", "You buried", obs.buried);
    if (obs.passed_by_me.length) add("passed-by-me", "You passed", obs.passed_by_me);
    if (obs.passed_to_me.length) add("passed-to-me", "Passed to you", obs.passed_to_me);
    // kitty.share (absent from the document unless set): the kitty cards given out.
    const sharedTo = obs.shared_to_me || [];
    const sharedBy = obs.shared_by_me || [];
    if (sharedTo.length) add("shared-to-me", `${nameOf(obs.bidder)} gave you from the kitty`, sharedTo);
    if (sharedBy.length) {
      const players = obs.hand_sizes.length;
      const to = sharedBy.map((_, i) => nameOf((obs.seat + 1 + i) % players));
      add("shared-by-me", "You gave from the kitty", sharedBy, to);
    }
    if (!rows.length) return null;
    const box = element("div", "extras");
    box.append(...rows);
    return box;
  }

  function cardFace(card, trump, legal = false, size = "") {
    const suit = card.slice(-1);
    const rank = card.slice(0, -1);
    const classes = ["card", SUITS[suit] || ""];
    if (legal) classes.push("legal");
    if (suit === trump) classes.push("trump");
    if (size) classes.push(size);
    const el = element("div", classes.filter(Boolean).join(" "));
    el.dataset.card = card;
    if (legal) el.dataset.legal = "true";
    if (suit === trump) el.dataset.trump = "true";
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", card);
    el.append(element("span", "rank", rank), element("span", "suit", suit));
    if (size !== "mini") el.append(element("span", "pip", suit));
    return el;
  }

  // The hand fills the table's width: as many cards to a row as fit at a readable, tappable
  // width, the rows evened out, each card as wide as the row allows (up to CARD.most).
  function fitCards() {
    for (const hand of document.querySelectorAll("#table .hand")) {
      const count = hand.querySelectorAll(".card").length;
      const room = hand.clientWidth;
      if (!count || !room) continue;
      const gap = room < 600 ? 4 : 6; // a phone spares every pixel for the cards
      let perRow = Math.max(1, Math.floor((room + gap) / (CARD.least + gap)));
      const rows = Math.ceil(count / perRow);
      perRow = Math.ceil(count / rows);
      const width = Math.min(CARD.most, Math.floor((room - gap * (perRow - 1)) / perRow));
      hand.style.setProperty("--per-row", String(perRow));
      hand.style.setProperty("--card-w", `${width}px`);
      hand.style.setProperty("--gap", `${gap}px`);
    }
  }

  window.addEventListener("resize", fitCards);

  // --- Hints and the review of a hand --------------------------------------------------------

  function hintsOn() {
    return Boolean(view) && localStorage.getItem(HINTS + view.person) === "on";
  }

  function hintLine(text) {
    $("hint-line").textContent = text;
    if (!text) delete document.body.dataset.hint;
  }

  // The Hint button stands at the end of the panel of a decision a hint values, while the
  // person has hints on; it is not one of the arrow keys' choices (Tab reaches it).
  function hintButton() {
    const old = $("hint");
    if (old) old.closest(".row").remove();
    if (!view || !hintsOn() || !view.hintable || view.turn !== view.person) return;
    if (pendingResult() || meldToShow(view.observation)) return;
    const ask = button("Hint", askHint);
    ask.id = "hint";
    ask.removeAttribute("data-choice");
    ask.title = "What the computer would choose from what you can see";
    $("panel").append(row(ask));
  }

  async function askHint() {
    if (!view || busy) return;
    const asked = view;
    const ask = $("hint");
    ask.disabled = true; // one question at a time
    document.body.dataset.hint = "pending";
    $("hint-line").textContent = "Thinking…";
    try {
      const found = await request("GET", `${personPath(asked.person)}/hint`, {
        token: tokenOf(asked.person),
        etag: asked.actions,
      });
      if (view !== asked) return; // the position moved on: this hint is of another one
      suggest(found.best);
      $("hint-line").textContent = found.text;
      document.body.dataset.hint = "shown";
    } catch (error) {
      if (view !== asked) return;
      hintLine("");
      document.body.dataset.hint = "error";
      message(error.message);
    } finally {
      ask.disabled = false;
    }
  }

  // Raise the suggested card(s), or mark the suggested button.
  function suggest(action) {
    for (const el of document.querySelectorAll(".suggested")) el.classList.remove("suggested");
    const [verb, ...rest] = action.split(" ");
    if (verb === "play" || verb === "pass-cards" || verb === "bury") {
      const left = [...rest];
      for (const el of handCards()) {
        const at = left.indexOf(el.dataset.card);
        if (at < 0 || el.dataset.choice === undefined) continue;
        left.splice(at, 1);
        el.classList.add("suggested");
      }
      return;
    }
    const shown = [...$("panel").querySelectorAll("button[data-action]")].find(
      (b) => b.dataset.action === action,
    );
    if (shown) return shown.classList.add("suggested");
    const other = $("other-bid");
    if (verb === "bid" && other) {
      other.value = rest[0]; // a bid above the buttons: typed in for the person
      $("other-bid-go").classList.add("suggested");
    }
  }

  async function reviewHand(hand, look) {
    const person = view.person;
    const box = element("div", "review");
    box.id = "review";
    box.setAttribute("aria-live", "polite");
    box.append(element("span", "spinner"), ` Reviewing hand ${hand}: this can take a while…`);
    look.closest(".row").after(box); // under the buttons: the game goes on beside it
    look.remove();
    document.body.dataset.review = "pending";
    try {
      const found = await request("GET", `${personPath(person)}/review/${hand}`, {
        token: tokenOf(person),
      });
      if (!box.isConnected) return; // the page has moved on
      const summary = element("p", "summary", capital(found.summary));
      const marked = found.decisions.filter((d) => d.mark);
      const list = element("ul", "marked");
      for (const d of marked) {
        const item = element("li", "", ` ${d.text}`);
        item.prepend(element("strong", "mark", d.mark));
        list.append(item);
      }
      const lost = Math.round(found.loss);
      const total = paragraph(
        marked.length
          ? `Expected points lost in this hand: about ${lost}.`
          : "No decision was marked ? or ??.",
      );
      box.replaceChildren(summary, ...(marked.length ? [list] : []), total);
      document.body.dataset.review = "shown";
    } catch (error) {
      if (!box.isConnected) return;
      box.replaceChildren(paragraph(`No review: ${error.message}`));
      document.body.dataset.review = "error";
    }
  }

  // --- Small helpers -----------------------------------------------------------------------

  function handCards() {
    const seat = view.observation.seat;
    return [...$("table").querySelectorAll(`.hand[data-seat="${seat}"] .card`)];
  }

  function makeChoice(el, label, choose) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", label);
    el.dataset.choice = "";
    el.addEventListener("click", choose);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        choose();
      }
    });
  }

  function choices() {
    return [...document.querySelectorAll("[data-choice]")].filter(
      (el) => !el.closest("[hidden]") && !el.disabled,
    );
  }

  // ← and → move along the cards and buttons (Tab does too); Enter chooses.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const all = choices();
    if (!all.length) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement);
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = at < 0 ? 0 : (at + step + all.length) % all.length;
    all[next].focus({ preventScroll: true });
  });

  function actionButton(text, label) {
    const b = button(label, () => act(text));
    b.dataset.action = text;
    return b;
  }

  function button(label, onClick, cls = "") {
    const b = element("button", cls, label);
    b.type = "button";
    b.dataset.choice = "";
    b.addEventListener("click", onClick);
    return b;
  }

  function element(tag, cls, text) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  const paragraph = (text) => element("p", "", text);
  const heading = (text) => element("h2", "", text);
  const row = (...children) => {
    const div = element("div", "row");
    div.append(...children);
    return div;
  };
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const scoresText = (scores) => scores.map((s, i) => `${view.sides[i]} ${s}`).join(", ");

  function message(text) {
    $("message").textContent = text || "";
  }

  function setState(state) {
    document.body.dataset.state = state;
  }

  start().catch((error) => {
    message(error.message);
    setState("error");
  });
})();
