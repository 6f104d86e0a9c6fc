// The Wordle hint page: sends guesses and colours to the API and shows what it answers.
"use strict";

const hint = { key: null, length: 5, marks: [0, 0, 0, 0, 0], state: null };

async function newHint() {
  const got = await api("POST", "/api/hint", { list: $("list").value, hard: $("hard").checked });
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  showHint(got.data);
}

function showHint(state) {
  hint.state = state;
  hint.key = state.session;
  hint.length = state.length;
  $("hard").checked = state.hard;
  $("board").replaceChildren(...state.turns.map((t) => row(t.word, t.marks)));
  $("remaining").textContent = state.remaining;
  $("remaining-label").textContent = state.solved ? "solved" :
    (state.remaining === 1 ? "answer left" : "answers left");
  $("answers").textContent = state.answers.map((w) => w.toUpperCase()).join(" ");
  const best = state.optimal;
  $("optimal").textContent = best ?
    `Optimal: ${best.word.toUpperCase()}, ${fixed(best.mean, 3)} guesses on average to ` +
    `finish from here${best.worst === null ? "" : ` (worst ${best.worst})`}; ${best.source}.` : "";
  const body = $("suggestions").tBodies[0];
  body.replaceChildren(...state.suggestions.map((s) => {
    const pick = el("button", { type: "button", className: s.optimal ? "pick optimal" : "pick",
      textContent: s.word.toUpperCase(), title: s.optimal ? "the optimal next guess" : "" });
    pick.addEventListener("click", () => { $("word").value = s.word; drawPending(); $("word").focus(); });
    return el("tr", {}, [el("td", {}, [pick]), el("td", { textContent: fixed(s.expected, 2) }),
      el("td", { textContent: fixed(s.bits, 2) }), el("td", { textContent: s.worst }),
      el("td", { textContent: `${fixed(100 * s.chance, 1)}%` })]);
  }));
  if (state.notes.length) { say(state.notes.join(" "), false); }
  drawKeyboard(state.keyboard);
  drawPending();
}

function drawPending() {
  const word = $("word").value.trim().toLowerCase();
  const tiles = [];
  for (let i = 0; i < hint.length; i += 1) {
    const letter = word[i] || "";
    const t = tile(letter, letter ? hint.marks[i] : -1, "clickable");
    t.dataset.index = i;
    t.title = "click to change the colour";
    t.addEventListener("click", () => {
      hint.marks[i] = (hint.marks[i] + 1) % 3;
      drawPending();
    });
    tiles.push(t);
  }
  $("pending").replaceChildren(...tiles);
}

function drawKeyboard(known) {
  const rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
  $("keyboard").replaceChildren(...rows.map((letters) => el("div", { className: "keys" },
    [...letters].map((c) => {
      const key = el("button", {
        type: "button",
        className: `key ${c in known ? COLOURS[known[c]] : ""}`,
        textContent: c.toUpperCase(),
      });
      key.dataset.letter = c;
      key.addEventListener("click", () => {
        const input = $("word");
        if (input.value.length < hint.length) { input.value += c; drawPending(); }
      });
      return key;
    }))));
}

async function sendGuess(event) {
  event.preventDefault();
  const word = $("word").value.trim();
  if (!word) { say("type a guess first", true); return; }
  const got = await api("POST", `/api/hint/${hint.key}/guess`,
    { word, feedback: hint.marks.slice(0, hint.length).join("") });
  if (!got.ok) {
    say(got.data.error + (got.data.undo ? " (Undo takes back the last guess.)" : ""), true);
    $("undo").classList.toggle("offered", Boolean(got.data.undo));
    return;
  }
  say("");
  $("undo").classList.remove("offered");
  $("word").value = "";
  hint.marks = new Array(hint.length).fill(0);
  showHint(got.data);
}

async function undo() {
  const got = await api("POST", `/api/hint/${hint.key}/undo`);
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  $("undo").classList.remove("offered");
  showHint(got.data);
}

async function setHard() {
  const got = await api("POST", `/api/hint/${hint.key}/hard`, { on: $("hard").checked });
  if (!got.ok) { say(got.data.error, true); return; }
  showHint(got.data);
}

function startHints() {
  $("guess-form").addEventListener("submit", sendGuess);
  $("undo").addEventListener("click", undo);
  $("new").addEventListener("click", newHint);
  $("list").addEventListener("change", newHint);
  $("hard").addEventListener("change", setHard);
  $("word").addEventListener("input", drawPending);
  drawPending();
  newHint();
}

document.addEventListener("DOMContentLoaded", startHints);
