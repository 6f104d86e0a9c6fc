// sleuth's web pages: what every page's script shares (elements, the API, messages, tiles).
// No game rule lives here: every figure comes from the server.
"use strict";

const COLOURS = ["grey", "yellow", "green"];

function $(id) { return document.getElementById(id); }

function el(tag, props, children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children || []) {
    node.append(child);
  }
  return node;
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return { ok: false, data: { error: "the server cannot be reached" } };
  }
  let data;
  try {
    data = await response.json();
  } catch (error) {
    data = { error: `the server answered ${response.status}` };
  }
  return { ok: response.ok, status: response.status, data };
}

function say(text, isError) {
  const box = $("message");
  box.textContent = text || "";
  box.classList.toggle("error", Boolean(isError));
}

function tile(letter, mark, extra) {
  return el("span", {
    className: `tile ${COLOURS[mark] || "empty"} ${extra || ""}`,
    textContent: (letter || "").toUpperCase(),
  });
}

function row(word, marks) {
  return el("div", { className: "row" }, [...word].map((c, i) => tile(c, marks[i])));
}

function fixed(x, digits) { return Number(x).toFixed(digits); }
