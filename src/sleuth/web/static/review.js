// The post-game review page.
"use strict";

async function sendReview(event) {
  event.preventDefault();
  const lines = $("played").value.split("\n").map((l) => l.trim()).filter((l) => l);
  const parts = lines.map((l) => l.split(/[\s:]+/));
  const answer = $("answer").value.trim();
  const body = { list: $("list").value, hard: $("hard").checked, words: parts.map((p) => p[0]) };
  if (answer) {
    body.answer = answer;
  } else {
    body.feedback = parts.map((p) => p.slice(1).join(""));
  }
  const got = await api("POST", "/api/review", body);
  if (!got.ok) { say(got.data.error, true); $("review-table").hidden = true; return; }
  say("");
  showReview(got.data);
}

function showReview(result) {
  const body = $("review-table").tBodies[0];
  body.replaceChildren(...result.turns.map((t, i) => el("tr", {}, [
    el("td", { textContent: i + 1 }),
    el("td", {}, [row(t.word, t.marks)]),
    el("td", { textContent: `${t.before} → ${t.after}` }),
    el("td", { textContent: fixed(t.expected_after, 2) }),
    el("td", { className: t.luck >= 0 ? "good" : "bad", textContent: fixed(t.luck, 2) }),
    el("td", { textContent: fixed(t.yours, 3) }),
    el("td", { textContent: `${fixed(t.best, 3)} (${t.best_word.toUpperCase()})` }),
    el("td", { className: t.lost > 1e-9 ? "bad" : "good", textContent: fixed(t.lost, 3) }),
    el("td", { className: "label", textContent: t.exact ? "exact" : "estimated" }),
  ])));
  $("review-table").hidden = false;
  const lost = result.turns.reduce((sum, t) => sum + t.lost, 0);
  $("summary").textContent = `Solved in ${result.guesses}; guesses lost to skill: ${fixed(lost, 3)}.`;
}

function startReview() {
  $("review-form").addEventListener("submit", sendReview);
}

document.addEventListener("DOMContentLoaded", startReview);
