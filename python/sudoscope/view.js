// The search in a notebook cell (anywidget), live while it runs and on a page of its own once
// it has ended: the board with its givens and conflicts (counted from the board, as the
// program's viewer counts them), the cost chart with its axes and the named metrics, the step
// log, and controls that need nothing from Python: play and pause, one step back or on, the
// start, the live end, the speed, and a slider along the whole run.
//
// Steps come two ways (notebook.py): live batches (custom messages) and the run's archive (a
// synced state: compressed chunks of steps). Each carries the index of its first step, so the
// view takes every step in order and once: a batch that comes before the steps it follows waits
// for the archive to bring them. The run is kept in typed arrays (the cells each step changed,
// with the values before and after; the cost counted after each step; the search's own numbers),
// with a board every KEY steps, so that any step's board is at most KEY steps of changes away:
// a million steps take a few tens of megabytes and the slider goes anywhere at once. The chart
// reads buckets of steps (min and max of each series), made as the steps come: every series is
// in step with every other.

const KEY = 512;
const CHUNK = 4096; // steps of a sealed chunk of the archive (notebook.py)
const BUCKETS = 480;
const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
const SPEEDS = [1, 10, 100, 1000];
const COLOURS = ['#1f77b4', '#2ca02c', '#d62728', '#e377c2', '#ff7f0e', '#9467bd', '#8c564b', '#17becf'];

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A number for people, in the class's language: whole numbers as they are, others with four
// significant digits at most (`1,5`, `0,0123`), very large or small ones in scientific notation
// (`1,2e-5`), and what is not a finite number as `∞`, `-∞` or `?`.
export function fmt(x, lang) {
  if (x === null || x === undefined) return '–';
  if (Number.isNaN(x)) return '?';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return '-∞';
  let s;
  const a = Math.abs(x);
  if (Number.isInteger(x) && a < 1e15) s = String(x);
  else if (a !== 0 && (a < 1e-3 || a >= 1e6)) s = x.toExponential(1).replace('e+', 'e');
  else s = String(Number(x.toPrecision(4)));
  return lang === 'en' ? s : s.replace('.', ',');
}

// A growable typed array.
class Column {
  constructor(Kind, fill) {
    this.Kind = Kind;
    this.fill = fill;
    this.data = new Kind(1024);
    if (fill !== undefined) this.data.fill(fill);
    this.length = 0;
  }

  push(v) {
    if (this.length === this.data.length) {
      const more = new this.Kind(this.data.length * 2);
      if (this.fill !== undefined) more.fill(this.fill);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = v;
  }

  at(i) {
    return this.data[i];
  }
}

// A series thinned to buckets of `width` steps, the least and greatest value of each: at most
// 2 x BUCKETS buckets, their width doubled (pairs merged) when full.
class Thinned {
  constructor() {
    this.width = 1;
    this.lo = [];
    this.hi = [];
  }

  // Step `i`'s value (NaN for none): every series is given one at every step, so that the
  // buckets of all of them line up.
  push(v, i) {
    let k = Math.floor(i / this.width);
    while (k >= 2 * BUCKETS) {
      this.merge();
      k = Math.floor(i / this.width);
    }
    while (this.lo.length <= k) {
      this.lo.push(NaN);
      this.hi.push(NaN);
    }
    if (Number.isFinite(v)) {
      if (!(this.lo[k] <= v)) this.lo[k] = v;
      if (!(this.hi[k] >= v)) this.hi[k] = v;
    }
  }

  merge() {
    const pick = (a, b, f) => (Number.isFinite(a) ? (Number.isFinite(b) ? f(a, b) : a) : b);
    const lo = [], hi = [];
    for (let k = 0; k < this.lo.length; k += 2) {
      lo.push(pick(this.lo[k], this.lo[k + 1], Math.min));
      hi.push(pick(this.hi[k], this.hi[k + 1], Math.max));
    }
    this.lo = lo.map((v) => (v === undefined ? NaN : v));
    this.hi = hi.map((v) => (v === undefined ? NaN : v));
    this.width *= 2;
  }
}

// Where `v` lies from `lo` (0) to `hi` (1), measured in halves so that no span overflows.
function share(v, lo, hi) {
  return hi > lo ? (v / 2 - lo / 2) / (hi / 2 - lo / 2) : 0;
}

// A canvas sized for the device's pixels at the width it is laid out in (at least 200) and
// `height`, cleared, its text set: the context to draw in, and the width.
function paint(c, height) {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(200, c.clientWidth || 480);
  if (c.width !== Math.round(width * ratio) || c.height !== Math.round(height * ratio)) {
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    c.style.height = height + 'px';
  }
  const g = c.getContext('2d');
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  g.font = '11px ui-monospace, Menlo, Consolas, monospace';
  return { g, width };
}

// A board's cells as a table's rows, the boxes' edges marked: the cells, in order.
function gridOf(table, n, box) {
  const tds = [];
  for (let r = 0; r < n; r++) {
    const tr = el('tr');
    for (let c = 0; c < n; c++) {
      const td = el('td');
      if (c > 0 && c % box === 0) td.classList.add('bl');
      if (r > 0 && r % box === 0) td.classList.add('bt');
      tr.appendChild(td);
      tds.push(td);
    }
    table.appendChild(tr);
  }
  return tds;
}

// A legend's entry: a line of `colour`, then `text`.
function entry(colour, text) {
  const e = el('span', 'entry', text);
  e.style.setProperty('--c', colour);
  return e;
}

// The run as it has come: the board it starts from, each step's changes, the cost counted after
// each, the search's own numbers, and the populations reduced.
export class Run {
  constructor(header) {
    this.n = header.n;
    this.box = Math.round(Math.sqrt(this.n));
    this.cells = this.n * this.n;
    this.givens = Uint8Array.from(header.givens);
    // without the board it starts from, the run is shown from its first step's board
    this.startKnown = Array.isArray(header.start);
    this.base = Uint8Array.from(this.startKnown ? header.start : new Array(this.cells).fill(0));
    this.latest = Uint8Array.from(this.base);
    this.count = 0;
    this.offsets = new Column(Uint32Array);
    this.offsets.push(0);
    this.chCell = new Column(Uint16Array);
    this.chBefore = new Column(Uint8Array);
    this.chAfter = new Column(Uint8Array);
    this.acc = new Column(Int8Array);
    this.cost = new Column(Uint16Array);
    this.best = new Column(Uint16Array);
    this.reported = new Column(Float64Array);
    this.metrics = new Map();
    this.moves = [];
    this.pops = new Map();
    this.keys = [Uint8Array.from(this.base)];
    this.broken = new Set(); // givens the search overwrote, at any step
    this.units = this.makeUnits();
    this.unitOf = this.cellUnits();
    this.counts = new Uint8Array(this.units.length * (this.n + 1));
    this.missing = 0;
    for (let u = 0; u < this.units.length; u++) {
      for (const i of this.units[u]) if (this.base[i]) this.counts[u * (this.n + 1) + this.base[i]]++;
      let have = 0;
      for (let v = 1; v <= this.n; v++) if (this.counts[u * (this.n + 1) + v]) have++;
      this.missing += this.n - have;
    }
    this.startCost = this.missing;
    this.series = new Map(); // name -> Thinned
    for (const name of ['cost', 'best', 'mean', 'worst', 'reported']) this.series.set(name, new Thinned());
    this.closing = null;
  }

  makeUnits() {
    const n = this.n, b = this.box, u = [];
    for (let r = 0; r < n; r++) u.push([...Array(n)].map((_, c) => r * n + c));
    for (let c = 0; c < n; c++) u.push([...Array(n)].map((_, r) => r * n + c));
    for (let br = 0; br < n; br += b)
      for (let bc = 0; bc < n; bc += b) {
        const cells = [];
        for (let r = br; r < br + b; r++) for (let c = bc; c < bc + b; c++) cells.push(r * n + c);
        u.push(cells);
      }
    return u;
  }

  cellUnits() {
    const of = [...Array(this.cells)].map(() => []);
    this.units.forEach((unit, k) => unit.forEach((i) => of[i].push(k)));
    return of;
  }

  // The latest board's cell `i` becomes `v`, the units' counts and the cost kept up.
  set(i, v) {
    const was = this.latest[i];
    if (was === v) return;
    const stride = this.n + 1;
    for (const u of this.unitOf[i]) {
      if (was && --this.counts[u * stride + was] === 0) this.missing++;
      if (v && this.counts[u * stride + v]++ === 0) this.missing--;
    }
    this.latest[i] = v;
  }

  // Missing values over every row, column and box of `board`: 0 is solved.
  costOf(board) {
    let missing = 0;
    for (const unit of this.units) {
      const seen = new Set();
      for (const i of unit) if (board[i]) seen.add(board[i]);
      missing += this.n - seen.size;
    }
    return missing;
  }

  // Cells whose value another cell of one of their units also holds.
  conflicts(board) {
    const bad = new Uint8Array(this.cells);
    for (const unit of this.units) {
      const where = new Map();
      for (const i of unit) {
        const v = board[i];
        if (!v) continue;
        if (where.has(v)) {
          bad[i] = 1;
          bad[where.get(v)] = 1;
        } else where.set(v, i);
      }
    }
    return bad;
  }

  metric(name) {
    if (!this.metrics.has(name)) {
      const col = new Column(Float64Array, NaN);
      col.length = this.count;
      while (col.data.length < col.length) {
        const more = new Float64Array(col.data.length * 2).fill(NaN);
        more.set(col.data);
        col.data = more;
      }
      this.metrics.set(name, col);
      const thin = new Thinned();
      for (let k = 0; k < this.count; k++) thin.push(NaN, k);
      this.series.set('m:' + name, thin);
    }
    return this.metrics.get(name);
  }

  // Take the steps of `chunk` (notebook.py's columns) from its step `from` on.
  take(chunk, from) {
    const ch = chunk.ch.length ? chunk.ch.split(',') : [];
    const names = Object.keys(chunk.met || {});
    for (let k = from; k < chunk.n; k++) {
      const text = ch[k] || '';
      for (let j = 0; j + 2 < text.length; j += 3) {
        const cell = parseInt(text.slice(j, j + 2), 36);
        const value = parseInt(text[j + 2], 36);
        if (!(cell < this.cells) || !(value <= this.n)) continue;
        this.chCell.push(cell);
        this.chBefore.push(this.latest[cell]);
        this.chAfter.push(value);
        if (this.givens[cell] && value !== this.givens[cell]) this.broken.add(cell);
        this.set(cell, value);
      }
      this.offsets.push(this.chCell.length);
      const a = chunk.acc[k];
      this.acc.push(a === '1' ? 1 : a === '0' ? 0 : -1);
      const index = this.count;
      this.cost.push(this.missing);
      this.best.push(index === 0 ? this.missing : Math.min(this.best.at(index - 1), this.missing));
      const reported = chunk.cost ? chunk.cost[k] : null;
      this.reported.push(typeof reported === 'number' ? reported : NaN);
      this.series.get('reported').push(typeof reported === 'number' ? reported : NaN, index);
      for (const name of names) this.metric(name);
      for (const [name, col] of this.metrics) {
        const v = names.includes(name) ? chunk.met[name][k] : null;
        col.push(typeof v === 'number' ? v : NaN);
        this.series.get('m:' + name).push(typeof v === 'number' ? v : NaN, index);
      }
      this.moves.push(chunk.mv ? chunk.mv[k] : null);
      const pop = chunk.pop ? chunk.pop[String(k)] : undefined;
      if (pop) this.pops.set(index, pop);
      this.series.get('cost').push(this.missing, index);
      this.series.get('best').push(this.best.at(index), index);
      this.series.get('mean').push(pop && pop.k ? pop.m : NaN, index);
      this.series.get('worst').push(pop && pop.k ? pop.w : NaN, index);
      this.count++;
      if (this.count % KEY === 0) this.keys.push(Uint8Array.from(this.latest));
    }
  }

  // The board after `at` steps (0: the start).
  board(at) {
    const k = Math.floor(at / KEY);
    const b = Uint8Array.from(this.keys[Math.min(k, this.keys.length - 1)]);
    for (let s = Math.min(k, this.keys.length - 1) * KEY; s < at; s++) {
      for (let c = this.offsets.at(s); c < this.offsets.at(s + 1); c++) b[this.chCell.at(c)] = this.chAfter.at(c);
    }
    return b;
  }

  // The cells step `s` (from 1) changed: [cell, before, after] each.
  changes(s) {
    const out = [];
    for (let c = this.offsets.at(s - 1); c < this.offsets.at(s); c++) {
      out.push([this.chCell.at(c), this.chBefore.at(c), this.chAfter.at(c)]);
    }
    return out;
  }

  // The first step a view may stand on: the start, or the first step's board when the run
  // was not given its start.
  first() {
    return this.startKnown ? 0 : Math.min(1, this.count);
  }
}

// The run's steps, taken in order and once from whatever brings them: a live batch whose first
// step has not come yet waits for the archive to bring the steps before it.
export class Intake {
  constructor(run, changed) {
    this.run = run;
    this.changed = changed;
    this.waiting = new Map(); // first step -> chunk
    this.queue = Promise.resolve();
    this.sealed = 0; // the archive's sealed chunks already taken whole
  }

  // A chunk whose steps begin at its `first`.
  offer(chunk) {
    const run = this.run;
    if (chunk.first + chunk.n <= run.count) return;
    if (chunk.first > run.count) {
      this.waiting.set(chunk.first, chunk);
      return;
    }
    run.take(chunk, run.count - chunk.first);
    // what waited for these steps
    for (;;) {
      const next = [...this.waiting.values()].find((c) => c.first <= run.count && c.first + c.n > run.count);
      for (const [f, c] of this.waiting) if (c.first + c.n <= run.count) this.waiting.delete(f);
      if (!next) break;
      this.waiting.delete(next.first);
      run.take(next, run.count - next.first);
    }
    this.changed();
  }

  // The archive: its packed chunks, unpacked in turn.
  archive(packed) {
    this.queue = this.queue.then(async () => {
      const chunks = packed || [];
      for (let i = this.sealed; i < chunks.length; i++) {
        const chunk = await unpack(chunks[i]);
        this.offer(chunk);
        // a sealed chunk never changes: once its steps are in, it is not read again
        if (chunk.n >= CHUNK && this.run.count >= chunk.first + chunk.n && i === this.sealed) this.sealed++;
      }
    }).catch((e) => console.error('sudoscope: the archive could not be read', e));
    return this.queue;
  }
}

// A packed chunk (base64 of deflated JSON) as its columns.
export async function unpack(text) {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return JSON.parse(await new Response(stream).text());
}

// The model of a page the run was saved as: the same values, nothing live.
export function pageModel(data) {
  return { get: (k) => data[k], on() {}, send() {}, page: true };
}

// The chart: the cost counted from the board and the best so far (with a population's mean and
// worst on the same scale) above, each named series on its own scale below, with axes, labels
// and a legend that gives each scaled series its range.
class Chart {
  constructor(run, words, lang) {
    this.run = run;
    this.w = words;
    this.lang = lang;
    this.canvas = el('canvas', 'chart');
    this.canvas.setAttribute('role', 'img');
    this.legend = el('div', 'legend');
  }

  draw(at) {
    const run = this.run;
    const c = this.canvas;
    const named = [...run.series.keys()].filter((k) => k.startsWith('m:') && this.has(k));
    const reported = this.has('reported');
    const lower = named.length + (reported ? 1 : 0) > 0;
    const { g, width } = paint(c, lower ? 240 : 160);
    const left = 44, right = width - 8;
    const top = { y0: 8, y1: lower ? 130 : 138 };
    const total = Math.max(run.count, 1);
    const x0 = run.first();
    const xOf = (step) => left + (right - left) * (step - x0) / Math.max(1, total - x0);
    const cost = run.series.get('cost');
    const worst = run.series.get('worst');
    let hi = 1;
    for (const s of [cost, worst]) for (const v of s.hi) if (Number.isFinite(v) && v > hi) hi = v;
    if (!run.startKnown) {
      // the chart starts at the first traced board
    } else if (run.startCost > hi) hi = run.startCost;
    const yOf = (v, box, lo, up) => box.y1 - (box.y1 - box.y0) * share(v, lo, up);
    this.axes(g, left, right, top, 0, hi, x0, total);
    const entries = [];
    const plot = (series, colour, box, lo, up) => {
      g.strokeStyle = colour;
      g.lineWidth = 1.5;
      g.beginPath();
      let drawing = false;
      const width = series.width;
      for (let k = 0; k < series.lo.length; k++) {
        const a = series.lo[k], b = series.hi[k];
        if (!Number.isFinite(a)) { drawing = false; continue; }
        const step = Math.min(total, (k + 1) * width);
        const x = xOf(Math.max(step, x0));
        const ya = yOf(a, box, lo, up), yb = yOf(b, box, lo, up);
        if (!drawing) { g.moveTo(x, ya); drawing = true; } else g.lineTo(x, ya);
        if (yb !== ya) g.lineTo(x, yb);
      }
      g.stroke();
    };
    plot(cost, COLOURS[0], top, 0, hi);
    entries.push([COLOURS[0], this.w('nb-cost')]);
    plot(run.series.get('best'), COLOURS[1], top, 0, hi);
    entries.push([COLOURS[1], this.w('nb-best')]);
    if (this.has('mean')) {
      plot(run.series.get('mean'), COLOURS[3], top, 0, hi);
      entries.push([COLOURS[3], this.w('nb-mean')]);
      plot(worst, COLOURS[2], top, 0, hi);
      entries.push([COLOURS[2], this.w('nb-worst')]);
    }
    if (lower) {
      const box = { y0: 150, y1: 228 };
      g.strokeStyle = '#bbb';
      g.strokeRect(left, box.y0, right - left, box.y1 - box.y0);
      let colour = 4;
      const scaledSeries = [];
      if (reported) scaledSeries.push([this.w('nb-reported'), run.series.get('reported')]);
      for (const k of named) scaledSeries.push([this.metricWord(k.slice(2)), run.series.get(k)]);
      for (const [name, s] of scaledSeries.slice(0, 4)) {
        let lo = Infinity, up = -Infinity;
        for (const v of s.lo) if (Number.isFinite(v) && v < lo) lo = v;
        for (const v of s.hi) if (Number.isFinite(v) && v > up) up = v;
        if (!(lo <= up)) continue;
        const hue = COLOURS[colour++ % COLOURS.length];
        plot(s, hue, box, lo, up);
        entries.push([hue, `${name} ${fmt(lo, this.lang)}–${fmt(up, this.lang)}`]);
      }
    }
    // where the view stands
    const x = xOf(Math.max(at, x0));
    g.strokeStyle = '#888';
    g.lineWidth = 1;
    g.beginPath();
    g.moveTo(x, top.y0);
    g.lineTo(x, lower ? 228 : top.y1);
    g.stroke();
    this.legend.replaceChildren(...entries.map(([colour, text]) => entry(colour, text)));
    this.canvas.setAttribute('aria-label', entries.map((e) => e[1]).join(', '));
  }

  // x from the first step shown to the last, y from 0 to the top, with labels.
  axes(g, left, right, box, lo, hi, x0, total) {
    g.strokeStyle = '#bbb';
    g.lineWidth = 1;
    g.strokeRect(left, box.y0, right - left, box.y1 - box.y0);
    g.fillStyle = '#555';
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    for (const v of [lo, (lo + hi) / 2, hi]) {
      const y = box.y1 - (box.y1 - box.y0) * share(v, lo, hi);
      g.fillText(fmt(Math.round(v * 10) / 10, this.lang), left - 4, y);
    }
    g.textBaseline = 'top';
    const label = (step, align, x) => { g.textAlign = align; g.fillText(fmt(step, this.lang), x, box.y1 + 2); };
    label(x0, 'left', left);
    label(Math.round((x0 + total) / 2), 'center', (left + right) / 2);
    label(total, 'right', right);
    g.textAlign = 'left';
  }

  has(name) {
    const s = this.run.series.get(name);
    return s && s.lo.some(Number.isFinite);
  }

  metricWord(name) {
    const id = 'metric-' + name.split(/[^A-Za-z0-9]+/).filter(Boolean).join('-').toLowerCase();
    return this.w(id, name);
  }
}

// The race: a built-in search beside the student's run, from the same first board, computed in
// this page by the program's own core (the page's WebAssembly module: `crates/page/src/race.rs`).
// The first view of a kernel carries the module (its `engine` state), and a live view that finds
// none here asks its kernel for it; the page keeps it, under the start of its SHA-256, for every
// view and run page, and the browser keeps it too (IndexedDB, checked against its name when read
// back), so a reloaded notebook races without the kernel.
const ENGINES = (globalThis.sudoscopeEngines ||= new Map()); // name -> Promise<Module | null>
const ENGINE_ERRORS = (globalThis.sudoscopeEngineErrors ||= new Map()); // name -> why it cannot run
const RACE_FRAME_MS = 6; // of each frame's 16, so the page never stutters
const RACE_MAX_STEPS = 2000000; // as `sudoscope solve --max-steps 2000000`

function stored(mode, act) {
  return new Promise((resolve) => {
    let open;
    try {
      open = indexedDB.open('sudoscope-engine', 1);
    } catch (e) {
      resolve(null);
      return;
    }
    open.onupgradeneeded = () => open.result.createObjectStore('modules');
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const tx = db.transaction('modules', mode);
        const req = act(tx.objectStore('modules'));
        tx.oncomplete = () => { db.close(); resolve(req.result === undefined ? null : req.result); };
        tx.onerror = tx.onabort = () => { db.close(); resolve(null); };
      } catch (e) {
        db.close();
        resolve(null);
      }
    };
  });
}

async function nameOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

// A module compiled, or null with why it cannot run kept under its name.
function compiled(name, bytes) {
  return WebAssembly.compile(bytes).catch((e) => {
    ENGINE_ERRORS.set(name, String(e && e.message || e));
    return null;
  });
}

// The module the kernel gave (a DataView or bytes), kept under `name`; the views waiting for it
// are told.
export function keepEngine(name, given) {
  if (!name || !given || !given.byteLength) return;
  const bytes = new Uint8Array(given.buffer.slice(given.byteOffset, given.byteOffset + given.byteLength));
  // (a lookup under way that finds nothing is replaced: see findEngine)
  ENGINES.set(name, compiled(name, bytes));
  stored('readonly', (s) => s.getKey(name))
    .then((had) => (had ? null : stored('readwrite', (s) => s.put(bytes, name))));
  globalThis.dispatchEvent(new CustomEvent('sudoscope-engine', { detail: name }));
}

// The module kept under `name`: by this page, else by the browser; null without it.
async function findEngine(name) {
  if (!name) return null;
  if (!ENGINES.has(name)) {
    ENGINES.set(name, stored('readonly', (s) => s.get(name)).then(async (b) => {
      // what the browser kept is this module only if its hash still says so
      if (!b || (await nameOf(b)) !== name) return null;
      return compiled(name, b);
    }).catch(() => null));
  }
  for (;;) {
    const asked = ENGINES.get(name);
    const found = await asked;
    if (found) return found;
    // the kernel's module came while the browser was looked in: take that one
    if (ENGINES.get(name) !== asked) continue;
    if (!ENGINE_ERRORS.has(name)) ENGINES.delete(name); // perhaps a later view brings it
    return null;
  }
}

// A module's instance, its clock the page's.
async function raceInstance(module) {
  const { exports } = await WebAssembly.instantiate(module, { sudoscope: { now_ms: () => performance.now() } });
  if (typeof exports.sudoscope_race_start !== 'function') throw new Error('old module');
  return exports;
}

function textOf(ex) {
  return new TextDecoder().decode(new Uint8Array(ex.memory.buffer, ex.sudoscope_text_ptr(), ex.sudoscope_text_len()));
}

// The built-in algorithms a module races, [name, what it does] each, asked once a page.
const ALGORITHMS = (globalThis.sudoscopeRaceAlgorithms ||= new Map());
function algorithmsOf(name, module) {
  if (!ALGORITHMS.has(name)) {
    ALGORITHMS.set(name, raceInstance(module).then((ex) => {
      ex.sudoscope_race_algorithms();
      return textOf(ex).split('\n').filter(Boolean).map((l) => [l.split('\t')[0], l.split('\t')[1] || '']);
    }));
  }
  return ALGORITHMS.get(name);
}

class Race {
  // `ask`: asks the kernel for the module (a live view); a run's page has none.
  constructor(run, header, w, lang, ask) {
    this.run = run;
    this.header = header;
    this.w = w;
    this.lang = lang;
    this.ask = ask;
    this.row = el('div', 'race-row');
    this.area = el('div', 'race');
    this.area.hidden = true;
    this.note = el('span', 'race-note');
    this.algo = el('select');
    this.algo.setAttribute('aria-label', w('nb-race'));
    this.preset = el('select');
    for (const p of ['classic', 'tuned']) this.preset.append(new Option(p, p));
    this.preset.setAttribute('aria-label', 'preset');
    this.seed = el('input');
    this.seed.inputMode = 'numeric';
    this.seed.value = '1';
    this.seed.setAttribute('aria-label', w('nb-race-seed'));
    this.go = el('button', 'race-go', w('nb-race-start'));
    this.go.addEventListener('click', () => this.start());
    const label = el('span', null, w('nb-race') + ': ');
    this.controls = el('span');
    this.controls.append(this.algo, ' ', this.preset, ` ${w('nb-race-seed')} `, this.seed, ' ', this.go);
    this.controls.hidden = true;
    this.row.append(label, this.controls, ' ', this.note);
    this.title = el('div', 'race-title');
    this.grid = el('table', 'race-grid');
    this.figures = el('div', 'figures');
    this.canvas = el('canvas', 'chart');
    this.canvas.setAttribute('role', 'img');
    const legend = el('div', 'legend');
    legend.append(entry(COLOURS[0], w('nb-cost')), entry(COLOURS[1], w('nb-best')));
    this.side = el('div', 'side');
    this.side.append(this.title, this.figures, this.canvas, legend);
    const top = el('div', 'top');
    top.append(this.grid, this.side);
    this.area.append(top);
    this.tds = gridOf(this.grid, run.n, run.box);
    this.now = null; // where the race stands: steps, cost, best, end, board, and what it runs
    this.samples = [];
    this.generation = 0;
    this.waiting = null;
    this.prepare();
  }

  // The algorithms, once the module is here; else what is missing, in words, and (in a live
  // view) the kernel asked for it.
  async prepare() {
    const name = this.header.engine;
    if (!name) {
      this.note.textContent = this.w('nb-race-no-engine');
      return;
    }
    // told when the module comes, however the lookup below ends
    if (!this.waiting) {
      this.waiting = (e) => { if (e.detail === name) this.prepare(); };
      globalThis.addEventListener('sudoscope-engine', this.waiting);
    }
    const module = await findEngine(name);
    if (!module) {
      if (ENGINE_ERRORS.has(name)) {
        this.note.textContent = this.w('nb-race-cannot-run').replace('{ $why }', ENGINE_ERRORS.get(name));
        this.stopWaiting();
        return;
      }
      this.note.textContent = this.w('nb-race-no-copy');
      if (this.ask) this.ask();
      return;
    }
    if (this.module === module) return;
    this.stopWaiting();
    this.module = module;
    let list;
    try {
      list = await algorithmsOf(name, module);
    } catch (e) {
      this.note.textContent = this.w('nb-race-old-module');
      return;
    }
    this.algo.replaceChildren(...list.map(([algo, about]) => {
      const o = new Option(algo, algo);
      o.title = about;
      return o;
    }));
    if (list.some(([algo]) => algo === 'annealing')) this.algo.value = 'annealing';
    this.note.textContent = this.w(this.run.startKnown ? 'nb-race-from-start' : 'nb-race-from-givens');
    this.controls.hidden = false;
  }

  stopWaiting() {
    if (this.waiting) globalThis.removeEventListener('sudoscope-engine', this.waiting);
    this.waiting = null;
  }

  // The view is gone: no more waiting, no more stepping.
  stop() {
    this.stopWaiting();
    this.generation++;
  }

  line(board) {
    return Array.from(board, (v) => (v ? SYMBOLS[v - 1] : '.')).join('');
  }

  async start() {
    const generation = ++this.generation;
    const what = { algo: this.algo.value, preset: this.preset.value, seed: this.seed.value.trim() };
    this.now = null;
    this.samples = [];
    this.area.hidden = false;
    this.title.textContent = `${what.algo} (${what.preset}) · ${this.w('nb-race-seed')} ${what.seed}`;
    this.figures.textContent = this.w('nb-race-running');
    this.figures.className = 'figures';
    const failed = (why) => {
      this.grid.hidden = true;
      this.canvas.hidden = true;
      this.figures.textContent = this.w('nb-race-cannot').replace('{ $why }', why);
      this.figures.className = 'figures bad';
    };
    let ex;
    try {
      ex = await raceInstance(this.module);
    } catch (e) {
      if (generation === this.generation) failed(String(e && e.message || e));
      return;
    }
    // another race was asked for meanwhile
    if (generation !== this.generation) return;
    const settings = [`algo=${what.algo}`, `preset=${what.preset}`, `seed=${what.seed}`,
      `max-steps=${RACE_MAX_STEPS}`,
      `puzzle=${this.run.givens.some((v) => v) ? this.line(this.run.givens) : this.header.puzzle}`];
    if (this.run.startKnown) settings.push(`start=${this.line(this.run.base)}`);
    const bytes = new TextEncoder().encode(settings.join('\n'));
    try {
      const at = ex.sudoscope_alloc(bytes.length);
      new Uint8Array(ex.memory.buffer, at, bytes.length).set(bytes);
      if (ex.sudoscope_race_start(at, bytes.length) !== 0) {
        failed(textOf(ex));
        return;
      }
    } catch (e) {
      failed(String(e && e.message || e));
      return;
    }
    this.grid.hidden = false;
    this.canvas.hidden = false;
    this.what = what;
    this.go.textContent = this.w('nb-race-again');
    let charted = 0;
    const frame = (now) => {
      if (generation !== this.generation) return;
      let ended;
      try {
        ended = ex.sudoscope_race_advance(RACE_FRAME_MS) !== 0;
        this.read(ex);
        // the chart at most ten times a second, and at the end
        const chart = ended || now - charted > 100;
        if (chart) charted = now;
        this.draw(chart ? ex : null);
      } catch (e) {
        // (a module that stopped: said, not shown as running)
        failed(String(e && e.message || e));
        return;
      }
      // (once the race has ended, nothing holds its instance: its memory goes)
      if (!ended) requestAnimationFrame(frame);
    };
    try {
      this.read(ex);
      this.draw(ex);
    } catch (e) {
      failed(String(e && e.message || e));
      return;
    }
    requestAnimationFrame(frame);
  }

  read(ex) {
    ex.sudoscope_race_state();
    const [steps, cost, best, end] = textOf(ex).split(' ');
    const board = Uint8Array.from(new Uint8Array(ex.memory.buffer, ex.sudoscope_out_ptr(), ex.sudoscope_out_len()));
    this.now = { steps: Number(steps), cost: Number(cost), best: Number(best), end, board, ...this.what };
  }

  // The race's cost and best from its start: a point every so many steps (race.rs keeps them).
  history(ex) {
    ex.sudoscope_race_history();
    this.samples = textOf(ex).split('\n').filter(Boolean).map((l) => l.split(' ').map(Number));
  }

  // The race as it stands; with `ex` (at most ten times a second), its chart too, from the
  // history that instance keeps.
  draw(ex) {
    const now = this.now;
    if (!now) return;
    const bad = this.run.conflicts(now.board);
    for (let i = 0; i < this.run.cells; i++) {
      const v = now.board[i];
      const td = this.tds[i];
      td.textContent = v ? SYMBOLS[v - 1] : '·';
      const kind = this.run.givens[i] ? 'g' : bad[i] ? 'x' : '';
      td.className = [td.classList.contains('bl') ? 'bl' : '', td.classList.contains('bt') ? 'bt' : '', kind]
        .filter(Boolean).join(' ');
    }
    let where = now.end === 'running' ? this.w('nb-race-running')
      : `${this.w('nb-ended')}: ${this.w('nb-outcome-' + now.end, now.end)}`;
    if (now.end === 'budget_spent') where += ` (${fmt(RACE_MAX_STEPS, this.lang)})`;
    this.figures.textContent = [`${this.w('nb-step')} ${fmt(now.steps, this.lang)}`,
      `${this.w('nb-cost')} ${now.cost}`, `${this.w('nb-best')} ${now.best}`, where].join(' · ');
    if (ex) {
      this.history(ex);
      this.chart();
    }
  }

  // The race's cost and best over its own steps.
  chart() {
    const c = this.canvas;
    const { g, width } = paint(c, 120);
    const left = 44, right = width - 8, box = { y0: 8, y1: 100 };
    const last = this.samples.length ? this.samples[this.samples.length - 1][0] : 0;
    let hi = 1;
    for (const [, cost] of this.samples) if (cost > hi) hi = cost;
    g.strokeStyle = '#bbb';
    g.lineWidth = 1;
    g.strokeRect(left, box.y0, right - left, box.y1 - box.y0);
    g.fillStyle = '#555';
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    for (const v of [0, hi]) g.fillText(fmt(v, this.lang), left - 4, box.y1 - (box.y1 - box.y0) * share(v, 0, hi));
    g.textBaseline = 'top';
    g.textAlign = 'left';
    g.fillText('0', left, box.y1 + 2);
    g.textAlign = 'right';
    g.fillText(fmt(last, this.lang), right, box.y1 + 2);
    const xOf = (s) => left + (right - left) * share(s, 0, Math.max(1, last));
    const yOf = (v) => box.y1 - (box.y1 - box.y0) * share(v, 0, hi);
    for (const [k, colour] of [[1, COLOURS[0]], [2, COLOURS[1]]]) {
      g.strokeStyle = colour;
      g.lineWidth = 1.5;
      g.beginPath();
      this.samples.forEach((p, i) => (i ? g.lineTo(xOf(p[0]), yOf(p[k])) : g.moveTo(xOf(p[0]), yOf(p[k]))));
      g.stroke();
    }
    c.setAttribute('aria-label', `${this.w('nb-cost')} ${this.now.cost}, ${this.w('nb-best')} ${this.now.best}`);
  }
}

function render({ model, el: root }) {
  const header = model.get('header');
  const words = model.get('words') || {};
  const lang = header.lang || 'en';
  const w = (k, fallback) => words[k] || fallback || k;
  const run = new Run(header);
  let at = 0; // the step shown
  let live = true;
  let playing = true;
  let speed = 0;
  let dirty = true;
  let dataChanged = true;
  let returned = false; // the grid shows the board the search returned
  let diversity = false; // the grid shows the population's values per cell
  let chartDrawn = 0;

  root.classList.add('sudoscope-view');
  const style = el('style', null, `
    .sudoscope-view { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
    .sudoscope-view .top { display: flex; gap: 16px; flex-wrap: wrap; }
    .sudoscope-view table { border-collapse: collapse; }
    .sudoscope-view td { width: 1.6em; height: 1.6em; text-align: center; border: 1px solid #bbb; }
    .sudoscope-view td.g { font-weight: bold; }
    .sudoscope-view td.x { color: #c00; background: #fde8e8; }
    .sudoscope-view td.o { color: #fff; background: #c00; font-weight: bold; text-decoration: line-through; }
    .sudoscope-view td.bl { border-left: 2px solid #333; }
    .sudoscope-view td.bt { border-top: 2px solid #333; }
    .sudoscope-view td.d { color: #2c7a2c; }
    .sudoscope-view .side { min-width: 320px; flex: 1; }
    .sudoscope-view canvas { width: 100%; display: block; background: #fafafa; }
    .sudoscope-view .legend .entry { margin-right: 12px; white-space: nowrap; }
    .sudoscope-view .legend .entry::before { content: '━ '; color: var(--c); }
    .sudoscope-view .log { white-space: pre; color: #444; margin: 0; }
    .sudoscope-view .verdict { margin: 4px 0; }
    .sudoscope-view .verdict.bad { color: #a00; }
    .sudoscope-view .controls button { margin-right: 4px; }
    .sudoscope-view input[type=range] { width: 100%; }
    .sudoscope-view .race-row { margin-top: 6px; }
    .sudoscope-view .race-row input { width: 6em; }
    .sudoscope-view .race-note { color: #555; }
    .sudoscope-view .race { margin-top: 6px; border-top: 1px solid #ddd; padding-top: 6px; }
    .sudoscope-view .figures.bad { color: #a00; }
  `);
  const title = el('div', 'title');
  const grid = el('table', 'grid');
  const figures = el('div', 'figures');
  const chart = new Chart(run, w, lang);
  const verdict = el('div', 'verdict');
  const log = el('pre', 'log');
  const controls = el('div', 'controls');
  const slider = el('input');
  slider.type = 'range';
  slider.min = '0';
  slider.value = '0';
  const button = (label, titleWord, act) => {
    const b = el('button', null, label);
    b.title = w(titleWord);
    b.setAttribute('aria-label', w(titleWord));
    b.addEventListener('click', () => { act(); dirty = true; });
    controls.appendChild(b);
    return b;
  };
  const goto = (target) => {
    at = Math.max(run.first(), Math.min(run.count, target));
    dirty = true;
  };
  button('⏮', 'nb-start', () => { live = false; playing = false; goto(run.first()); });
  button('◀', 'nb-back', () => { live = false; playing = false; goto(at - 1); });
  const play = button('⏸', 'nb-pause', () => { playing = !playing; if (!playing) live = false; });
  button('▶', 'nb-forward', () => { live = false; playing = false; goto(at + 1); });
  button('⏭', 'nb-live', () => { live = true; playing = true; goto(run.count); });
  const speedButton = button('1×', 'nb-speed', () => { speed = (speed + 1) % SPEEDS.length; });
  const diversityButton = button(w('nb-diversity-short'), 'nb-diversity', () => { diversity = !diversity; });
  diversityButton.hidden = true;
  const returnedButton = button(w('nb-returned-short'), 'nb-returned', () => { returned = !returned; });
  returnedButton.hidden = true;
  const state = el('span', 'state');
  controls.appendChild(state);
  slider.addEventListener('input', () => {
    live = false;
    playing = false;
    goto(Number(slider.value));
  });
  const side = el('div', 'side');
  side.append(figures, verdict, chart.canvas, chart.legend, el('div', 'log-title', w('nb-log')), log);
  const top = el('div', 'top');
  top.append(grid, side);
  // a live view asks its kernel for the race's module, once a page, when the page has none
  const asked = (globalThis.sudoscopeEngineAsked ||= new Set());
  const ask = model.page ? null : () => {
    if (asked.has(header.engine)) return;
    asked.add(header.engine);
    model.send({ want: 'engine' });
  };
  const race = new Race(run, header, w, lang, ask);
  root.append(style, title, top, controls, slider, race.row, race.area);

  const tds = gridOf(grid, run.n, run.box);
  title.textContent = [header.algorithm, header.puzzle].filter(Boolean).join(' · ');

  const closing = () => run.closing;
  const resultBoard = () => {
    const c = closing();
    return c && Array.isArray(c.result) && c.result.length === run.cells ? Uint8Array.from(c.result) : null;
  };

  function drawGrid(board) {
    const pop = at > 0 ? run.pops.get(at - 1) : undefined;
    const counts = diversity && pop && pop.pc ? pop.pc : null;
    const bad = run.conflicts(board);
    for (let i = 0; i < run.cells; i++) {
      const v = board[i];
      const td = tds[i];
      const kind = [];
      if (counts) {
        const k = parseInt(counts[i], 36);
        td.textContent = k > 1 ? SYMBOLS[k - 1] : '·';
        if (k > 1) kind.push('d');
      } else {
        td.textContent = v ? SYMBOLS[v - 1] : '·';
        const given = run.givens[i];
        if (given && v !== given) kind.push('o');
        else if (given) kind.push('g');
        else if (bad[i]) kind.push('x');
      }
      const base = td.className.split(' ').filter((k) => k === 'bl' || k === 'bt');
      td.className = base.concat(kind).join(' ');
    }
  }

  function drawText(board) {
    const cost = run.costOf(board);
    const parts = [`${w('nb-step')} ${at}`, `${w('nb-cost')} ${cost}`];
    if (at > 0) {
      const reported = run.reported.at(at - 1);
      if (!Number.isNaN(reported)) parts.push(`${w('nb-reported')} ${fmt(reported, lang)}`);
      for (const [name, col] of run.metrics) {
        const v = col.at(at - 1);
        if (!Number.isNaN(v)) parts.push(`${chart.metricWord(name)} ${fmt(v, lang)}`);
      }
    }
    const pop = at > 0 ? run.pops.get(at - 1) : undefined;
    if (pop) {
      parts.push(`${w('nb-population')} ${pop.t}`);
      if (pop.m !== undefined) {
        parts.push(`${w('nb-best')} ${fmt(pop.b, lang)}`, `${w('nb-mean')} ${fmt(pop.m, lang)}`,
          `${w('nb-worst')} ${fmt(pop.w, lang)}`);
      }
      if (pop.k) parts.push(`${Math.round(100 * pop.d)}% ${w('nb-distinct')}`);
    }
    diversityButton.hidden = !(pop && pop.pc);
    diversityButton.textContent = w(diversity ? 'nb-board-short' : 'nb-diversity-short');
    figures.textContent = parts.join(' · ');
    const lines = [];
    for (let k = Math.max(1, at - 9); k <= at; k++) {
      const changed = run.changes(k).slice(0, 4).map(([c, a, b]) =>
        `r${Math.floor(c / run.n) + 1}c${(c % run.n) + 1} ${SYMBOLS[a - 1] || '·'}→${SYMBOLS[b - 1] || '·'}`);
      let text = `${String(k).padStart(7)}  ${changed.join(', ') || w('nb-no-change')}`;
      if (run.acc.at(k - 1) === 0) text += ` (${w('nb-refused')})`;
      const move = run.moves[k - 1];
      if (move) text += `  ${move}`;
      lines.push(text);
    }
    log.textContent = lines.join('\n');
    // how the run stands, and the search's word beside the board's judgement
    const c = closing();
    let where;
    // a page of a run that has ended, or a view opened late, says so until it has read the run
    if ((model.get('archived') || 0) > run.count) where = w('nb-loading');
    else if (!c && openAfterCell) where = w('nb-open-cell');
    else if (!c && live && performance.now() - heard > SILENT) {
      where = w('nb-silent').replace('%s', String(Math.round((performance.now() - heard) / 1000)));
    } else if (!c) where = live ? w('nb-running') : w('nb-paused');
    else if (c.cut) where = w('nb-cut');
    else where = w('nb-ended') + ': ' + w('nb-outcome-' + c.end, c.end);
    state.textContent = ` ${where} · ${run.count} ${w('nb-received')}`;
    const notes = [];
    if (run.broken.size) {
      notes.push(w('nb-givens-changed').replace('{ $cells }',
        [...run.broken].slice(0, 6).map((i) => `r${Math.floor(i / run.n) + 1}c${(i % run.n) + 1}`).join(', ')));
    }
    let bad = run.broken.size > 0;
    if (c && c.cut) {
      notes.push(w('nb-cut-' + c.cut, c.cut));
      bad = true;
    } else if (c) {
      const r = resultBoard();
      const judged = r || run.latest;
      const judgedCost = run.costOf(judged);
      const keeps = judged.every((v, i) => !run.givens[i] || v === run.givens[i]);
      const solved = judgedCost === 0 && keeps;
      const key = solved ? 'nb-verdict-solved' : 'nb-verdict-not-solved';
      let text = w(r ? 'nb-returns' : 'nb-last-board').replace('{ $cost }', String(judgedCost)) + ': ' + w(key);
      const said = c.end === 'solved';
      if (said !== solved) text += ' · ' + w('nb-search-says').replace('{ $word }', w('nb-outcome-' + c.end, c.end));
      if (c.error) text += ' · ' + c.error;
      notes.push(text);
      bad = bad || !solved;
    }
    verdict.textContent = notes.join(' · ');
    verdict.className = 'verdict' + (bad ? ' bad' : '');
    returnedButton.hidden = !resultBoard();
    returnedButton.textContent = w(returned ? 'nb-last-short' : 'nb-returned-short');
    play.textContent = playing ? '⏸' : '⏯';
    play.title = play.ariaLabel = w(playing ? 'nb-pause' : 'nb-play');
    speedButton.textContent = live ? w('nb-live-short') : `${SPEEDS[speed]}×`;
    slider.min = String(run.first());
    slider.max = String(run.count);
    slider.value = String(at);
  }

  // when the kernel last said something, and whether the cell that stepped the run ended
  // leaving it open
  const SILENT = 5000;
  let heard = performance.now();
  let openAfterCell = false;
  let silentShown = 0;
  const intake = new Intake(run, () => { dataChanged = true; dirty = true; });
  function frame(now) {
    if (!root.isConnected && root.dataset.started) return;
    root.dataset.started = '1';
    if (playing) {
      const target = live ? run.count : Math.min(run.count, at + SPEEDS[speed]);
      if (target !== at) goto(target);
      if (!live && at === run.count && closing()) playing = false;
    }
    if (at < run.first()) goto(run.first());
    // a silent run says for how long, once a second
    if (!closing() && performance.now() - heard > SILENT && (now || 0) - silentShown > 1000) {
      silentShown = now || 1;
      dirty = true;
    }
    if (dirty) {
      const r = returned && at === run.count ? resultBoard() : null;
      const board = r || run.board(at);
      drawGrid(board);
      drawText(board);
      // the chart at most ten times a second while steps pour in, at once when only the view moved
      if (!dataChanged || !chartDrawn || (now || 0) - chartDrawn > 100) {
        chart.draw(at);
        chartDrawn = now || 1;
        dataChanged = false;
      }
      dirty = dataChanged;
    }
    requestAnimationFrame(frame);
  }

  const close = (c) => {
    if (c && (c.end || c.cut)) {
      run.closing = c;
      dirty = true;
    }
  };
  model.on('msg:custom', (msg, buffers) => {
    if (msg.engine && buffers && buffers[0]) {
      keepEngine(msg.engine, buffers[0]);
      return;
    }
    heard = performance.now();
    if (msg.live) {
      openAfterCell = false;
      intake.offer(msg.live);
    }
    if (msg.open) {
      openAfterCell = true;
      dirty = true;
    }
    if (msg.closing) intake.queue.then(() => close(msg.closing));
  });
  model.on('change:archive', () => intake.archive(model.get('archive')));
  model.on('change:closing', () => intake.queue.then(() => close(model.get('closing'))));
  intake.archive(model.get('archive')).then(() => close(model.get('closing')));
  requestAnimationFrame(frame);
  // for tests and people: the run as the view holds it
  root.sudoscope = { run, at: () => at, race: () => race.now };
  return () => { playing = false; race.stop(); };
}

// The model is made before any view of it is drawn: the first view of a kernel gives the page
// the module its races run on, even when its run ends before it is drawn.
function initialize({ model }) {
  const keep = () => keepEngine((model.get('header') || {}).engine, model.get('engine'));
  keep();
  model.on('change:engine', keep);
}

export default { initialize, render };
