// The pages where you play: Wordle against an answer sleuth keeps (/play/wordle) and Absurdle
// against its adversary (/play/absurdle). Letters typed or clicked build the guess; the server
// judges it: every colour, every refusal and the answers left come from the API.
"use strict";

const play = {
  game: null, // "wordle" or "absurdle", from the page
  key: null,
  state: null,
  typed: "",
  busy: false, // a guess is on its way: keys wait
  view: 0, // bumped at each new state: answers meant for an older one are dropped
  asked: 0, // new games asked for: only the last one asked is shown
};

const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "+zxcvbnm-"]; // + is Enter, - is Backspace

function base() { return `/api/play/${play.game}`; }

async function newGame() {
  const body = { list: $("list").value, hard: $("hard").checked };
  const number = $("number");
  if (number) {
    const whole = number.value === "" || Number.isInteger(Number(number.value));
    if (number.validity.badInput || !whole) {
      say("the game number is a whole number (or empty for a random answer)", true);
      return;
    }
    if (number.value !== "") { body.number = Number(number.value); }
  }
  const asked = ++play.asked;
  const got = await api("POST", base(), body);
  if (asked !== play.asked) { return; } // a newer game was asked for meanwhile
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  play.typed = "";
  if ($("review-box")) { $("review-box").hidden = true; }
  show(got.data);
}

function show(state) {
  play.state = state;
  play.key = state.session;
  play.view += 1;
  Object.assign($("play").dataset,
    { session: state.session, list: state.list, turns: state.turns.length });
  drawBoard();
  drawKeyboard(state.keyboard);
  showLeft();
  showEnd();
}

// -- the board and the keyboard ----------------------------------------------------------------

function drawBoard() {
  const state = play.state;
  const rows = state.turns.map(turnRow);
  if (!state.over) { rows.push(typedRow()); }
  while (play.game === "wordle" && rows.length < state.attempts) {
    rows.push(el("div", { className: "row" },
      Array.from({ length: state.length }, () => tile("", -1))));
  }
  $("board").replaceChildren(...rows);
}

function turnRow(turn) {
  const line = row(turn.word, turn.marks);
  if (play.game === "absurdle") {
    line.append(el("span", { className: "left-count",
      textContent: turn.left ? `${turn.left} left` : "solved" }));
  }
  return line;
}

function typedRow() {
  const tiles = Array.from({ length: play.state.length },
    (_, i) => tile(play.typed[i] || "", -1, i < play.typed.length ? "typed" : ""));
  return el("div", { className: "row current", id: "current" }, tiles);
}

function drawKeyboard(known) {
  $("keyboard").replaceChildren(...KEY_ROWS.map((letters) => el("div", { className: "keys" },
    [...letters].map((c) => keyButton(c, known)))));
}

function keyButton(c, known) {
  if (c === "+" || c === "-") {
    const enter = c === "+";
    const key = el("button", { type: "button", className: "key wide",
      textContent: enter ? "Enter" : "⌫", title: enter ? "play the word" : "erase a letter" });
    key.id = enter ? "key-enter" : "key-back";
    key.addEventListener("click", enter ? enterGuess : eraseLetter);
    return key;
  }
  const key = el("button", { type: "button", textContent: c.toUpperCase(),
    className: `key ${c in known ? COLOURS[known[c]] : ""}` });
  key.dataset.letter = c;
  key.addEventListener("click", () => typeLetter(c));
  return key;
}

function typeLetter(letter) {
  if (!play.state || play.state.over || play.typed.length >= play.state.length) { return; }
  play.typed += letter;
  drawBoard();
}

function eraseLetter() {
  if (!play.state || play.state.over) { return; }
  play.typed = play.typed.slice(0, -1);
  drawBoard();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) { return; }
  if (event.target.matches("select, textarea, input:not([type=checkbox])")) { return; }
  if (event.key === "Enter") {
    event.preventDefault(); // not also a click on the button in focus
    enterGuess();
  } else if (event.key === "Backspace") {
    event.preventDefault();
    eraseLetter();
  } else if (/^[a-z]$/i.test(event.key)) {
    event.preventDefault();
    typeLetter(event.key.toLowerCase());
  }
}

async function enterGuess() {
  const state = play.state;
  if (!state || play.busy) { return; }
  if (state.over) { say("the game is over: start a new one", true); return; }
  if (!play.typed) { say("type a word first", true); return; }
  play.busy = true;
  const got = await api("POST", `${base()}/${play.key}/guess`, { word: play.typed });
  play.busy = false;
  if (!got.ok) {
    say(got.data.error, true);
    const current = $("current");
    if (current) {
      current.classList.remove("refused");
      void current.offsetWidth; // restart the shake
      current.classList.add("refused");
    }
    return;
  }
  say("");
  play.typed = "";
  show(got.data);
}

// -- the answers left, the end, the review -------------------------------------------------------

async function showLeft() {
  const shown = $("show-left").checked;
  $("left").hidden = !shown;
  let left = play.state;
  if (play.game === "wordle") { // asked for only when shown: the page holds no answer unasked
    if (!shown) { return; }
    const view = play.view;
    const got = await api("GET", `${base()}/${play.key}/left`);
    if (view !== play.view) { return; }
    if (!got.ok) { say(got.data.error, true); return; }
    left = got.data;
  }
  const solved = play.state.won;
  $("remaining").textContent = solved ? "" : left.remaining;
  $("remaining-label").textContent = solved ? "solved" :
    (left.remaining === 1 ? "answer left" : "answers left");
  $("answers").replaceChildren(...(solved ? [] : left.answers).map(
    (word) => el("li", { textContent: word.toUpperCase() })));
  $("answers-more").textContent = left.more && !solved ? `… and ${left.more} more.` : "";
}

function showEnd() {
  const state = play.state;
  $("end").hidden = !state.over;
  if (!state.over) { return; }
  const n = state.turns.length;
  const answer = (state.answer || "").toUpperCase();
  let text;
  if (play.game === "wordle") {
    const told = `the answer was ${answer} (game number ${state.number})`;
    text = state.won ? `Solved in ${n}/${state.attempts}: ${told}.` : `Out of guesses: ${told}.`;
  } else {
    text = state.won ? `Cornered in ${n} guess${n === 1 ? "" : "es"}: the answer had to be ` +
      `${answer}.` : `${n} guesses, the most a game takes here: ${state.remaining} answers ` +
      "were still open.";
  }
  $("result").textContent = text;
}

async function reviewGame() {
  $("review").disabled = true;
  say("reviewing the game…");
  const got = await api("GET", `${base()}/${play.key}/review`);
  $("review").disabled = false;
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  showReview(got.data);
}

function showReview(result) {
  const body = $("review-table").tBodies[0];
  body.replaceChildren(...result.turns.map((t, i) => {
    const played = i < result.guesses;
    return el("tr", { className: played ? "" : "unplayed" }, [
      el("td", { textContent: i + 1 }),
      el("td", {}, [row(t.word, t.marks)]),
      el("td", { textContent: `${t.before} → ${t.after}` }),
      el("td", { textContent: fixed(t.expected_after, 2) }),
      el("td", { className: t.luck >= 0 ? "good" : "bad", textContent: fixed(t.luck, 2) }),
      el("td", { textContent: fixed(t.yours, 3) }),
      el("td", { textContent: `${fixed(t.best, 3)} (${t.best_word.toUpperCase()})` }),
      el("td", { className: t.lost > 1e-9 ? "bad" : "good", textContent: fixed(t.lost, 3) }),
      el("td", { className: "label",
        textContent: played ? (t.exact ? "exact" : "estimated") : "the answer, not played" }),
    ]);
  }));
  $("review-box").hidden = false;
  const lost = result.turns.slice(0, result.guesses).reduce((sum, t) => sum + t.lost, 0);
  $("summary").textContent = (result.won ? `Solved in ${result.guesses}` :
    `Not solved in ${result.guesses} (the last row plays the answer after them)`) +
    `; guesses lost to skill: ${fixed(lost, 3)}.`;
  $("review-box").scrollIntoView({ block: "nearest" });
}

// -- settings ------------------------------------------------------------------------------------

function settingsChanged() {
  const state = play.state;
  if (!state || state.over || state.turns.length === 0) { newGame(); return; }
  say("the new setting applies from the next game: press New game", false);
}

function startPlay() {
  play.game = $("play").dataset.game;
  document.addEventListener("keydown", onKey);
  $("new").addEventListener("click", newGame);
  $("again").addEventListener("click", newGame);
  $("list").addEventListener("change", settingsChanged);
  $("hard").addEventListener("change", settingsChanged);
  $("show-left").addEventListener("change", () => { if (play.state) { showLeft(); } });
  if ($("review")) { $("review").addEventListener("click", reviewGame); }
  if ($("number")) {
    $("number").addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); newGame(); }
    });
  }
  newGame();
}

document.addEventListener("DOMContentLoaded", startPlay);
