// The Mastermind page: you find sleuth's code (the server keeps it until the end), or sleuth
// finds yours. Every peg count and every guess of sleuth comes from the API.
"use strict";

const mm = { key: null, state: null, pending: [], timer: null, busy: false };

function peg(colour, extra) {
  const node = el("span", {
    className: `peg c${colour} ${extra || ""}`,
    textContent: String(colour + 1),
  });
  node.dataset.colour = colour;
  node.setAttribute("aria-label", `colour ${colour + 1}`);
  return node;
}

function pegRow(code) {
  return el("div", { className: "mm-row" }, code.map((c) => peg(c)));
}

function keyPegs(black, white, holes) {
  const marks = [];
  for (let i = 0; i < holes; i += 1) {
    const kind = i < black ? "black" : (i < black + white ? "white" : "none");
    marks.push(el("span", { className: `key-peg ${kind}` }));
  }
  const box = el("span", { className: "mm-keys", title: `${black} black, ${white} white` }, marks);
  box.style.gridTemplateColumns = `repeat(${Math.ceil(holes / 2)}, .8em)`;
  box.dataset.black = black;
  box.dataset.white = white;
  return box;
}

function plural(n, one, many) { return `${n.toLocaleString("en")} ${n === 1 ? one : many}`; }

function newGameBody() {
  const body = {
    mode: $("mode").value,
    colours: Number($("colours").value),
    holes: Number($("holes").value),
    max_guesses: Number($("max-guesses").value),
  };
  const seed = new URLSearchParams(window.location.search).get("seed");
  if (seed !== null && body.mode === "play") { body.seed = Number(seed); }
  if (body.mode === "solve") {
    body.strategy = $("strategy").value;
    const mine = $("secret").value.trim();
    if (mine) { body.secret = mine; }
  }
  return body;
}

async function newGame() {
  clearTimeout(mm.timer);
  say("starting…");
  const got = await api("POST", "/api/play/mastermind", newGameBody());
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  mm.pending = [];
  showGame(got.data);
}

function showGame(state) {
  mm.state = state;
  mm.key = state.session;
  const solving = state.mode === "solve";
  $("help-play").hidden = solving;
  $("help-solve").hidden = !solving;
  $("board").replaceChildren(...state.turns.map((t, i) => el("div", { className: "mm-turn" }, [
    el("span", { className: "mm-number", textContent: `${i + 1}.` }),
    pegRow(t.code),
    keyPegs(t.black, t.white, state.holes),
    el("span", { className: "mm-left", textContent: plural(t.remaining, "code fits", "codes fit") }),
  ])));
  $("play-entry").hidden = solving || state.over;
  $("solve-entry").hidden = !solving;
  $("proposal").replaceChildren(...(state.proposal ? state.proposal.code.map((c) => peg(c)) : []));
  for (const id of ["black", "white"]) {
    $(id).max = state.holes;
    $(id).disabled = state.over;
  }
  $("answer").disabled = state.over;
  drawPalette();
  drawPending();
  showStatus(state);
  showReveal(state);
  if (solving && state.auto && !state.over) {
    mm.timer = setTimeout(scoreForMe, 500);
  }
}

function showStatus(state) {
  const made = state.turns.length;
  let text;
  if (state.over && state.outcome === "won") {
    text = state.mode === "play" ? `Found in ${plural(made, "guess", "guesses")}!` :
      `sleuth found your code in ${plural(made, "guess", "guesses")}.`;
  } else if (state.over) {
    text = state.mode === "play" ? "Game over: the code is shown below." :
      `sleuth is out of guesses: ${plural(state.remaining, "code fits", "codes fit")} your answers.`;
  } else {
    text = `${plural(state.remaining, "code", "codes")} of ${state.codes.toLocaleString("en")} ` +
      `still possible; ${plural(state.guesses_left, "guess", "guesses")} left.`;
  }
  $("status").textContent = text;
  $("left").textContent = state.left && !(state.over && state.outcome === "won") ?
    `Codes that fit: ${state.left.join(" ")}` : "";
}

function showReveal(state) {
  const code = state.secret;
  $("reveal").hidden = !code;
  if (!code) { return; }
  $("reveal-label").textContent = state.mode === "play" ? "The code was" : "Your code";
  $("secret-row").replaceChildren(...code.map((c) => peg(c)));
}

function drawPalette() {
  const colours = mm.state ? mm.state.colours : 6;
  const buttons = [];
  for (let c = 0; c < colours; c += 1) {
    const button = el("button", { type: "button", className: "mm-pick" }, [peg(c)]);
    button.dataset.colour = c;
    button.title = `colour ${c + 1}`;
    button.addEventListener("click", () => addPeg(c));
    buttons.push(button);
  }
  $("palette").replaceChildren(...buttons);
}

function drawPending() {
  const holes = mm.state ? mm.state.holes : 4;
  const spots = [];
  for (let i = 0; i < holes; i += 1) {
    const filled = i < mm.pending.length;
    const spot = filled ? peg(mm.pending[i], "clickable") : el("span", { className: "peg hole" });
    spot.dataset.index = i;
    if (filled) {
      spot.title = "click to take this peg out";
      spot.addEventListener("click", () => { mm.pending.splice(i, 1); drawPending(); });
    }
    spots.push(spot);
  }
  $("pending").replaceChildren(...spots);
  $("guess").disabled = mm.pending.length !== holes;
}

function addPeg(colour) {
  if (!mm.state || mm.state.over || mm.pending.length >= mm.state.holes) { return; }
  mm.pending.push(colour);
  drawPending();
}

async function sendGuess() {
  if (!mm.state || mm.pending.length !== mm.state.holes) {
    say(`fill all ${mm.state ? mm.state.holes : ""} holes first`, true);
    return;
  }
  if (mm.busy) { return; }  // one guess at a time
  mm.busy = true;
  const got = await api("POST", `/api/play/mastermind/${mm.key}/guess`, { code: mm.pending });
  mm.busy = false;
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  mm.pending = [];
  showGame(got.data);
}

async function resign() {
  const got = await api("POST", `/api/play/mastermind/${mm.key}/resign`);
  if (!got.ok) { say(got.data.error, true); return; }
  showGame(got.data);
}

function offerUndo(offered) { $("undo").classList.toggle("offered", Boolean(offered)); }

async function sendAnswer(event) {
  event.preventDefault();
  const body = { black: Number($("black").value), white: Number($("white").value) };
  const got = await api("POST", `/api/play/mastermind/${mm.key}/answer`, body);
  if (!got.ok) {
    say(got.data.error + (got.data.undo ? " (Undo takes back your last answer.)" : ""), true);
    offerUndo(got.data.undo);
    return;
  }
  say("");
  offerUndo(false);
  $("black").value = 0;
  $("white").value = 0;
  showGame(got.data);
}

async function scoreForMe() {
  const got = await api("POST", `/api/play/mastermind/${mm.key}/score`);
  if (!got.ok) { say(got.data.error, true); return; }
  showGame(got.data);
}

async function undo() {
  clearTimeout(mm.timer);
  const got = await api("POST", `/api/play/mastermind/${mm.key}/undo`);
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  offerUndo(false);
  showGame(got.data);
}

function typed(event) {
  if (!mm.state || mm.state.mode !== "play" || ["INPUT", "SELECT"].includes(event.target.tagName)) {
    return;
  }
  const digit = Number(event.key);
  if (Number.isInteger(digit) && digit >= 1 && digit <= mm.state.colours) {
    addPeg(digit - 1);
  } else if (event.key === "Backspace") {
    mm.pending.pop();
    drawPending();
  } else if (event.key === "Enter" && mm.pending.length === mm.state.holes) {
    sendGuess();
  }
}

function showModeControls() {
  const solving = $("mode").value === "solve";
  for (const node of document.querySelectorAll(".mm-solve-only")) { node.hidden = !solving; }
}

function startMastermind() {
  $("new").addEventListener("click", newGame);
  $("mode").addEventListener("change", () => { showModeControls(); newGame(); });
  $("colours").addEventListener("change", newGame);
  $("holes").addEventListener("change", newGame);
  $("max-guesses").addEventListener("change", newGame);
  $("guess").addEventListener("click", sendGuess);
  $("resign").addEventListener("click", resign);
  $("solve-entry").addEventListener("submit", sendAnswer);
  $("undo").addEventListener("click", undo);
  document.addEventListener("keydown", typed);
  showModeControls();
  newGame();
}

document.addEventListener("DOMContentLoaded", startMastermind);
