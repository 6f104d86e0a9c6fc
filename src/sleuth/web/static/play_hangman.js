// The Hangman page: sleuth keeps the word on the server; each letter clicked is sent to the
// API, which answers with what the player may see (and, at the end, the word and how hard it is).
"use strict";

const hm = { key: null, state: null, busy: false };
const PARTS = ["hm-head", "hm-body", "hm-arm-l", "hm-arm-r", "hm-leg-l", "hm-leg-r"];
const SEED = new URLSearchParams(window.location.search).get("seed");

function showLengths() {
  const option = $("hm-list").selectedOptions[0];
  const lengths = JSON.parse(option.dataset.lengths || "{}");
  const keep = $("length").value;
  const choices = [el("option", { value: "", textContent: "any" })];
  for (const [n, count] of Object.entries(lengths)) {
    choices.push(el("option", { value: n, textContent: `${n} (${count.toLocaleString("en")} words)` }));
  }
  $("length").replaceChildren(...choices);
  $("length").value = keep in lengths ? keep : "";
}

async function newRound() {
  const body = { list: $("hm-list").value, lives: Number($("lives").value) };
  if ($("length").value) { body.length = Number($("length").value); }
  if (SEED !== null) { body.seed = Number(SEED); }
  const got = await api("POST", "/api/play/hangman", body);
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  showRound(got.data);
}

function showRound(state) {
  hm.state = state;
  hm.key = state.session;
  const shown = state.word || state.pattern;
  $("word").replaceChildren(...[...shown].map((c, i) => {
    const found = state.pattern[i] !== "_";
    const cell = el("span", {
      className: `hm-cell ${found ? "found" : (state.word ? "missed" : "")}`,
      textContent: c === "_" ? "" : c.toUpperCase(),
    });
    return cell;
  }));
  $("status").textContent = state.over ? "" :
    `Wrong letters: ${state.misses} of the ${state.lives} allowed; one more than that hangs you.`;
  const wrong = state.tried.filter((t) => !t.hit).map((t) => t.letter.toUpperCase());
  $("wrong").textContent = wrong.length ? `Wrong: ${wrong.join(" ")}` : "";
  $("resign").hidden = state.over;
  drawGallows(state);
  drawLetters(state);
  showResult(state);
}

function drawGallows(state) {
  PARTS.forEach((id, i) => $(id).classList.toggle("shown", i < state.parts));
  $("hm-dead").classList.toggle("shown", state.outcome === "lost" && !state.resigned);
  $("gallows").classList.toggle("hanged", state.outcome === "lost");
}

function drawLetters(state) {
  const played = Object.fromEntries(state.tried.map((t) => [t.letter, t.hit]));
  const rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
  $("letters").replaceChildren(...rows.map((letters) => el("div", { className: "keys" },
    [...letters].map((c) => {
      const key = el("button", {
        type: "button",
        className: `key ${c in played ? (played[c] ? "green" : "grey") : ""}`,
        textContent: c.toUpperCase(),
        disabled: c in played || state.over,
      });
      key.dataset.letter = c;
      key.addEventListener("click", () => guess(c));
      return key;
    }))));
}

function showResult(state) {
  $("result").hidden = !state.over;
  if (!state.over) { return; }
  const word = state.word.toUpperCase();
  $("result-title").textContent = state.outcome === "won" ?
    `${word}: found with ${state.misses} wrong ${state.misses === 1 ? "letter" : "letters"}!` :
    (state.resigned ? `The word was ${word}.` : `Hanged! The word was ${word}.`);
  $("difficulty").textContent = state.difficulty ? difficultyText(state.difficulty, state) :
    (state.difficulty_note || "");
}

function difficultyText(d, state) {
  const [easy, medium] = d.edges.map(Number);
  const letters = [...d.letters].map((c) => c.toUpperCase()).join(" ");
  const rule = d.solver === "misses" ? "the seed's greedy rule: the letter the fewest words lack" :
    d.solver;
  return `Difficulty: ${d.band}. sleuth's solver (${rule}) makes ${d.misses} wrong ` +
    `${d.misses === 1 ? "guess" : "guesses"} on ${d.word.toUpperCase()} (it tries ${letters}). ` +
    `Of the ${d.words.toLocaleString("en")} ${state.length}-letter words of the list ` +
    `(${state.list}), easy ones cost it at most ${easy} wrong ${easy === 1 ? "guess" : "guesses"}, ` +
    `medium ones at most ${medium}, hard ones more.`;
}

async function guess(letter) {
  if (!hm.state || hm.state.over || hm.busy) { return; }  // one letter at a time
  hm.busy = true;
  const got = await api("POST", `/api/play/hangman/${hm.key}/guess`, { letter });
  hm.busy = false;
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  showRound(got.data);
}

async function resign() {
  const got = await api("POST", `/api/play/hangman/${hm.key}/resign`);
  if (!got.ok) { say(got.data.error, true); return; }
  showRound(got.data);
}

function typed(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target.tagName === "SELECT") {
    return;
  }
  if (/^[a-zA-Z]$/.test(event.key)) { guess(event.key.toLowerCase()); }
}

function startHangman() {
  showLengths();
  $("hm-list").addEventListener("change", () => { showLengths(); newRound(); });
  $("length").addEventListener("change", newRound);
  $("lives").addEventListener("change", newRound);
  $("new").addEventListener("click", newRound);
  $("resign").addEventListener("click", resign);
  document.addEventListener("keydown", typed);
  newRound();
}

document.addEventListener("DOMContentLoaded", startHangman);
