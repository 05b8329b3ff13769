/* The page of `lazytron serve`: choose a game and play it with the keys, watch bots play, follow a
   tournament, open stored games. Text from the server (names, messages) is shown as text only. */
"use strict";

const $ = (id) => document.getElementById(id);
const KEYS = {
  ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W",
  w: "N", d: "E", s: "S", a: "W", W: "N", D: "E", S: "S", A: "W",
};
const NAMES = { N: "North", E: "East", S: "South", W: "West", "-": "no move" };
let CHOICES = null;

/* What the page knows of the game on screen; the tests read it too. */
const live = { socket: null, game: null, heads: [], moves: [], updates: 0, keys: [], waiting: 0, board: null, timer: null };
window.live = live;

function showError(message) {
  $("error").textContent = message || "";
  $("error").hidden = !message;
}

function option(select, value, text) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  select.appendChild(element);
}

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text === null || text === undefined ? "-" : String(text);
  if (className) td.className = className;
  row.appendChild(td);
  return td;
}

/* -- choosing a game ---------------------------------------------------------------------- */

/* A player chooser in `box`: an engine (with its options) or a bot of the server. */
function makeChooser(box) {
  const select = document.createElement("select"), options = document.createElement("div");
  select.setAttribute("aria-label", box.id);
  select.className = "who";
  options.className = "options";
  for (const name of Object.keys(CHOICES.engines)) option(select, "engine:" + name, "engine " + name);
  for (const name of CHOICES.bots) option(select, "bot:" + name, "bot " + name);
  box.appendChild(select);
  box.appendChild(options);
  select.onchange = () => {
    options.replaceChildren();
    const [kind, name] = select.value.split(/:(.*)/s);
    if (kind !== "engine") return;
    for (const o of CHOICES.engines[name]) {
      const label = document.createElement("label"), input = document.createElement("input");
      label.title = o.meaning;
      label.textContent = o.name + " ";
      input.dataset.option = o.name;
      if (o.kind === "bool") {
        input.type = "checkbox";
        input.checked = o.default;
      } else {
        Object.assign(input, { type: "number", min: o.low, max: o.high, value: o.default });
      }
      input.dataset.default = String(o.default);
      label.appendChild(input);
      options.appendChild(label);
    }
  };
  select.onchange();
  return () => {
    const [kind, name] = select.value.split(/:(.*)/s);
    if (kind === "bot") return { bot: name };
    const changed = [...options.querySelectorAll("input")]
      .map((input) => [input.dataset.option, input.type === "checkbox" ? String(input.checked) : input.value, input.dataset.default])
      .filter(([, value, fallback]) => value !== fallback)
      .map(([name_, value]) => `${name_}=${value}`);
    return { engine: name, options: changed };
  };
}

let chooseOpponent, chooseOne, chooseTwo;

function fillForm() {
  for (const name of CHOICES.maps) option($("map-name"), name, name);
  for (const name of CHOICES.clocks) option($("clock"), name, { contest: "the contest's: 3 s, then 1 s a move", quick: "quick: 1 s, then 0.25 s a move" }[name] || name);
  for (const name of CHOICES.human_clocks) option($("human-clock"), name, name === "off" ? "off (no clock)" : `${name} s a move`);
  for (const name of CHOICES.rules) option($("rules"), name, name);
  document.querySelectorAll(".max-side").forEach((e) => { e.textContent = `${CHOICES.max_side}x${CHOICES.max_side}`; });
  $("map-width").max = $("map-height").max = String(CHOICES.max_side);
  chooseOpponent = makeChooser($("opponent"));
  chooseOne = makeChooser($("player1"));
  chooseTwo = makeChooser($("player2"));
  $("tournament-tab").hidden = !CHOICES.tournament;
}

function chosenMap() {
  const kind = document.querySelector("input[name=map-kind]:checked").value;
  if (kind === "name") return { name: $("map-name").value };
  if (kind === "text") return { text: $("map-text").value };
  return { seed: Number($("map-seed").value), width: Number($("map-width").value), height: Number($("map-height").value) };
}

function request() {
  const watching = document.body.classList.contains("watch");
  let players;
  if (watching) players = [chooseOne(), chooseTwo()];
  else players = $("seat").value === "1" ? [{ human: true }, chooseOpponent()] : [chooseOpponent(), { human: true }];
  return { map: chosenMap(), players, clock: $("clock").value, human_clock: $("human-clock").value, rules: $("rules").value };
}

async function start(event) {
  event.preventDefault();
  showError("");
  let answer, response;
  try {
    response = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request()) });
    answer = await response.json();
  } catch (e) {
    showError("the server did not answer: " + e);
    return;
  }
  if (!response.ok) {
    showError(answer.error || response.statusText);
    return;
  }
  if (document.activeElement) document.activeElement.blur();  // the arrow keys steer, not a select
  connect(answer.socket);
}

/* -- a game on screen --------------------------------------------------------------------- */

function connect(path) {
  Object.assign(live, { game: null, heads: [], moves: [], updates: 0, keys: [], waiting: 0 });
  const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
  live.socket = socket;
  $("setup").hidden = true;
  $("live").hidden = false;
  for (const id of ["result", "prompt", "status"]) $(id).textContent = "";
  $("replay").hidden = true;
  document.body.classList.toggle("searching", $("show-search").checked);
  for (const p of [1, 2]) for (const k of ["turn", "depth", "score", "move"]) $(`s-${k}${p}`).textContent = "";
  socket.onmessage = (e) => handle(JSON.parse(e.data));
  socket.onclose = () => {
    if (live.socket === socket && document.body.dataset.state !== "over") {
      document.body.dataset.state = "closed";
      $("status").textContent = "the connection to the server closed";
    }
  };
}

function draw(crashes) {
  live.board.draw(live.heads, live.heads.length - 1, crashes);
}

function setState(state) {
  document.body.dataset.state = state;
}

const HANDLERS = {
  start(m) {
    live.game = m;
    live.heads = [m.heads];
    $("name1").textContent = "1 " + m.names[0];
    $("name2").textContent = "2 " + m.names[1];
    document.title = `${m.names[0]} vs ${m.names[1]}: lazytron`;
    live.board = makeBoard($("board"), m.width, m.height, m.walls);
    [...$("search").tBodies[0].rows].forEach((row, p) => { row.hidden = m.human === p + 1; });
    draw();
    $("status").textContent = `map ${m.map}, ${m.rules} rules`;
    setState("playing");
  },
  turn(m) {
    live.updates += 1;
    live.moves.push(m.moves);
    if (m.heads) live.heads.push(m.heads);
    draw();
    $("status").textContent = `turn ${m.turn}: 1 ${NAMES[m.moves[0]]}, 2 ${NAMES[m.moves[1]]}`;
    document.body.dataset.turn = String(m.turn);
  },
  "your-move"(m) {
    live.waiting = m.turn;
    document.body.dataset.waiting = String(m.turn);
    setState("waiting");
    countdown(m.turn, m.seconds);
  },
  search(m) {
    const p = m.player;
    $("s-turn" + p).textContent = String(m.turn);
    $("s-depth" + p).textContent = String(m.depth);
    $("s-score" + p).textContent = m.score === null ? "-" : String(m.score);
    $("s-move" + p).textContent = String(m.move);
  },
  end(m) {
    clearInterval(live.timer);
    live.waiting = 0;
    draw(m.crashes);
    $("result").textContent = m.result;
    $("prompt").textContent = m.faults.map((f, p) => (f ? `player ${p + 1}: ${f}` : "")).filter(Boolean).join("; ");
    if (m.replay) {
      $("replay").href = m.replay;
      $("replay").hidden = false;
    }
    setState("over");
  },
  error(m) {
    showError(m.message);
  },
  ignored() {},
};

function handle(message) {
  (HANDLERS[message.type] || (() => {}))(message);
}

function countdown(turn, seconds) {
  clearInterval(live.timer);
  const until = seconds === null ? null : Date.now() + seconds * 1000;
  const show = () => {
    if (live.waiting !== turn) return clearInterval(live.timer);
    const left = until === null ? "" : ` (${Math.max(0, Math.ceil((until - Date.now()) / 1000))} s)`;
    $("prompt").textContent = `your move, turn ${turn}${left}`;
  };
  show();
  live.timer = setInterval(show, 250);
}

function steer(event) {
  const move = KEYS[event.key];
  if (!move || !live.socket || ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  const steering = live.game && live.game.human && ["waiting", "playing"].includes(document.body.dataset.state);
  if (steering) event.preventDefault();  // the arrows steer: they do not scroll the page
  if (!live.waiting || live.socket.readyState !== WebSocket.OPEN) return;
  live.socket.send(JSON.stringify({ type: "key", turn: live.waiting, move }));
  live.keys.push([live.waiting, move]);
  $("prompt").textContent = `you: ${NAMES[move]}`;
  live.waiting = 0;
  setState("playing");
}

function again() {
  if (live.socket) live.socket.close();  // a game not over ends with its page's connection
  live.socket = null;
  clearInterval(live.timer);
  $("live").hidden = true;
  $("setup").hidden = false;
  setState("idle");
}

/* -- the tournament and the stored games -------------------------------------------------- */

const followed = { socket: null, timer: null };

function showStoredGame(m) {
  const li = document.createElement("li"), link = document.createElement("a");
  link.href = m.url;
  link.textContent = `${m.names[0]} vs ${m.names[1]} on ${m.map}: ${m.result} (${m.turns} turns)`;
  li.appendChild(link);
  $("t-games").prepend(li);
  $("t-game").textContent = `game ${m.game}: ${m.names[0]} vs ${m.names[1]} on ${m.map}`;
  $("t-result").textContent = "";
  clearInterval(followed.timer);
  if (!m.replay) return;
  const g = m.replay, board = makeBoard($("t-board"), g.width, g.height, g.walls);
  let t = 0;
  board.draw(g.heads, 0);
  followed.timer = setInterval(() => {
    t = Math.min(t + 1, g.heads.length - 1);
    const last = t === g.heads.length - 1;
    board.draw(g.heads, t, last ? g.crashes : []);
    if (last) {
      clearInterval(followed.timer);
      $("t-result").textContent = g.result || m.result;
    }
  }, 50);
}

const FOLLOW = {
  run(m) { $("t-games").replaceChildren(); $("t-status").textContent = `run ${m.run}: ${m.names.join(", ")}`; },
  game: showStoredGame,
  standings(m) {
    const body = $("standings").tBodies[0];
    body.replaceChildren();
    for (const row of m.rows) {
      const tr = document.createElement("tr");
      row.forEach((value) => cell(tr, value));
      body.appendChild(tr);
    }
    document.body.dataset.tournamentGames = String(m.games);
  },
  waiting(m) { $("t-status").textContent = m.message; },
  error(m) { $("t-status").textContent = m.message; },
};

function follow() {
  if (followed.socket) return;
  followed.socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/tournament");
  followed.socket.onmessage = (e) => {
    const m = JSON.parse(e.data);
    (FOLLOW[m.type] || (() => {}))(m);
  };
  followed.socket.onclose = () => { followed.socket = null; };
}

function link(row, text, url) {
  const a = document.createElement("a");
  a.href = url;
  a.textContent = text;
  cell(row, "").replaceChildren(a);
}

async function listGames() {
  const stored = await (await fetch("/api/stored")).json();
  const body = $("records").tBodies[0];
  body.replaceChildren();
  for (const r of stored.records) {
    const tr = document.createElement("tr");
    link(tr, r.name, r.url);
    cell(tr, r.names.join(" vs "));
    cell(tr, r.result === "D" ? "draw" : r.result ? `${r.result} won` : r.problem);
    cell(tr, r.turns);
    body.appendChild(tr);
  }
  $("db-title").hidden = $("db-games").hidden = stored.db === null;
  $("db-problem").hidden = !stored.problem;
  $("db-problem").textContent = stored.problem || "";
  const rows = $("db-games").tBodies[0];
  rows.replaceChildren();
  for (const g of stored.db || []) {
    const tr = document.createElement("tr");
    cell(tr, g.run);
    link(tr, String(g.game), g.url);
    cell(tr, g.names.join(" vs "));
    cell(tr, g.map);
    cell(tr, g.result === "D" ? "draw" : `${g.result} won`);
    cell(tr, g.turns);
    rows.appendChild(tr);
  }
  document.body.dataset.listed = String(stored.records.length + (stored.db || []).length);
}

/* -- tabs ------------------------------------------------------------------------------- */

function showTab() {
  const tab = (location.hash || "#play").slice(1);
  document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("here", a.dataset.tab === tab));
  const game = tab === "play" || tab === "watch";
  document.body.classList.toggle("play", tab === "play");
  document.body.classList.toggle("watch", tab === "watch");
  $("setup").hidden = !game || live.socket !== null;  // a game on screen stays until "New game"
  $("live").hidden = !game || live.socket === null;
  $("tournament").hidden = tab !== "tournament";
  $("games").hidden = tab !== "games";
  if (tab === "tournament") follow();
  if (tab === "games") listGames().catch((e) => showError("cannot list the games: " + e));
}

async function main() {
  try {
    CHOICES = await (await fetch("/api/choices")).json();
  } catch (e) {
    showError("the server did not answer: " + e);
    return;
  }
  fillForm();
  $("form").onsubmit = start;
  $("again").onclick = again;
  document.addEventListener("keydown", steer);
  window.addEventListener("hashchange", showTab);
  showTab();
  document.body.dataset.ready = "1";
}

main();
