// The "upload a list…" control beside the list chooser (hint and review pages): sends the word
// lists the user opens to the API and offers the list it answers with in the chooser.
"use strict";

const UPLOADS_KEY = "sleuth-uploads"; // this tab's uploads, offered again after a reload
const upload = { limits: null };

function savedUploads() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(UPLOADS_KEY) || "[]");
    return Array.isArray(saved) ? saved : [];
  } catch (error) {
    return [];
  }
}

function saveUploads(entries) {
  try { sessionStorage.setItem(UPLOADS_KEY, JSON.stringify(entries)); } catch (error) { /* off */ }
}

function offerList(entry, chosen) {
  const select = $("list");
  let option = [...select.options].find((o) => o.value === entry.list);
  if (!option) {
    option = el("option", { value: entry.list, textContent: entry.title });
    select.append(option);
  }
  option.dataset.length = entry.length;
  if (chosen) {
    select.value = entry.list;
    select.dispatchEvent(new Event("change"));
  }
}

function fitLength() {
  // The word inputs take words of the chosen list's length.
  const option = $("list").selectedOptions[0];
  const length = Number(option ? option.dataset.length : 0);
  if (!length) { return; }
  for (const id of ["word", "answer"]) {
    const input = $(id);
    if (input) { input.maxLength = length; }
  }
}

async function loadLimits() {
  if (upload.limits) { return upload.limits; }
  const got = await api("GET", "/api/uploads");
  if (!got.ok) { return null; }
  upload.limits = got.data;
  const [low, high] = got.data.lengths;
  $("upload-help").textContent = "Plain text, one word a line, all of one length " +
    `(${low} to ${high} letters), letters a–z only; at most ` +
    `${got.data.max_words.toLocaleString("en")} words and ${got.data.max_bytes / 1024} KB a ` +
    "list. The server keeps it while you use it (an hour unused).";
  return upload.limits;
}

async function readList(input, what, limits) {
  const file = input.files[0];
  if (!file) { return { text: null }; }
  if (limits && file.size > limits.max_bytes) {
    return { error: `the ${what} file ${file.name} is over ${limits.max_bytes / 1024} KB` };
  }
  try {
    return { text: await file.text(), name: file.name };
  } catch (error) {
    return { error: `the ${what} file ${file.name} cannot be read` };
  }
}

async function sendUpload() {
  const limits = await loadLimits();
  const answers = await readList($("upload-answers"), "answers", limits);
  const guesses = await readList($("upload-guesses"), "guesses", limits);
  const problem = answers.error || guesses.error;
  if (problem) { say(problem, true); return; }
  if (answers.text === null) { say("choose a file of answers first", true); return; }
  say("uploading…");
  const got = await api("POST", "/api/uploads",
    { answers: answers.text, guesses: guesses.text, name: answers.name });
  if (!got.ok) { say(got.data.error, true); return; }
  saveUploads([...savedUploads().filter((e) => e.list !== got.data.list), got.data]);
  $("upload").open = false;
  $("upload-answers").value = "";
  $("upload-guesses").value = "";
  say(`Using ${got.data.title}.`);
  offerList(got.data, true);
}

async function restoreUploads() {
  const live = [];
  for (const entry of savedUploads()) {
    const id = String(entry.list || "").replace(/^upload:/, "");
    const got = await api("GET", `/api/uploads/${encodeURIComponent(id)}`);
    if (got.ok) {
      live.push(got.data);
      offerList(got.data, false);
    }
  }
  saveUploads(live);
}

$("upload-send").addEventListener("click", sendUpload);
$("upload").addEventListener("toggle", () => { if ($("upload").open) { loadLimits(); } });
$("list").addEventListener("change", fitLength);
fitLength();
restoreUploads();
