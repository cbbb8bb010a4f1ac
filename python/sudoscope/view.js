// The search live in a notebook cell (anywidget): the board with its givens and conflicts
// (counted from the board, as the program's viewer counts them), the cost chart with the named
// metrics, the step log, and controls that need nothing from Python while the cell runs: play
// and pause, one step back or on, the start, the live end, the speed, and a slider along the
// run. Steps come in batches from the kernel a few dozen times a second; the view draws at the
// screen's rate and keeps at most KEEP steps for going back (the cost curve keeps every step,
// thinned). A step that carries its population (trace format 1.1) is reduced as it comes to
// what the view shows of it: each member's cost counted from its board, their best, mean and
// worst, the share of distinct boards, and how many values the members hold in each cell (kept
// for the last POP_CELLS such steps).

const KEEP = 200000;
const POP_CELLS = 5000;
const MAX_MEMBERS = 1000;
const CURVE = 600;
const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
const SPEEDS = [1, 10, 100, 1000];

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function fmt(x, lang) {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  const s = Number.isInteger(x) ? String(x) : x.toFixed(Math.abs(x) >= 100 ? 1 : 3);
  return lang === 'en' ? s : s.replace('.', ',');
}

// A run as it arrives: the latest board, each step's changes with the values they replaced
// (so the view can walk back), its canonical cost, and its reported figures.
export class Run {
  constructor(header) {
    this.n = header.n;
    this.box = Math.round(Math.sqrt(this.n));
    this.cells = this.n * this.n;
    this.givens = Uint8Array.from(header.givens);
    this.latest = Uint8Array.from(header.start || header.givens);
    this.base = Uint8Array.from(this.latest);
    this.first = 0; // index of the first step kept
    this.steps = []; // kept steps: {number, changes: [cell, before, after]..., reported, accepted, move, metrics}
    this.received = 0;
    this.costs = [this.costOf(this.latest)]; // canonical cost after each step (thinned)
    this.every = 1;
    this.metricNames = [];
    this.end = null;
    this.withCells = []; // the steps whose population keeps its per-cell counts, oldest first
  }

  // A step's population as the view shows it: counted from the members' boards when it has
  // them, else the costs the search gave them (in its units).
  population(line) {
    const boards = Array.isArray(line.members) ? line.members.slice(0, MAX_MEMBERS) : [];
    const reported = Array.isArray(line.member_costs) ? line.member_costs : [];
    const total = Math.max(line.members_total || 0, boards.length, reported.length);
    const spread = (costs) => ({
      best: Math.min(...costs),
      mean: costs.reduce((a, b) => a + b, 0) / costs.length,
      worst: Math.max(...costs),
    });
    const costs = [];
    const seen = new Uint32Array(this.cells);
    const distinct = new Set();
    const board = new Uint8Array(this.cells);
    for (const text of boards) {
      if (typeof text !== 'string' || text.length !== this.cells) continue;
      for (let i = 0; i < this.cells; i++) {
        const v = SYMBOLS.indexOf(text[i]) + 1;
        board[i] = v;
        if (v) seen[i] |= 1 << v;
      }
      costs.push(this.costOf(board));
      distinct.add(text);
    }
    if (costs.length) {
      const count = (m) => { let k = 0; for (; m; m &= m - 1) k++; return Math.max(k, 1); };
      return {
        total, counted: true, ...spread(costs),
        distinct: distinct.size / costs.length,
        cells: Uint8Array.from(seen, count),
      };
    }
    const numbers = reported.filter((x) => typeof x === 'number');
    return numbers.length ? { total, counted: false, ...spread(numbers) } : { total, counted: false };
  }

  // Missing values over every row, column and box: 0 is solved.
  costOf(board) {
    let missing = 0;
    for (const unit of this.units()) {
      const seen = new Set();
      for (const i of unit) if (board[i]) seen.add(board[i]);
      missing += this.n - seen.size;
    }
    return missing;
  }

  // Cells whose value another cell of one of their units also holds.
  conflicts(board) {
    const bad = new Uint8Array(this.cells);
    for (const unit of this.units()) {
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

  units() {
    if (this._units) return this._units;
    const n = this.n, b = this.box, u = [];
    for (let r = 0; r < n; r++) u.push([...Array(n)].map((_, c) => r * n + c));
    for (let c = 0; c < n; c++) u.push([...Array(n)].map((_, r) => r * n + c));
    for (let br = 0; br < n; br += b)
      for (let bc = 0; bc < n; bc += b) {
        const cells = [];
        for (let r = br; r < br + b; r++) for (let c = bc; c < bc + b; c++) cells.push(r * n + c);
        u.push(cells);
      }
    this._units = u;
    return u;
  }

  // A step as the trace writes it: `board` (whole) or `changed` ([cell, value] pairs).
  add(line) {
    const changes = [];
    if (line.board) {
      for (let i = 0; i < this.cells; i++) {
        const v = line.board[i];
        if (v !== this.latest[i]) changes.push(i, this.latest[i], v);
      }
    } else if (line.changed) {
      for (const [i, v] of line.changed) {
        if (i >= 0 && i < this.cells && v !== this.latest[i]) changes.push(i, this.latest[i], v);
      }
    }
    for (let k = 0; k < changes.length; k += 3) this.latest[changes[k]] = changes[k + 2];
    this.received += 1;
    const metrics = line.metrics || {};
    for (const name of Object.keys(metrics)) {
      if (!this.metricNames.includes(name)) this.metricNames.push(name);
    }
    const step = {
      number: line.step || this.received,
      changes,
      reported: line.cost,
      accepted: line.accepted,
      move: line.move,
      metrics,
    };
    if (Array.isArray(line.members) || Array.isArray(line.member_costs)) {
      step.pop = this.population(line);
      if (step.pop.cells) {
        this.withCells.push(step);
        if (this.withCells.length > POP_CELLS) delete this.withCells.shift().pop.cells;
      }
    }
    this.steps.push(step);
    if (this.received % this.every === 0) {
      this.costs.push(this.costOf(this.latest));
      if (this.costs.length > 2 * CURVE) {
        this.costs = this.costs.filter((_, i) => i % 2 === 0);
        this.every *= 2;
      }
    }
    // past KEEP steps, the oldest are folded into the board the kept ones start from
    if (this.steps.length > KEEP) {
      const drop = this.steps.length - KEEP;
      for (const s of this.steps.slice(0, drop))
        for (let k = 0; k < s.changes.length; k += 3) this.base[s.changes[k]] = s.changes[k + 2];
      this.steps = this.steps.slice(drop);
      this.first += drop;
    }
  }

  step(index) {
    return this.steps[index - this.first - 1];
  }
}

// A cursor on the run: the board after `at` steps, moved one step at a time.
export class Cursor {
  constructor(run) {
    this.run = run;
    this.board = Uint8Array.from(run.base);
    this.at = run.first;
  }

  moveTo(target) {
    const run = this.run;
    target = Math.max(run.first, Math.min(run.received, target));
    if (this.at < run.first) {
      // what the cursor stood on was folded away: start again from the kept base
      this.board = Uint8Array.from(run.base);
      this.at = run.first;
    }
    while (this.at < target) {
      const s = run.step(this.at + 1);
      for (let k = 0; k < s.changes.length; k += 3) this.board[s.changes[k]] = s.changes[k + 2];
      this.at += 1;
    }
    while (this.at > target) {
      const s = run.step(this.at);
      for (let k = 0; k < s.changes.length; k += 3) this.board[s.changes[k]] = s.changes[k + 1];
      this.at -= 1;
    }
  }
}

function render({ model, el: root }) {
  const header = model.get('header');
  const words = model.get('words') || {};
  const lang = header.lang || 'en';
  const w = (k) => words[k] || k;
  const run = new Run(header);
  const cursor = new Cursor(run);
  let live = true;
  let playing = true;
  let speed = 0; // index into SPEEDS
  let dirty = true;
  let diversity = false; // the grid shows the population's values per cell instead of the board

  root.classList.add('sudoscope-view');
  const style = el('style', null, `
    .sudoscope-view { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
    .sudoscope-view .top { display: flex; gap: 16px; flex-wrap: wrap; }
    .sudoscope-view table { border-collapse: collapse; }
    .sudoscope-view td { width: 1.6em; height: 1.6em; text-align: center; border: 1px solid #bbb; }
    .sudoscope-view td.g { font-weight: bold; }
    .sudoscope-view td.x { color: #c00; background: #fde8e8; }
    .sudoscope-view td.bl { border-left: 2px solid #333; }
    .sudoscope-view td.bt { border-top: 2px solid #333; }
    .sudoscope-view td.d { color: #2c7a2c; }
    .sudoscope-view .side { min-width: 320px; flex: 1; }
    .sudoscope-view svg { width: 100%; height: 140px; background: #fafafa; }
    .sudoscope-view .log { white-space: pre; color: #444; margin: 0; }
    .sudoscope-view .controls button { margin-right: 4px; }
    .sudoscope-view input[type=range] { width: 100%; }
  `);
  const title = el('div', 'title');
  const grid = el('table', 'grid');
  const figures = el('div', 'figures');
  const chart = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  chart.setAttribute('viewBox', '0 0 600 140');
  chart.setAttribute('preserveAspectRatio', 'none');
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
  button('⏮', 'nb-start', () => { live = false; playing = false; cursor.moveTo(run.first); });
  button('◀', 'nb-back', () => { live = false; playing = false; cursor.moveTo(cursor.at - 1); });
  const play = button('⏸', 'nb-pause', () => { playing = !playing; if (!playing) live = false; });
  button('▶', 'nb-forward', () => { live = false; playing = false; cursor.moveTo(cursor.at + 1); });
  button('⏭', 'nb-live', () => { live = true; playing = true; cursor.moveTo(run.received); });
  const speedButton = button('1×', 'nb-speed', () => { speed = (speed + 1) % SPEEDS.length; });
  const diversityButton = button(w('nb-diversity-short'), 'nb-diversity', () => { diversity = !diversity; });
  diversityButton.hidden = true;
  const state = el('span', 'state');
  controls.appendChild(state);
  slider.addEventListener('input', () => {
    live = false;
    playing = false;
    cursor.moveTo(Number(slider.value));
    dirty = true;
  });
  const side = el('div', 'side');
  side.append(figures, chart, el('div', 'log-title', w('nb-log')), log);
  const top = el('div', 'top');
  top.append(grid, side);
  root.append(style, title, top, controls, slider);

  // the grid's cells, made once
  const tds = [];
  for (let r = 0; r < run.n; r++) {
    const tr = el('tr');
    for (let c = 0; c < run.n; c++) {
      const td = el('td');
      if (c > 0 && c % run.box === 0) td.classList.add('bl');
      if (r > 0 && r % run.box === 0) td.classList.add('bt');
      tr.appendChild(td);
      tds.push(td);
    }
    grid.appendChild(tr);
  }
  title.textContent = `${header.algorithm} · ${header.puzzle || ''}`;

  // the population of the step the view stands on, when it carried one
  function population() {
    const s = cursor.at > run.first ? run.step(cursor.at) : null;
    return s && s.pop ? s.pop : null;
  }

  function drawGrid() {
    const pop = population();
    const counts = diversity && pop && pop.cells ? pop.cells : null;
    const bad = run.conflicts(cursor.board);
    for (let i = 0; i < run.cells; i++) {
      const v = cursor.board[i];
      const td = tds[i];
      td.className = td.className.replace(/\b[gxd]\b/g, '').trim();
      if (counts) {
        // how many values the members hold here: a dot where they all agree
        td.textContent = counts[i] > 1 ? SYMBOLS[counts[i] - 1] : '·';
        if (counts[i] > 1) td.classList.add('d');
        continue;
      }
      td.textContent = v ? SYMBOLS[v - 1] : '·';
      if (run.givens[i]) td.classList.add('g');
      else if (bad[i]) td.classList.add('x');
    }
  }

  function drawChart() {
    const ns = 'http://www.w3.org/2000/svg';
    chart.replaceChildren();
    const line = (values, colour, top) => {
      if (values.length < 2) return;
      const p = document.createElementNS(ns, 'polyline');
      const hi = Math.max(top, 1e-9);
      p.setAttribute('points', values.map((v, i) =>
        (600 * i / (values.length - 1)).toFixed(1) + ',' + (136 - 132 * v / hi).toFixed(1)).join(' '));
      p.setAttribute('fill', 'none');
      p.setAttribute('stroke', colour);
      p.setAttribute('stroke-width', '1.5');
      p.setAttribute('vector-effect', 'non-scaling-stroke');
      chart.appendChild(p);
    };
    // a population's mean and worst, counted as the cost is, on the cost's scale
    const stride = Math.max(1, Math.floor(run.steps.length / CURVE));
    const means = [], worsts = [];
    for (let i = 0; i < run.steps.length; i += stride) {
      const p = run.steps[i].pop;
      if (p && p.counted) { means.push(p.mean); worsts.push(p.worst); }
    }
    const top = Math.max(...run.costs, ...worsts);
    line(run.costs, '#1f77b4', top);
    line(worsts, '#d62728', top);
    line(means, '#e377c2', top);
    // the named metrics, each on its own scale, from the steps kept
    const colours = ['#ff7f0e', '#2ca02c', '#9467bd', '#8c564b'];
    run.metricNames.slice(0, colours.length).forEach((name, k) => {
      const stride = Math.max(1, Math.floor(run.steps.length / CURVE));
      const vals = [];
      for (let i = 0; i < run.steps.length; i += stride) {
        const v = run.steps[i].metrics[name];
        if (typeof v === 'number') vals.push(v);
      }
      if (vals.length > 1) line(vals.map((v) => v - Math.min(...vals)), colours[k], Math.max(...vals) - Math.min(...vals));
    });
    // where the view stands
    const x = run.received ? 600 * cursor.at / run.received : 0;
    const mark = document.createElementNS(ns, 'line');
    mark.setAttribute('x1', x); mark.setAttribute('x2', x);
    mark.setAttribute('y1', 0); mark.setAttribute('y2', 140);
    mark.setAttribute('stroke', '#999');
    mark.setAttribute('vector-effect', 'non-scaling-stroke');
    chart.appendChild(mark);
  }

  function rc(i) {
    return `r${Math.floor(i / run.n) + 1}c${(i % run.n) + 1}`;
  }

  function drawText() {
    const cost = run.costOf(cursor.board);
    const s = cursor.at > run.first ? run.step(cursor.at) : null;
    const parts = [`${w('nb-step')} ${cursor.at}`, `${w('nb-cost')} ${cost}`];
    if (s && s.reported !== undefined) parts.push(`${w('nb-reported')} ${fmt(s.reported, lang)}`);
    if (s) for (const [name, v] of Object.entries(s.metrics)) parts.push(`${name} ${fmt(v, lang)}`);
    const pop = population();
    if (pop) {
      parts.push(`${w('nb-population')} ${pop.total}`);
      if (pop.mean !== undefined) {
        parts.push(`${w('nb-best')} ${fmt(pop.best, lang)}`, `${w('nb-mean')} ${fmt(pop.mean, lang)}`,
          `${w('nb-worst')} ${fmt(pop.worst, lang)}`);
      }
      if (pop.counted) parts.push(`${Math.round(100 * pop.distinct)}% ${w('nb-distinct')}`);
    }
    diversityButton.hidden = !(pop && pop.cells);
    diversityButton.textContent = w(diversity ? 'nb-board-short' : 'nb-diversity-short');
    figures.textContent = parts.join(' · ');
    const lines = [];
    for (let k = Math.max(run.first + 1, cursor.at - 9); k <= cursor.at; k++) {
      const st = run.step(k);
      const changed = [];
      for (let j = 0; j < st.changes.length && j < 12; j += 3)
        changed.push(`${rc(st.changes[j])} ${SYMBOLS[st.changes[j + 1] - 1] || '·'}→${SYMBOLS[st.changes[j + 2] - 1] || '·'}`);
      let text = `${String(st.number).padStart(7)}  ${changed.join(', ') || w('nb-no-change')}`;
      if (st.accepted === false) text += ` (${w('nb-refused')})`;
      if (st.move) text += `  ${st.move}`;
      lines.push(text);
    }
    log.textContent = lines.join('\n');
    let where;
    if (run.end) where = w('nb-ended') + ': ' + (words['nb-outcome-' + run.end.end] || run.end.end);
    else where = live ? w('nb-running') : w('nb-paused');
    state.textContent = ` ${where} · ${run.received} ${w('nb-received')}`;
    play.textContent = playing ? '⏸' : '⏯';
    play.title = play.ariaLabel = w(playing ? 'nb-pause' : 'nb-play');
    speedButton.textContent = live ? w('nb-live-short') : `${SPEEDS[speed]}×`;
    slider.min = String(run.first);
    slider.max = String(run.received);
    slider.value = String(cursor.at);
  }

  function frame() {
    if (!root.isConnected && root.dataset.started) return;
    root.dataset.started = '1';
    if (playing) {
      const target = live ? run.received : Math.min(run.received, cursor.at + SPEEDS[speed]);
      if (target !== cursor.at) {
        cursor.moveTo(target);
        dirty = true;
      }
    }
    if (dirty) {
      drawGrid();
      drawChart();
      drawText();
      dirty = false;
    }
    requestAnimationFrame(frame);
  }

  model.on('msg:custom', (msg) => {
    if (msg.steps) for (const line of msg.steps) run.add(line);
    if (msg.end) run.end = msg.end;
    dirty = true;
  });
  frame();
  return () => { playing = false; };
}

export default { render };
