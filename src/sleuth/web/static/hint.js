// The Wordle hint page: sends guesses and colours (typed, clicked or pasted) to the API and
// shows what it answers: the answers left, the best next guesses, how the chosen guess splits
// the answers, the exact figure (or a background search for it).
"use strict";

const hint = {
  key: null, length: 5, marks: [0, 0, 0, 0, 0], state: null,
  chosen: null, // the guess whose split the chart shows
  view: 0, // bumped at each new state: answers meant for an older one are dropped
  splitTimer: null,
};

async function newHint() {
  const got = await api("POST", "/api/hint", { list: $("list").value, hard: $("hard").checked });
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  hint.chosen = null;
  showHint(got.data);
}

function showHint(state) {
  hint.state = state;
  hint.key = state.session;
  hint.length = state.length;
  $("word").maxLength = state.length;
  if (hint.marks.length !== state.length) { hint.marks = new Array(state.length).fill(0); }
  hint.view += 1;
  $("hard").checked = state.hard;
  $("board").replaceChildren(...state.turns.map((t) => row(t.word, t.marks)));
  $("remaining").textContent = state.remaining;
  $("remaining-label").textContent = state.solved ? "solved" :
    (state.remaining === 1 ? "answer left" : "answers left");
  showAnswers(state);
  const best = state.optimal;
  $("optimal").textContent = best ?
    `Optimal: ${best.word.toUpperCase()}, ${fixed(best.mean, 3)} guesses on average to ` +
    `finish from here${best.worst === null ? "" : ` (worst ${best.worst})`}; ${best.source}.` : "";
  showSuggestions(state);
  showExact(state);
  if (state.notes.length) { say(state.notes.join(" "), false); }
  drawKeyboard(state.keyboard);
  drawPending();
  const words = state.suggestions.map((s) => s.word);
  if (!hint.chosen || state.solved) { hint.chosen = words[0] || null; }
  drawSplit();
}

function showAnswers(state) {
  const shown = state.likely;
  $("answers").replaceChildren(...shown.map((a) => el("li", {
    textContent: a.word.toUpperCase(),
    title: `${fixed(100 * a.chance, 2)}% by ${state.likely_by}`,
  })));
  $("answers-note").textContent = shown.length > 1 ?
    `Likeliest first (by ${state.likely_by}; every figure counts each answer the same):` : "";
  const more = state.remaining - shown.length;
  $("answers-more").textContent = more > 0 && !state.solved ? `… and ${more} more.` : "";
}

function showSuggestions(state) {
  const body = $("suggestions").tBodies[0];
  body.replaceChildren(...state.suggestions.map((s) => {
    const pick = el("button", { type: "button", className: s.optimal ? "pick optimal" : "pick",
      textContent: s.word.toUpperCase(), title: s.optimal ? "the optimal next guess" : "" });
    pick.addEventListener("click", () => {
      $("word").value = s.word;
      hint.chosen = s.word;
      drawPending();
      drawSplit();
      $("word").focus();
    });
    return el("tr", {}, [el("td", {}, [pick]), el("td", { textContent: fixed(s.expected, 2) }),
      el("td", { textContent: fixed(s.bits, 2) }), el("td", { textContent: s.worst }),
      el("td", { textContent: `${fixed(100 * s.chance, 1)}%` })]);
  }));
}

// -- the split chart ---------------------------------------------------------------------------

async function drawSplit() {
  const word = hint.chosen;
  const view = hint.view;
  if (!word || !hint.state || hint.state.solved) {
    $("split").hidden = true;
    return;
  }
  const got = await api("GET", `/api/hint/${hint.key}/split?word=${encodeURIComponent(word)}`);
  if (view !== hint.view || word !== hint.chosen) { return; }
  $("split").hidden = false;
  if (!got.ok) {
    $("split-title").textContent = `How ${word.toUpperCase()} splits the answers left`;
    $("split-summary").textContent = got.data.error;
    $("split-chart").replaceChildren();
    return;
  }
  const s = got.data;
  $("split-title").textContent = `How ${s.word.toUpperCase()} splits the ${s.remaining} ` +
    (s.remaining === 1 ? "answer left" : "answers left");
  $("split-summary").textContent = `${s.count} ${s.count === 1 ? "outcome" : "outcomes"}; ` +
    `${fixed(s.expected, 2)} answers left on average, ${s.worst} at worst; ` +
    `${fixed(s.bits, 2)} bits; ${fixed(100 * s.chance, 1)}% it is the answer.` +
    (s.note ? ` Not allowed in ${s.note}.` : "");
  const largest = Math.max(...s.classes.map((c) => c.size), 1);
  const bars = s.classes.map((c) => el("div", { className: "split-row" }, [
    el("span", { className: "mini-row", title: c.feedback },
      c.marks.map((m) => el("span", { className: `mini ${COLOURS[m]}` }))),
    el("span", { className: "split-track" }, [el("span", {
      className: c.solved ? "split-bar solved" : "split-bar",
      style: `width: ${(100 * c.size) / largest}%`,
    })]),
    el("span", { className: "split-count", textContent: c.size,
      title: c.answers.map((w) => w.toUpperCase()).join(" ") +
        (c.size > c.answers.length ? " …" : "") }),
  ]));
  if (s.more_classes) {
    bars.push(el("p", { className: "help",
      textContent: `… and ${s.more_classes} smaller outcomes holding ${s.more_answers} ` +
        "answers." }));
  }
  $("split-chart").replaceChildren(...bars);
}

function chooseTyped() {
  const word = $("word").value.trim().toLowerCase();
  clearTimeout(hint.splitTimer);
  if (word.length === hint.length && word !== hint.chosen) {
    hint.splitTimer = setTimeout(() => { hint.chosen = word; drawSplit(); }, 150);
  }
}

// -- the exact figure --------------------------------------------------------------------------

function showExact(state) {
  const offer = state.exact;
  $("exact").hidden = !offer;
  $("exact-progress").hidden = true;
  $("exact-note").textContent = "";
  if (!offer) { return; }
  $("exact-start").hidden = false;
  $("exact-start").textContent = `Compute ${offer.what}`;
  pollExact(hint.view, false);
}

async function startExact() {
  const view = hint.view;
  const got = await api("POST", `/api/hint/${hint.key}/exact`);
  if (view !== hint.view) { return; }
  if (!got.ok) { $("exact-note").textContent = got.data.error; return; }
  showJob(got.data, view, true);
}

// watching: this page started the search (or saw it run), so its end refreshes the page
async function pollExact(view, watching) {
  const got = await api("GET", `/api/hint/${hint.key}/exact`);
  if (view !== hint.view || !got.ok) { return; }
  showJob(got.data, view, watching);
}

function showJob(job, view, watching) {
  const running = job.state === "running";
  $("exact-start").hidden = running;
  $("exact-progress").hidden = !running;
  if (running) {
    $("exact-bar").max = Math.max(job.total, 1);
    $("exact-bar").value = job.done;
    $("exact-text").textContent = job.total ?
      `${job.done} classes searched, at most ${job.total - job.done} to go; ` +
      `${fixed(job.seconds, 0)} s (the limit: ${job.limit} s)` : `starting the search, ${fixed(job.seconds, 0)} s`;
    setTimeout(() => pollExact(view, true), 500);
  } else if (job.state === "done" && watching) {
    refresh();
  } else if (job.state !== "none" && job.state !== "done") {
    $("exact-note").textContent = `The last search: ${job.reason || job.state}.`;
  }
}

async function cancelExact() {
  const got = await api("DELETE", `/api/hint/${hint.key}/exact`);
  if (!got.ok) { say(got.data.error, true); }
}

async function refresh() {
  const got = await api("GET", `/api/hint/${hint.key}`);
  if (got.ok) { showHint(got.data); } else { say(got.data.error, true); }
}

// -- a pasted result ---------------------------------------------------------------------------

async function readGrid(words) {
  const body = { text: $("grid").value };
  if (words) { body.words = words; }
  const got = await api("POST", `/api/hint/${hint.key}/paste`, body);
  if (!got.ok) { say(got.data.error, true); return; }
  if (got.data.need_words) { askWords(got.data.rows); return; }
  say(`${got.data.pasted} ${got.data.pasted === 1 ? "row" : "rows"} pasted.`);
  $("grid-words").hidden = true;
  $("paste-box").open = false;
  $("grid").value = "";
  showHint(got.data);
}

function askWords(rows) {
  say("");
  $("grid-rows").replaceChildren(...rows.map((r) => el("label", { className: "grid-row" }, [
    el("span", { className: "mini-row" },
      r.marks.map((m) => el("span", { className: `mini ${COLOURS[m]}` }))),
    el("input", { value: r.word, maxLength: hint.length, placeholder: `word of row ${r.row}`,
      spellcheck: false, className: "grid-word" }),
  ])));
  $("grid-words").hidden = false;
  const first = [...document.querySelectorAll(".grid-word")].find((input) => !input.value);
  if (first) { first.focus(); }
}

function playGrid(event) {
  event.preventDefault();
  readGrid([...document.querySelectorAll(".grid-word")].map((input) => input.value.trim()));
}

// -- typing a guess ----------------------------------------------------------------------------

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
        if (input.value.length < hint.length) { input.value += c; drawPending(); chooseTyped(); }
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
  hint.chosen = null;
  showHint(got.data);
}

async function undo() {
  const got = await api("POST", `/api/hint/${hint.key}/undo`);
  if (!got.ok) { say(got.data.error, true); return; }
  say("");
  $("undo").classList.remove("offered");
  hint.chosen = null;
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
  $("word").addEventListener("input", () => { drawPending(); chooseTyped(); });
  $("read-grid").addEventListener("click", () => readGrid(null));
  $("grid-words").addEventListener("submit", playGrid);
  $("exact-start").addEventListener("click", startExact);
  $("exact-cancel").addEventListener("click", cancelExact);
  drawPending();
  newHint();
}

document.addEventListener("DOMContentLoaded", startHints);
