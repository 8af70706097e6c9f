// The meld scorer, trick counter and score keeper of `pinochle serve` (seed 002's web tool):
// plain JavaScript, no build step, nothing from elsewhere. The pages compute nothing: every
// number comes from the server's endpoints (/api/meld, /api/count, /api/sheets; see the
// "Build your own front end" page of the docs), which use the library's own functions.
// A sheet changes only from the version the page last saw (If-Match with its ETag): when
// another tab or the command line changed it first, the server answers 412 and the page
// loads the sheet again, keeping what was typed.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const RED = new Set(["♦", "♥"]);
  const page = document.body.dataset.page;

  // --- Talking to the server -------------------------------------------------------------

  async function request(method, path, { body, etag } = {}) {
    const headers = {};
    if (etag !== undefined) headers["If-Match"] = `"${etag}"`;
    let payload;
    if (body !== undefined) {
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

  function say(text) {
    $("message").textContent = text || "";
  }

  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === "class") node.className = value;
      else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
      else node[key] = value;
    }
    node.append(...children.filter((child) => child !== null && child !== undefined));
    return node;
  }

  const suitOf = (card) => card.slice(-1);
  const cardClass = (card) => (RED.has(suitOf(card)) ? "red" : "");

  function setState(state) {
    document.body.dataset.state = state;
  }

  // The rules menu: the server's profile and the built-in ones (GET /api/setup).
  async function fillVariants() {
    const setup = await request("GET", "/api/setup");
    const select = $("variant");
    select.replaceChildren(...setup.variants.map((name) => new Option(name, name)));
    select.value = setup.variant;
  }

  function scaleChosen() {
    const checked = document.querySelector("input[name=scale]:checked");
    return checked ? Number(checked.value) : undefined;
  }

  function showScale(scale) {
    for (const radio of document.querySelectorAll("input[name=scale]")) {
      radio.checked = Number(radio.value) === scale;
    }
  }

  // A profile's facts (POST /api/rules); the page is busy meanwhile, and says a refusal.
  async function rulesOf(variant, scale) {
    setState("busy");
    try {
      return await request("POST", "/api/rules", { body: { variant, scale } });
    } catch (error) {
      say(error.message);
      throw error;
    } finally {
      setState("ready");
    }
  }

  // --- Tapping cards: the deck above, the hand (or pile) below ---------------------------

  class Picker {
    constructor(onChange) {
      this.cards = [];
      this.facts = null;
      this.onChange = onChange;
      $("clear").addEventListener("click", () => {
        this.cards = [];
        this.changed();
      });
    }

    // A new deck: keep the cards it has (a double deck has no nines), as many as it holds.
    setDeck(facts) {
      this.facts = facts;
      const kept = [];
      for (const card of this.cards) {
        const inDeck = facts.ranks.includes(card.slice(0, -1));
        if (inDeck && kept.filter((c) => c === card).length < facts.copies) kept.push(card);
      }
      this.cards = kept;
      this.render();
    }

    count(card) {
      return this.cards.filter((c) => c === card).length;
    }

    changed() {
      this.render();
      this.onChange();
    }

    render() {
      const facts = this.facts;
      const deck = $("deck");
      deck.dataset.ranks = String(facts.ranks.length);
      const buttons = [];
      for (const suit of facts.suits) {
        for (const rank of facts.ranks) {
          const card = rank + suit;
          const taken = this.count(card);
          const button = el(
            "button",
            {
              type: "button",
              class: cardClass(card),
              "data-card": card,
              "aria-label": `${card}: ${taken} of ${facts.copies} taken`,
              disabled: taken >= facts.copies,
            },
            card,
            el("span", { class: "taken" }, taken ? `${taken}` : ""),
          );
          button.addEventListener("click", () => {
            if (this.count(card) < facts.copies) {
              this.cards.push(card);
              this.changed();
            }
          });
          buttons.push(button);
        }
      }
      deck.replaceChildren(...buttons);
      const order = (card) =>
        facts.suits.indexOf(suitOf(card)) * 10 + facts.ranks.indexOf(card.slice(0, -1));
      const sorted = [...this.cards].sort((a, b) => order(a) - order(b));
      $("hand").replaceChildren(
        ...sorted.map((card) => {
          const button = el(
            "button",
            { type: "button", class: cardClass(card), "data-held": card, "aria-label": `take out ${card}` },
            card,
          );
          button.addEventListener("click", () => {
            this.cards.splice(this.cards.indexOf(card), 1);
            this.changed();
          });
          return button;
        }),
      );
      $("hand-count").textContent = `(${this.cards.length} ${this.cards.length === 1 ? "card" : "cards"})`;
    }
  }

  // Asks the server and shows its answer; the answer to an older request never overwrites a
  // newer one, and the page is "busy" (body[data-state]) until the newest one is shown.
  function latest(compute, render) {
    let asked = 0;
    let pending = 0;
    return async () => {
      const mine = ++asked;
      pending += 1;
      setState("busy");
      try {
        const answer = await compute();
        if (mine === asked) {
          say("");
          render(answer);
        }
      } catch (error) {
        if (mine === asked) say(error.message);
      } finally {
        pending -= 1;
        if (!pending) setState("ready");
      }
    };
  }

  // --- The meld scorer ---------------------------------------------------------------------

  async function meldPage() {
    let scale; // undefined: the profile's own
    let extras;
    const picker = new Picker(() => score());
    const trump = () => document.querySelector("input[name=trump]:checked").value || null;

    const score = latest(
      () =>
        request("POST", "/api/meld", {
          body: {
            variant: $("variant").value,
            scale,
            run_extras: extras,
            cards: picker.cards,
            trump: trump(),
          },
        }),
      (answer) => showMeld(answer),
    );

    function showMeld(answer) {
      showScale(answer.scale);
      $("run-extras").checked = answer.run_extras;
      $("run-extras").disabled = answer.deck !== "single";
      const meld = answer.meld;
      const heading = answer.trump ? `Trump ${answer.trump}` : "No trump";
      const rows = meld.items.map((item) =>
        el(
          "tr",
          {},
          el("td", {}, item.name),
          el("td", {}, item.cards.join(" ")),
          el("td", { class: "num" }, String(item.points)),
        ),
      );
      if (!rows.length) rows.push(el("tr", {}, el("td", { colSpan: 3 }, "No meld")));
      rows.push(
        el(
          "tr",
          { class: "total" },
          el("td", {}, "Total"),
          el("td", {}),
          el("td", { class: "num", id: "meld-total" }, String(meld.total)),
        ),
      );
      $("result").replaceChildren(
        el("h2", {}, heading, " ", el("span", { class: "big" }, String(meld.total))),
        el("table", { id: "meld-items" }, ...rows),
        el(
          "p",
          { class: "note" },
          `${answer.variant}: ${answer.scale === 1 ? "ones" : "tens"}, ${answer.deck} deck` +
            (answer.run_extras ? ", Dailey's run extras" : ""),
        ),
      );
      $("by-trump").replaceChildren(
        ...Object.entries(answer.by_trump).map(([suit, found]) => {
          const button = el(
            "button",
            { type: "button", class: RED.has(suit) ? "red" : "", "data-suit": suit },
            `${suit} ${found.total}`,
          );
          button.addEventListener("click", () => {
            document.querySelector(`input[name=trump][value="${suit}"]`).checked = true;
            score();
          });
          return button;
        }),
      );
    }

    async function profile() {
      scale = undefined;
      extras = undefined;
      picker.setDeck(await rulesOf($("variant").value));
      await score();
    }

    await fillVariants();
    $("variant").addEventListener("change", () => profile().catch(() => {}));
    for (const radio of document.querySelectorAll("input[name=scale]")) {
      radio.addEventListener("change", () => {
        scale = Number(radio.value);
        score();
      });
    }
    $("run-extras").addEventListener("change", () => {
      extras = $("run-extras").checked;
      score();
    });
    for (const radio of document.querySelectorAll("input[name=trump]")) {
      radio.addEventListener("change", () => score());
    }
    await profile();
  }

  // --- The trick counter ---------------------------------------------------------------------

  async function counterPage() {
    let scale;
    const picker = new Picker(() => tally());
    const tally = latest(
      () =>
        request("POST", "/api/count", {
          body: {
            variant: $("variant").value,
            scale,
            cards: picker.cards,
            last_trick: $("last-trick").checked,
          },
        }),
      (answer) => showCount(answer),
    );

    function showCount(answer) {
      showScale(answer.scale);
      const rest = answer.deck_points - answer.points;
      const rows = answer.methods.map((method) =>
        el(
          "tr",
          { "data-method": `${method.method}-${method.scale}` },
          el("td", {}, method.name, el("br"), el("span", { class: "note" }, `last trick ${method.last_trick}`)),
          el("td", { class: "num" }, String(method.points)),
          el("td", { class: "num" }, `of ${method.deck_points}`),
        ),
      );
      $("result").replaceChildren(
        el("h2", {}, "Trick points ", el("span", { class: "big", id: "points" }, String(answer.points))),
        el(
          "p",
          { class: "note" },
          `${answer.variant}: ${answer.counting} count, ${answer.scale === 1 ? "ones" : "tens"}, ` +
            `last trick ${answer.last_trick}` +
            (answer.rounding !== "none" ? `, rounded (${answer.rounding})` : "") +
            `. Every trick point of a hand: ${answer.deck_points}; the other side${
              answer.sides > 2 ? "s" : ""
            } took ${rest}.`,
        ),
        el("h2", {}, "By each way of counting"),
        el("table", { id: "methods" }, ...rows),
      );
    }

    async function profile() {
      scale = undefined;
      picker.setDeck(await rulesOf($("variant").value));
      await tally();
    }

    await fillVariants();
    $("variant").addEventListener("change", () => profile().catch(() => {}));
    for (const radio of document.querySelectorAll("input[name=scale]")) {
      radio.addEventListener("change", () => {
        scale = Number(radio.value);
        tally();
      });
    }
    $("last-trick").addEventListener("change", () => tally());
    await profile();
  }

  // --- The score keeper ----------------------------------------------------------------------

  async function sheetsPage() {
    const name = new URLSearchParams(location.search).get("sheet");
    if (name) await sheetView(name);
    else await listView();
  }

  async function listView() {
    $("list-view").hidden = false;
    const listed = await request("GET", "/api/sheets");
    const items = listed.sheets.map((entry) =>
      el(
        "li",
        {},
        el(
          "a",
          { href: `/sheets?sheet=${encodeURIComponent(entry.name)}`, "data-sheet": entry.name },
          el("strong", {}, entry.name),
          entry.error
            ? el("span", {}, entry.error)
            : el("span", {}, `${entry.variant} · ${entry.hands} hands · ${entry.scores.join(" – ")} · ${entry.status}`),
        ),
      ),
    );
    if (!items.length) items.push(el("li", {}, el("p", {}, "No sheet yet: start one below.")));
    $("sheet-list").replaceChildren(...items);

    let scale;
    async function settings() {
      const facts = await rulesOf($("variant").value, scale);
      showScale(facts.scale);
      const target = $("target");
      target.replaceChildren(...facts.targets.map((t) => new Option(`${t}`, `${t}`)));
      target.value = String(facts.target);
      $("target-line").hidden = facts.chips;
      $("set").value = facts.set === "opponents-score-bid" ? facts.set : "minus-bid";
      $("set-line").hidden = facts.chips || !["minus-bid", "opponents-score-bid"].includes(facts.set);
      $("save-meld").checked = facts.save_meld;
      return facts;
    }
    let facts;
    const refresh = async () => {
      try {
        facts = await settings();
        say("");
      } catch (error) {
        say(error.message);
      }
    };
    await fillVariants();
    $("variant").addEventListener("change", () => {
      scale = undefined;
      refresh();
    });
    for (const radio of document.querySelectorAll("input[name=scale]")) {
      radio.addEventListener("change", () => {
        scale = Number(radio.value);
        refresh();
      });
    }
    await refresh();
    $("new-sheet").addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = {
        name: $("new-name").value.trim(),
        variant: $("variant").value,
        scale: scaleChosen(),
        save_meld: $("save-meld").checked,
      };
      if (facts && !facts.chips) {
        body.target = Number($("target").value);
        if (!$("set-line").hidden) body.set = $("set").value;
      }
      try {
        const sheet = await request("POST", "/api/sheets", { body });
        location.href = `/sheets?sheet=${encodeURIComponent(sheet.name)}`;
      } catch (error) {
        say(error.message);
      }
    });
    setState("ready");
  }

  async function sheetView(name) {
    $("sheet-view").hidden = false;
    let sheet = null;
    let busy = false;

    const sideName = (i) => `Side ${i}`;
    const number = (id) => {
      const text = $(id).value.trim();
      return text === "" ? null : Number(text);
    };

    async function load(note = "") {
      sheet = await request("GET", `/api/sheets/${encodeURIComponent(name)}`);
      show();
      say(note);
    }

    function show() {
      document.title = `${sheet.name} · Score keeper`;
      $("sheet-name").textContent = sheet.name;
      const settings = [
        `${sheet.variant} (${sheet.scale === 1 ? "ones" : "tens"}, ${sheet.deck} deck)`,
        sheet.chips ? "chips, settled every hand" : `game ${sheet.target}`,
      ];
      if (!sheet.chips) {
        settings.push(sheet.set === "opponents-score-bid" ? "set: the other side scores the bid" : "set: the bid comes off");
        settings.push(sheet.save_meld ? "saving meld on" : "saving meld off");
      }
      settings.push(`file ${sheet.file}`);
      $("sheet-settings").textContent = settings.join(" · ");
      $("scores").replaceChildren(
        ...sheet.scores.map((score, i) =>
          el(
            "div",
            { class: `side${sheet.winner === i ? " won" : ""}`, "data-side": String(i) },
            el("div", {}, sideName(i)),
            el("div", { class: "total" }, String(score)),
          ),
        ),
      );
      $("status").textContent = sheet.status;
      showHands();
      $("next-hand").textContent = String(sheet.hands.length + 1);
      $("entry").hidden = sheet.over;
      $("over").hidden = !sheet.over;
      $("over").textContent = sheet.over ? `Game over: ${sheet.status}` : "";
      $("undo").disabled = !sheet.hands.length;
      buildEntry();
      spot();
    }

    function showHands() {
      const sides = sheet.sides;
      const head = el(
        "tr",
        {},
        el("th", {}, "#"),
        el("th", {}, "Bid"),
        ...Array.from({ length: sides }, (_, i) => el("th", { class: "num" }, sideName(i))),
      );
      const rows = [head];
      rows.push(
        el(
          "tr",
          {},
          el("td", {}, "start"),
          el("td", {}),
          ...sheet.start.map((s) => el("td", { class: "num" }, String(s))),
        ),
      );
      for (const hand of sheet.hands) {
        const bid = hand.bidder === null ? "-" : `${sideName(hand.bidder)}: ${hand.bid}`;
        rows.push(
          el(
            "tr",
            { class: "hand-row", "data-hand": String(hand.number) },
            el("td", {}, String(hand.number)),
            el("td", {}, bid, el("br"), el("span", { class: "note" }, hand.outcome)),
            ...hand.scores.map((s, i) =>
              el("td", { class: "num" }, `${s >= 0 ? "+" : ""}${s}`, el("br"), el("strong", {}, String(hand.totals[i]))),
            ),
          ),
          el("tr", { class: "reason" }, el("td", {}), el("td", { colSpan: sides + 1 }, hand.reason)),
        );
      }
      $("hands").replaceChildren(...rows);
    }

    let built = null; // the shape the entry form was built for: kept while it fits
    function buildEntry() {
      const shape = `${sheet.sides}/${sheet.auction}/${sheet.chips}`;
      if (built === shape) return;
      built = shape;
      const bidder = $("bidder");
      bidder.hidden = !sheet.auction;
      $("bid-line").hidden = !sheet.auction;
      bidder.replaceChildren(
        el("legend", {}, "Bidder"),
        ...Array.from({ length: sheet.sides }, (_, i) =>
          el("label", {}, el("input", { type: "radio", name: "bidder", value: String(i), checked: i === 0 }), sideName(i)),
        ),
      );
      const cells = [el("span"), el("strong", {}, "Meld"), el("strong", {}, "Points")];
      for (let i = 0; i < sheet.sides; i++) {
        cells.push(
          el("span", {}, sideName(i)),
          el("input", { type: "number", id: `meld-${i}`, inputmode: "numeric", min: "0", "aria-label": `${sideName(i)} meld` }),
          el("input", { type: "number", id: `points-${i}`, inputmode: "numeric", min: "0", "aria-label": `${sideName(i)} points` }),
        );
      }
      $("sides").replaceChildren(...cells);
      $("trump-line").hidden = !sheet.chips;
      for (const input of document.querySelectorAll("#entry input")) input.addEventListener("input", spot);
      // Two sides: the other side's points are the rest of the hand's.
      if (sheet.sides === 2) {
        for (const i of [0, 1]) {
          $(`points-${i}`).addEventListener("input", () => {
            const mine = number(`points-${i}`);
            $(`points-${1 - i}`).value = mine === null ? "" : String(sheet.deck_points - mine);
            spot();
          });
        }
      }
    }

    function bidderChosen() {
      const checked = document.querySelector("input[name=bidder]:checked");
      return checked ? Number(checked.value) : null;
    }

    // "Not on the board": the bid is more than the bidders' meld plus every trick point.
    function spot() {
      const bid = number("bid");
      const bidder = bidderChosen();
      const meld = bidder === null ? null : number(`meld-${bidder}`);
      const out = sheet.auction && bid !== null && meld !== null && bid > meld + sheet.deck_points;
      $("spotted").textContent = out
        ? `Not on the board: ${sideName(bidder)}'s meld ${meld} + all ${sheet.deck_points} points = ${
            meld + sheet.deck_points
          } < ${bid}. No play: leave the points empty.`
        : "";
    }

    function hand() {
      const sides = Array.from({ length: sheet.sides }, (_, i) => i);
      const facts = { meld: sides.map((i) => number(`meld-${i}`) ?? 0) };
      if (sheet.auction) {
        facts.bidder = bidderChosen();
        facts.bid = number("bid") ?? 0;
      }
      const points = sides.map((i) => number(`points-${i}`));
      if (points.some((p) => p !== null)) facts.points = points.map((p) => p ?? 0);
      if (sheet.chips && $("trump").value) facts.trump = $("trump").value;
      return facts;
    }

    async function change(path, body) {
      if (busy) return;
      busy = true;
      setState("busy");
      try {
        sheet = await request("POST", `/api/sheets/${encodeURIComponent(name)}/${path}`, { body, etag: sheet.etag });
        show();
        say("");
        return true;
      } catch (error) {
        if (error.status === 412) {
          await load("Another tab or the command line changed this sheet first: here it is now. Check it, then record the hand again.");
        } else {
          say(error.message);
        }
        return false;
      } finally {
        busy = false;
        setState("ready");
      }
    }

    $("entry").addEventListener("submit", async (event) => {
      event.preventDefault();
      if (await change("hands", hand())) {
        for (const input of document.querySelectorAll("#entry input[type=number]")) input.value = "";
        spot();
      }
    });
    $("undo").addEventListener("click", () => change("undo"));
    try {
      await load();
    } catch (error) {
      say(error.message);
    }
    setState("ready");
  }

  const pages = { meld: meldPage, counter: counterPage, sheets: sheetsPage };
  pages[page]()
    .then(() => setState("ready"))
    .catch((error) => {
      say(error.message);
      setState("ready");
    });
})();
