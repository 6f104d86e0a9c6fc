// The Lingo pit results page: sends a results file the user opens to the API and shows what
// it answers: the per-length table, the ranking, a chart of the points per game (inline SVG).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
  "#7f7f7f", "#bcbd22", "#17becf", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5",
  "#c49c94", "#f7b6d2", "#c7c7c7", "#dbdb8d", "#9edae5"];
const CHART = { width: 720, height: 340, left: 58, right: 18, top: 14, bottom: 46 };
const NAME_CHARS = 40; // a legend's player name is cut to this (a player may be a command line)

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) { node.setAttribute(key, value); }
  if (text !== undefined) { node.textContent = text; }
  return node;
}

function short(name) {
  // Long names are cut in the middle: commands differ most in their ends (the script's name).
  if (name.length <= NAME_CHARS) { return name; }
  const head = Math.floor((NAME_CHARS - 1) / 3);
  return `${name.slice(0, head)}…${name.slice(name.length - (NAME_CHARS - 1 - head))}`;
}

function cells(values, tag) {
  return values.map((v) => el(tag || "td", { textContent: v }));
}

async function sendFile(file) {
  let response;
  try {
    response = await fetch("/api/pit", { method: "POST", body: file,
      headers: { "Content-Type": "application/octet-stream" } });
  } catch (error) {
    return { ok: false, data: { error: "the server cannot be reached" } };
  }
  let data;
  try {
    data = await response.json();
  } catch (error) {
    data = { error: `the server answered ${response.status}` };
  }
  return { ok: response.ok, data };
}

async function openPit() {
  const input = $("pit-file");
  const file = input.files[0];
  if (!file) { return; }
  const most = Number(input.dataset.max);
  $("pit-results").hidden = true;
  if (file.size === 0) { say(`${file.name} is empty`, true); return; }
  if (file.size > most) {
    say(`${file.name} is over ${most / (1024 * 1024)} MB: is it a pit's results file?`, true);
    return;
  }
  say(`reading ${file.name}…`);
  const got = await sendFile(file);
  if (!got.ok) { say(got.data.error, true); return; }
  say(got.data.torn ? "The file's last line was cut off (a pit stopped while writing it); " +
    "it is left out." : "");
  showPit(got.data, file.name);
}

function showPit(data, name) {
  const games = data.games.reduce((a, b) => a + b, 0);
  $("pit-about").textContent = `${name}: ${games} games a player over ${data.lengths.length} ` +
    `lengths (${data.per_length} words a length drawn with seed ${data.seed})` +
    (data.words ? `; words: ${data.words}` : "") + (data.started ? `; started ${data.started}` : "");
  drawTable(data);
  drawRanking(data.standings);
  drawChart(data);
  drawBeside(data.beside, games);
  $("pit-results").hidden = false;
}

function drawTable(data) {
  const table = $("pit-table");
  table.tHead.replaceChildren(el("tr", {}, cells(["player", ...data.lengths.map(String), "total",
    "games", "s/game", "slowest", "faults"], "th")));
  table.tBodies[0].replaceChildren(...data.standings.map((s) => {
    const faults = el("td", { textContent: s.faults, className: s.faults ? "bad" : "" });
    return el("tr", {}, [...cells([s.player, ...s.per_length, s.total, s.games,
      fixed(s.seconds, 2), fixed(s.slowest, 2)]), faults]);
  }));
}

function drawRanking(standings) {
  $("ranking").tBodies[0].replaceChildren(...standings.map((s) =>
    el("tr", {}, cells([s.rank, s.player, s.total]))));
}

function drawBeside(rows, games) {
  $("beside-title").textContent = "Beside the 2014 entries (their published sums scaled to " +
    `these ${games} games)`;
  $("beside").tBodies[0].replaceChildren(...rows.map((r) => el("tr",
    { className: r.published ? "published" : "" },
    cells([r.name, Math.round(r.total).toLocaleString("en"),
      Math.round(r.per_1000).toLocaleString("en"), r.seconds === null ? "" : fixed(r.seconds, 2)]))));
}

function drawChart(data) {
  const { width, height, left, right, top, bottom } = CHART;
  const wide = width - left - right;
  const high = height - top - bottom;
  const lengths = data.lengths;
  const means = data.standings.flatMap((s) => s.means.filter((m) => m !== null));
  const most = Math.max(100, Math.ceil(Math.max(...means, 0) / 100) * 100);
  const x = (i) => left + (lengths.length === 1 ? wide / 2 : (i * wide) / (lengths.length - 1));
  const y = (v) => top + high * (1 - v / most);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": "mean points per game by word length" });
  for (let v = 0; v <= most; v += 100) {
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid" }));
    chart.append(svg("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" },
      String(v)));
  }
  lengths.forEach((n, i) => chart.append(svg("text", { x: x(i), y: top + high + 18,
    class: "tick", "text-anchor": "middle" }, String(n))));
  chart.append(svg("text", { x: left + wide / 2, y: height - 6, class: "axis",
    "text-anchor": "middle" }, "word length (letters)"));
  chart.append(svg("text", { x: 14, y: top + high / 2, class: "axis", "text-anchor": "middle",
    transform: `rotate(-90 14 ${top + high / 2})` }, "mean points per game"));
  const legend = data.standings.map((s, k) => {
    const colour = PALETTE[k % PALETTE.length];
    chart.append(playerLine(s, colour, x, y, lengths));
    const swatch = el("span", { className: "swatch" });
    swatch.style.background = colour;
    return el("li", { title: s.player }, [swatch, short(s.player)]);
  });
  $("pit-chart").replaceChildren(chart, el("ul", { className: "pit-legend" }, legend));
}

function playerLine(standing, colour, x, y, lengths) {
  const group = svg("g", { class: "player", stroke: colour, fill: colour });
  group.append(svg("title", {}, standing.player));
  let run = [];
  const flush = () => {
    if (run.length > 1) { group.append(svg("polyline", { points: run.join(" "), fill: "none" })); }
    run = [];
  };
  standing.means.forEach((mean, i) => {
    if (mean === null) { flush(); return; }
    run.push(`${x(i)},${y(mean)}`);
    const dot = svg("circle", { cx: x(i), cy: y(mean), r: 4 });
    dot.append(svg("title", {}, `${standing.player}: ${fixed(mean, 1)} points a game at ` +
      `${lengths[i]} letters`));
    group.append(dot);
  });
  flush();
  return group;
}

document.addEventListener("DOMContentLoaded", () => {
  $("pit-file").addEventListener("change", openPit);
  openPit(); // a file the browser kept chosen across a reload
});
