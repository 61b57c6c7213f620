// The batch view: a game over many seeds on every core. A seed list and a built-in solver
// with a budget, or the user's own output files (the seed from each file's name), run on a
// pool of workers into a live, sortable table and a chart; two runs compared with the
// contest's relative score; TSV and zip downloads; a share link; the runs and their outputs
// kept across a reload in the browser's database (stored.js; localStorage when there is none).
// All text reaches the page through textContent.
import { inputText } from '../pkg/arcade.js';
import uPlot from '../vendor/uPlot.esm.js';
import { zipSync, strToU8 } from '../vendor/fflate.js';
import { Pool, defaultPoolSize } from './pool.js';
import { parseSeeds, pickOutputs, filesFromDrop, compareSeeds } from './seeds.js';
import { relativeScores } from '../pkg/arcade.js';
import { winsTiesLosses, gap } from './relative.js';
import { RunStore, BIG_RUN_BYTES, storageState, askPersistence } from './stored.js';
import { reasonOf } from '../db.js';
import { group, plural, median, errorText, problemText, sizeText } from '../words.js';
import { download } from '../download.js';

// Without the browser's database, the runs go to localStorage (as before it was used): the
// last KEEP_RUNS, without their outputs when those do not fit. With it, this is migrated.
const STORAGE_KEY = 'arcade.batch.v1';
// Ids of runs deleted from the view whose removal from the database has not finished: written
// at once (localStorage is synchronous), so a reload in between finishes the removal instead
// of bringing the deleted runs back.
const DELETING_KEY = 'arcade.batch.deleting';
const KEEP_RUNS = 6;
// A running batch is written to the database at most this often (what has ended).
const KEEP_EVERY_MS = 3000;
const BUDGET_S = { min: 0.1, max: 60, default: 2 };
// The player replays in the page's main thread; bigger outputs are not opened there.
const OPEN_LIMIT_BYTES = 8 * 1024 * 1024;
const ZIP_LIMIT_BYTES = 8 * 1024 * 1024;
const RENDER_EVERY_MS = 200;
const CHART_EVERY_MS = 1000;
const TABLE_ROWS = 1000;
// Run A and run B: the page's accent, and an amber that reads on both themes' panels.
const COLORS = { light: ['#1d4ed8', '#b45309'], dark: ['#7aa2ff', '#f0a04b'] };
const themeOf = () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

// ---------- small DOM helpers (text only, never HTML) ----------

/** An element; props are properties, except names with a dash (aria-*, data-*): attributes. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key.includes('-')) node.setAttribute(key, String(value));
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

const labelled = (text, control, props = {}) => el('label', props, `${text} `, control);

/** AtCoder's tools name files by the seed in 4 digits: 0007.txt. */
const fileName = (seed) => `${seed.padStart(4, '0')}.txt`;

// ---------- a sortable table ----------

/**
 * A table whose column headers sort it (click, tap, or Enter/Space on the header's button).
 * Columns: {key, label, value(row) for sorting and TSV, cell(row) → text or Node, numeric}.
 */
class SortTable {
  constructor(caption) {
    this.table = el('table', {}, el('caption', { className: 'visually-hidden' }, caption));
    this.head = el('thead');
    this.body = el('tbody');
    this.table.append(this.head, this.body);
    this.box = el('div', { className: 'table-box', tabIndex: 0, role: 'region', 'aria-label': caption }, this.table);
    this.note = el('p', { className: 'hint', hidden: true });
    this.shownRows = [];
    this.columns = [];
    this.rows = [];
    this.sort = { key: null, dir: 1 };
    this.cache = new WeakMap(); // row → {tr, version}
  }

  setColumns(columns) {
    const signature = columns.map((c) => c.key).join('\t');
    if (signature === this.signature) return;
    this.signature = signature;
    this.columns = columns;
    this.cache = new WeakMap();
    this.shownRows = [];
    const cells = columns.map((column) => {
      const button = el('button', { type: 'button', className: 'sort', textContent: column.label });
      button.onclick = () => {
        this.sort = { key: column.key, dir: this.sort.key === column.key ? -this.sort.dir : 1 };
        this.render();
      };
      return el('th', { scope: 'col', className: column.numeric ? 'num' : '' }, button);
    });
    this.head.replaceChildren(el('tr', {}, ...cells));
  }

  setRows(rows) {
    this.rows = rows;
    this.box.hidden = !rows.length;
    this.render();
  }

  ordered() {
    const column = this.columns.find((c) => c.key === this.sort.key);
    if (!column) return this.rows;
    const value = column.value;
    const dir = this.sort.dir;
    return [...this.rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      // Empty values go last in both directions.
      if (x === null || x === undefined || x === '') return y === null || y === undefined || y === '' ? 0 : 1;
      if (y === null || y === undefined || y === '') return -1;
      const cmp = column.key === 'seed' ? compareSeeds(x, y) : typeof x === 'number' ? x - y : String(x).localeCompare(String(y));
      return dir * cmp;
    });
  }

  render() {
    for (const th of this.head.querySelectorAll('th')) th.removeAttribute('aria-sort');
    const index = this.columns.findIndex((c) => c.key === this.sort.key);
    if (index >= 0) {
      this.head.querySelectorAll('th')[index].setAttribute('aria-sort', this.sort.dir > 0 ? 'ascending' : 'descending');
    }
    // A page lays out a table whole: past some thousand rows every update would stall it.
    const ordered = this.ordered();
    const shown = ordered.slice(0, TABLE_ROWS).map((row) => this.rowElement(row));
    // Rows changed in place keep their place; the body is rebuilt only when the order changes.
    if (shown.length !== this.shownRows.length || shown.some((tr, i) => tr !== this.shownRows[i])) {
      this.body.replaceChildren(...shown);
    }
    this.shownRows = shown;
    this.note.hidden = ordered.length <= TABLE_ROWS;
    this.note.textContent = `The table shows the first ${group(TABLE_ROWS)} of ${group(ordered.length)} rows in the chosen order (sort to see others); the TSV has them all.`;
  }

  rowElement(row) {
    const cached = this.cache.get(row);
    if (cached && cached.version === row.version) return cached.tr;
    const tr = cached?.tr ?? el('tr');
    tr.className = row.status ? `status-${row.status}` : '';
    tr.replaceChildren(...this.columns.map((column) => {
      const content = column.cell ? column.cell(row) : column.value(row);
      const text = typeof content === 'number' ? group(content, 2) : content;
      return el('td', { className: column.numeric ? 'num' : '' }, text ?? '');
    }));
    this.cache.set(row, { tr, version: row.version });
    return tr;
  }

  tsv() {
    const clean = (v) => String(v ?? '').replace(/[\t\r\n]+/g, ' ');
    const lines = [this.columns.map((c) => clean(c.label)).join('\t')];
    for (const row of this.ordered()) lines.push(this.columns.map((c) => clean(c.value(row))).join('\t'));
    return `${lines.join('\n')}\n`;
  }
}

// ---------- a chart ----------

/** A uPlot chart of one or more score series against seed or a parameter. */
class Chart {
  constructor(label) {
    this.box = el('div', { className: 'chart', role: 'img', 'aria-label': label });
    this.plot = null;
    new ResizeObserver(() => this.plot?.setSize(this.size())).observe(this.box);
  }

  size() {
    return { width: Math.max(200, this.box.clientWidth), height: this.box.clientWidth < 500 ? 220 : 280 };
  }

  /** points: [{x, ys: [number|null per series]}]; series: [{label}]; lines joins points. */
  draw({ xLabel, points, series, lines }) {
    this.plot?.destroy();
    this.plot = null;
    if (!points.length || this.box.clientWidth === 0) {
      this.box.replaceChildren(el('p', { className: 'hint', textContent: points.length ? '' : 'No scores to chart yet.' }));
      return;
    }
    this.box.replaceChildren();
    const sorted = [...points].sort((a, b) => a.x - b.x);
    const data = [sorted.map((p) => p.x), ...series.map((_, i) => sorted.map((p) => p.ys[i]))];
    const css = getComputedStyle(document.documentElement);
    const ink = (name) => css.getPropertyValue(name).trim();
    const colors = COLORS[themeOf()];
    const axis = { stroke: ink('--ink'), grid: { stroke: ink('--line-soft') }, ticks: { stroke: ink('--line') } };
    this.plot = new uPlot({
      ...this.size(),
      scales: { x: { time: false } },
      // Seeds and parameters are whole numbers: no ticks between them.
      axes: [{ ...axis, label: xLabel, incrs: WHOLE_STEPS }, { ...axis, label: 'score', size: 70 }],
      series: [
        { label: xLabel },
        ...series.map((s, i) => ({
          label: s.label,
          stroke: colors[i % colors.length],
          width: lines ? 1.5 : 0,
          paths: lines ? undefined : () => null,
          points: { show: true, size: 6, fill: colors[i % colors.length] },
        })),
      ],
    }, data, this.box);
  }
}

// ---------- the view ----------

class BatchView {
  constructor(root, { infos, module, workerUrl, link, openInPlayer, openSideBySide }) {
    this.root = root;
    this.infos = infos;
    this.openInPlayer = openInPlayer;
    this.openSideBySide = openSideBySide;
    this.pool = new Pool(workerUrl, module);
    this.runs = [];
    this.nextRunId = 1;
    this.shownId = null;
    this.files = { picked: [], skipped: [], from: '' };
    this.storageNote = '';
    this.keeper = null; // the database's RunStore; null: localStorage only
    this.keeping = Promise.resolve(); // database writes, one after another
    this.build();
    this.link0 = link;
    // Without the database, what a page that is left owes goes to localStorage at once.
    addEventListener('pagehide', () => { if (!this.keeper) this.save(); });
    window.arcadeBatch = {
      runs: () => this.runs.map(summary),
      pool: this.pool,
      // Every output of run `id` as a reload gives it back (the database's copy when kept).
      outputs: (id) => { const run = this.runs.find((r) => r.id === id); return run ? Promise.all(run.rows.map((row) => this.outputOf(run, row))) : null; },
      kept: () => this.keeping,
      // The shown run's chart as drawn: x values, then each series' (null: a gap).
      chart: () => this.chart.plot?.data.map((column) => [...column]) ?? null,
    };
  }

  /** The kept runs back, then the form from the link: the view's first picture. */
  async start() {
    await this.restore();
    this.fillFromLink(this.link0);
    this.renderAll();
  }

  // ----- building the controls -----

  build() {
    const c = (this.controls = {});
    c.game = el('select', { id: 'batch-game' }, ...this.infos.map((g) => new Option(g.title, g.id)));
    c.seeds = el('input', { id: 'batch-seeds', value: '1..10', autocomplete: 'off', spellcheck: false, placeholder: '1..100 or 1, 5, 9' });
    c.sourceSolver = el('input', { type: 'radio', name: 'batch-source', value: 'solver', checked: true, id: 'batch-source-solver' });
    c.sourceFiles = el('input', { type: 'radio', name: 'batch-source', value: 'files', id: 'batch-source-files' });
    c.solver = el('select', { id: 'batch-solver' });
    c.budget = el('input', { id: 'batch-budget', type: 'number', min: BUDGET_S.min, max: BUDGET_S.max, step: 'any', value: BUDGET_S.default, size: 4 });
    c.filePicker = el('input', { id: 'batch-files', type: 'file', multiple: true, hidden: true });
    c.folderPicker = el('input', { id: 'batch-folder', type: 'file', multiple: true, webkitdirectory: true, hidden: true });
    c.chooseFiles = el('button', { type: 'button', textContent: 'Choose files' });
    c.chooseFolder = el('button', { type: 'button', textContent: 'Choose a folder' });
    c.drop = el('p', { id: 'batch-drop', className: 'drop', textContent: 'or drop output files or a folder anywhere here. The seed is the number that ends each file’s name: 123.txt, 0123.txt, name_123.txt.' });
    c.chosen = el('p', { id: 'batch-chosen', className: 'hint', 'aria-live': 'polite' });
    c.workers = el('input', { id: 'batch-workers', type: 'number', min: 1, max: 64, value: defaultPoolSize(), size: 3 });
    c.run = el('button', { type: 'submit', id: 'batch-run', className: 'primary', textContent: 'Run' });
    c.cancel = el('button', { type: 'button', id: 'batch-cancel', textContent: 'Cancel', disabled: true });
    c.copyLink = el('button', { type: 'button', id: 'batch-link', textContent: 'Copy link' });
    c.progress = el('progress', { id: 'batch-progress', max: 1, value: 0, 'aria-label': 'batch progress' });
    c.progressText = el('span', { id: 'batch-progress-text', 'aria-live': 'polite' });
    c.message = el('p', { id: 'batch-message', role: 'status', hidden: true });
    c.skipped = el('details', { id: 'batch-skipped', hidden: true });

    const cores = navigator.hardwareConcurrency || 1;
    const form = el('form', { id: 'batch-form', noValidate: true },
      el('fieldset', {},
        el('legend', { textContent: 'Batch' }),
        el('div', { className: 'row' }, labelled('Game', c.game), labelled('Seeds', c.seeds, { id: 'batch-seeds-label' })),
        el('fieldset', { className: 'source' },
          el('legend', { textContent: 'Outputs from' }),
          el('div', { className: 'row' },
            el('label', {}, c.sourceSolver, ' a built-in solver'),
            labelled('Solver', c.solver), el('label', {}, 'Budget ', c.budget, ' s per seed')),
          el('div', { className: 'row' },
            el('label', {}, c.sourceFiles, ' my output files'),
            c.chooseFiles, c.filePicker, c.chooseFolder, c.folderPicker),
          c.drop, c.chosen),
        el('div', { className: 'row' },
          el('label', { title: `this device reports ${cores} logical cores` }, 'Workers ', c.workers, ` of ${cores} cores`),
          c.run, c.cancel, c.copyLink),
        el('div', { className: 'row progress' }, c.progress, c.progressText)));

    c.runPicker = el('select', { id: 'batch-show' });
    c.summary = el('p', { id: 'batch-summary' });
    c.tsv = el('button', { type: 'button', id: 'batch-tsv', textContent: 'Download TSV' });
    c.zip = el('button', { type: 'button', id: 'batch-zip', textContent: 'Download zip (inputs + outputs)' });
    c.axis = el('select', { id: 'batch-axis' });
    this.table = new SortTable('batch results');
    this.chart = new Chart('scores of the shown run');
    const results = el('fieldset', { id: 'batch-results' },
      el('legend', { textContent: 'Results' }),
      el('div', { className: 'row' }, labelled('Run', c.runPicker), c.tsv, c.zip),
      c.summary,
      this.table.box,
      this.table.note,
      el('div', { className: 'row' }, labelled('Chart scores against', c.axis)),
      this.chart.box);

    c.compareA = el('select', { id: 'batch-a' });
    c.compareB = el('select', { id: 'batch-b' });
    c.compareSummary = el('div', { id: 'batch-compare-summary' });
    c.differ = el('ol', { id: 'batch-differ' });
    c.compareTsv = el('button', { type: 'button', id: 'batch-compare-tsv', textContent: 'Download comparison TSV' });
    this.compareTable = new SortTable('comparison of two runs');
    this.compareChart = new Chart('scores of runs A and B');
    const compare = el('fieldset', { id: 'batch-compare' },
      el('legend', { textContent: 'Compare two runs' }),
      el('div', { className: 'row' }, labelled('A', c.compareA), labelled('B', c.compareB), c.compareTsv),
      c.compareSummary,
      el('h3', { textContent: 'Seeds where they differ most' }),
      c.differ,
      this.compareTable.box,
      this.compareTable.note,
      this.compareChart.box);

    c.storage = el('p', { id: 'batch-storage' });
    c.stored = el('ul', { id: 'batch-stored-list' });
    c.deleteAll = el('button', { type: 'button', id: 'batch-delete-all', textContent: 'Delete all runs' });
    const stored = el('fieldset', { id: 'batch-stored' },
      el('legend', { textContent: 'Stored runs' }),
      c.storage, c.stored, el('div', { className: 'row' }, c.deleteAll));

    this.root.replaceChildren(
      el('h2', { className: 'visually-hidden', textContent: 'Batch' }),
      form, c.message, c.skipped, results, compare, stored);
    this.wire(form);
  }

  wire(form) {
    const c = this.controls;
    form.onsubmit = (event) => {
      event.preventDefault();
      this.run();
    };
    c.game.onchange = () => {
      this.fillSolvers();
      this.pickFiles(this.files.all ?? [], this.files.from);
      this.syncAddress();
    };
    for (const input of [c.seeds, c.solver, c.budget, c.sourceSolver, c.sourceFiles]) {
      input.addEventListener('change', () => {
        this.renderSource();
        this.syncAddress();
      });
    }
    c.workers.onchange = () => {
      const n = Math.round(Number(c.workers.value));
      if (Number.isFinite(n) && n >= 1) this.pool.resize(n);
    };
    const chooseFrom = (picker) => () => {
      const files = [...picker.files];
      const first = files[0]?.webkitRelativePath?.split('/')[0];
      this.pickFiles(files, first || `${files.length} files`);
      picker.value = '';
    };
    c.deleteAll.onclick = () => this.deleteAll();
    c.filePicker.onchange = chooseFrom(c.filePicker);
    c.folderPicker.onchange = chooseFrom(c.folderPicker);
    c.chooseFiles.onclick = () => c.filePicker.click();
    c.chooseFolder.onclick = () => c.folderPicker.click();
    // The whole view takes drops: a file dropped anywhere else would replace the page.
    this.root.addEventListener('dragover', (event) => {
      event.preventDefault();
      c.drop.classList.add('over');
    });
    this.root.addEventListener('dragleave', (event) => {
      if (!this.root.contains(event.relatedTarget)) c.drop.classList.remove('over');
    });
    this.root.addEventListener('drop', async (event) => {
      event.preventDefault();
      c.drop.classList.remove('over');
      try {
        const files = await filesFromDrop(event.dataTransfer);
        const first = files[0]?.path?.split('/');
        this.pickFiles(files, first && first.length > 1 ? first[0] : `${files.length} dropped files`);
      } catch (error) {
        this.say(`The dropped files could not be read: ${errorText(error)}`);
      }
    });
    c.cancel.onclick = () => this.pool.cancel();
    c.copyLink.onclick = async () => {
      const link = this.link();
      try {
        await navigator.clipboard.writeText(link);
        this.say(`Link copied: ${link}`, 'info');
      } catch {
        this.say(`Copy this link: ${link}`, 'info');
      }
    };
    c.runPicker.onchange = () => {
      this.shownId = Number(c.runPicker.value);
      this.renderResults();
    };
    c.axis.onchange = () => {
      this.renderChart();
      this.renderCompare();
    };
    c.compareA.onchange = c.compareB.onchange = () => {
      this.compareIds = [Number(c.compareA.value), Number(c.compareB.value)];
      this.renderCompare();
    };
    c.tsv.onclick = () => {
      const run = this.shown();
      if (run) download(`${run.game}-run${run.id}.tsv`, new Blob([this.table.tsv()], { type: 'text/tab-separated-values' }));
    };
    c.compareTsv.onclick = () => {
      if (this.compared) download(`${this.compared.game}-compare.tsv`, new Blob([this.compareTable.tsv()], { type: 'text/tab-separated-values' }));
    };
    c.zip.onclick = () => this.downloadZip();
  }

  // ----- the form -----

  info() {
    return this.infos.find((g) => g.id === this.controls.game.value) ?? this.infos[0];
  }

  source() {
    return this.controls.sourceFiles.checked ? 'files' : 'solver';
  }

  fillSolvers() {
    const { solver } = this.controls;
    const previous = solver.value;
    solver.replaceChildren(...this.info().agents.map((a) => new Option(a, a)));
    if (this.info().agents.includes(previous)) solver.value = previous;
  }

  budgetMs() {
    const seconds = Number(this.controls.budget.value);
    if (!Number.isFinite(seconds) || seconds < BUDGET_S.min || seconds > BUDGET_S.max) {
      throw new Error(`the budget must be from ${BUDGET_S.min} to ${BUDGET_S.max} seconds per seed`);
    }
    return Math.round(seconds * 1000);
  }

  renderSource() {
    const c = this.controls;
    const files = this.source() === 'files';
    c.seeds.disabled = files;
    c.seeds.title = files ? 'the seeds come from the files’ names' : '';
    c.solver.disabled = files;
    c.budget.disabled = files;
  }

  /** Keeps the chosen files; one output per seed is picked, the rest listed with a reason. */
  pickFiles(files, from) {
    const info = this.info();
    const { picked, skipped } = pickOutputs(files, info.min_seed, info.max_seed);
    this.files = { all: files, picked, skipped, from };
    const c = this.controls;
    if (files.length) {
      c.sourceFiles.checked = true;
      this.renderSource();
    }
    const seeds = picked.map((p) => p.seed);
    c.chosen.textContent = files.length
      ? `${from}: ${picked.length} output${picked.length === 1 ? '' : 's'}` +
        (seeds.length ? ` for seeds ${seeds[0]}..${seeds[seeds.length - 1]}` : '') +
        (skipped.length ? `; ${skipped.length} skipped (listed below)` : '')
      : '';
    this.renderSkipped(skipped);
  }

  renderSkipped(skipped) {
    const box = this.controls.skipped;
    box.hidden = !skipped.length;
    box.open = skipped.length > 0 && skipped.length <= 20;
    box.replaceChildren(
      el('summary', { textContent: `${plural(skipped.length, 'file')} skipped` }),
      el('ul', {}, ...skipped.map((s) => el('li', {}, el('code', { textContent: s.name }), `: ${s.reason}`))));
  }

  say(text, kind = 'error') {
    const box = this.controls.message;
    box.textContent = text;
    box.className = kind;
    box.hidden = !text;
  }

  // ----- links -----

  /** The share link of the form: `?view=batch&game=…&seeds=…&solver=…&budget=…` (ms). */
  link() {
    const c = this.controls;
    const q = new URLSearchParams({ view: 'batch', game: c.game.value });
    if (this.source() === 'solver') {
      q.set('seeds', c.seeds.value.trim().replace(/\s*,\s*|\s+/g, ','));
      q.set('solver', c.solver.value);
      const seconds = Number(c.budget.value);
      if (Number.isFinite(seconds) && seconds > 0) q.set('budget', String(Math.round(seconds * 1000)));
    }
    return `${location.origin}${location.pathname}?${q}`;
  }

  syncAddress() {
    if (!this.root.hidden) history.replaceState(history.state, '', this.link());
  }

  /** Fills the form from a share link; what cannot be read is named, the rest still used. */
  fillFromLink(search) {
    const q = new URLSearchParams(search ?? '');
    const c = this.controls;
    const last = this.runs.at(-1);
    const errors = [];
    const game = q.get('game') ?? last?.game;
    if (game !== null && game !== undefined) {
      if (this.infos.some((g) => g.id === game)) c.game.value = game;
      else errors.push(`the link names an unknown game '${game}'`);
    }
    this.fillSolvers();
    // What the link leaves out comes from the last run of the same game.
    const same = last?.source === 'solver' && last.game === c.game.value ? last : null;
    if (q.has('seeds')) c.seeds.value = q.get('seeds').replace(/,/g, ', ');
    else if (same) c.seeds.value = same.seedsText;
    const solver = q.get('solver') ?? same?.solver ?? null;
    if (solver !== null) {
      if (this.info().agents.includes(solver)) c.solver.value = solver;
      else errors.push(`${this.info().id} has no solver '${solver}' (it has ${this.info().agents.join(', ')})`);
    }
    const budget = q.get('budget') ?? (same ? String(same.budgetMs) : null);
    if (budget !== null) {
      const ms = /^\d+$/.test(budget) ? Number(budget) : NaN;
      if (ms >= BUDGET_S.min * 1000 && ms <= BUDGET_S.max * 1000) c.budget.value = String(ms / 1000);
      else errors.push(`budget must be ${BUDGET_S.min * 1000} to ${BUDGET_S.max * 1000} ms, got '${budget}'`);
    }
    this.renderSource();
    if (errors.length) this.say(`This link could not be read entirely: ${errors.join('; ')}.`);
  }

  // ----- running -----

  shown() {
    return this.runs.find((r) => r.id === this.shownId) ?? null;
  }

  async run() {
    if (this.running) return;
    const c = this.controls;
    const info = this.info();
    const workers = Math.round(Number(c.workers.value));
    let jobs;
    let run;
    try {
      if (!(workers >= 1 && workers <= 64)) throw new Error('workers must be from 1 to 64');
      if (this.source() === 'solver') {
        const seeds = parseSeeds(c.seeds.value, info.min_seed, info.max_seed);
        const budgetMs = this.budgetMs();
        const solver = c.solver.value;
        run = this.newRun({ game: info.id, source: 'solver', solver, budgetMs, seedsText: c.seeds.value.trim(), name: `${solver} ${budgetMs / 1000} s`, seeds });
        jobs = run.rows.map((row) => ({ type: 'solve', game: info.id, seed: row.seed, params: {}, solver, budgetMs, row }));
      } else {
        if (!this.files.picked.length) throw new Error('choose output files or a folder first (or drop them here)');
        run = this.newRun({ game: info.id, source: 'files', name: `my outputs: ${this.files.from}`, seeds: this.files.picked.map((p) => p.seed), skipped: this.files.skipped });
        this.files.picked.forEach(({ file }, i) => { run.rows[i].file = file; });
        jobs = run.rows.map((row) => ({ type: 'score', game: info.id, seed: row.seed, params: {}, file: row.file, row }));
      }
    } catch (error) {
      this.say(errorText(error));
      return;
    }
    this.say('');
    this.runs.push(run);
    this.shownId = run.id;
    this.pickComparison(run);
    this.running = true;
    const fromRun = document.activeElement === c.run;
    c.run.disabled = true;
    c.cancel.disabled = false;
    // Run is disabled under the finger: focus moves to Cancel, as Solve's does in the player.
    if (fromRun) c.cancel.focus();
    this.pool.resize(workers);
    this.renderAll();
    const touch = (row) => {
      row.version += 1;
      this.scheduleRender();
      this.keepSoon(run);
    };
    const finished = await this.pool.run(jobs, {
      onStart: ({ row }, slot) => {
        row.status = 'running';
        row.worker = slot;
        touch(row);
      },
      onDone: ({ row }, result) => {
        Object.assign(row, {
          values: result.values, ms: result.ms,
          startedAt: result.startedAt, endedAt: result.endedAt,
        });
        if (result.problem) Object.assign(row, { status: 'error', error: `invalid output: ${problemText(result.problem)}`, score: null });
        else Object.assign(row, { status: 'done', score: result.score, output: result.output ?? null, moves: result.moves ?? null });
        touch(row);
      },
      onError: ({ row }, message) => {
        Object.assign(row, { status: 'error', error: message, score: null });
        touch(row);
      },
    });
    run.state = finished ? 'done' : 'cancelled';
    run.wallMs = performance.now() - run.t0;
    for (const row of run.rows) {
      if (row.status === 'queued' || row.status === 'running') Object.assign(row, { status: 'cancelled', version: row.version + 1 });
    }
    this.running = false;
    // Cancel is disabled now: focus goes back to Run, unless the person has moved on.
    const focus = document.activeElement;
    const back = focus === c.cancel || ((!focus || focus === document.body) && document.body.dataset.view === 'batch');
    c.run.disabled = false;
    c.cancel.disabled = true;
    if (back) c.run.focus();
    this.renderAll();
    this.save(run);
  }

  newRun({ game, source, solver = null, budgetMs = null, seedsText = '', name, seeds, skipped = [] }) {
    const id = this.nextRunId++;
    const rows = seeds.map((seed) => ({
      seed, status: 'queued', score: null, ms: null, values: {}, error: '', output: null, file: null, version: 0,
    }));
    return { id, name, game, source, solver, budgetMs, seedsText, rows, skipped, state: 'running', date: new Date().toISOString(), t0: performance.now(), wallMs: null };
  }

  /** After a run, compare it (B) with the newest earlier run of the same game (A). */
  pickComparison(run) {
    const earlier = this.runs.filter((r) => r.game === run.game && r.id !== run.id).at(-1) ?? this.runs.at(-2);
    if (earlier) this.compareIds = [earlier.id, run.id];
  }

  scheduleRender() {
    if (this.renderTimer) return;
    this.renderTimer = setTimeout(() => {
      this.renderTimer = null;
      this.renderProgress();
      this.renderTable();
      this.renderSummary();
      // The chart is redrawn whole: less often.
      if (!(performance.now() - this.chartAt < CHART_EVERY_MS)) {
        this.chartAt = performance.now();
        this.renderAxis();
        this.renderChart();
      }
    }, RENDER_EVERY_MS);
  }

  // ----- rendering -----

  renderAll() {
    this.renderRunPickers();
    this.renderResults();
    this.renderCompare();
    this.renderStored();
  }

  renderResults() {
    this.renderProgress();
    this.renderTable();
    this.renderSummary();
    this.renderAxis();
    this.renderChart();
  }

  renderRunPickers() {
    const c = this.controls;
    const options = () => this.runs.map((r) => new Option(`#${r.id} ${r.game} · ${r.name} · ${plural(r.rows.length, 'seed')}`, String(r.id))).reverse();
    c.runPicker.replaceChildren(...options());
    if (this.shownId !== null) c.runPicker.value = String(this.shownId);
    c.compareA.replaceChildren(...options());
    c.compareB.replaceChildren(...options());
    const [a, b] = this.compareIds ?? [this.runs.at(-2)?.id, this.runs.at(-1)?.id];
    if (a !== undefined) c.compareA.value = String(a);
    if (b !== undefined) c.compareB.value = String(b);
    this.root.querySelector('#batch-results').hidden = !this.runs.length;
    this.root.querySelector('#batch-compare').hidden = this.runs.length < 2;
  }

  renderProgress() {
    const run = this.shown();
    const c = this.controls;
    if (!run) {
      c.progress.value = 0;
      c.progressText.textContent = 'No batch yet: choose a game and seeds (or your outputs), then Run.';
      return;
    }
    const count = (status) => run.rows.filter((r) => r.status === status).length;
    const finished = count('done') + count('error');
    c.progress.max = Math.max(1, run.rows.length);
    c.progress.value = finished;
    const seconds = ((run.wallMs ?? performance.now() - run.t0) / 1000).toFixed(1);
    const parts = [`${finished} / ${run.rows.length} done`];
    if (count('running')) parts.push(`${count('running')} running`);
    if (count('error')) parts.push(plural(count('error'), 'error'));
    if (count('cancelled')) parts.push(`${count('cancelled')} cancelled`);
    if (run.state === 'running' || run.wallMs !== null) parts.push(`${seconds} s`);
    if (run.restored) parts.push(`kept from ${new Date(run.date).toLocaleString()}`);
    c.progressText.textContent = parts.join(' · ');
  }

  /** The parameter names the shown rows carry (N, C, colors…), in first-seen order. */
  paramKeys(rows) {
    const keys = [];
    for (const row of rows) for (const key of Object.keys(row.values)) if (!keys.includes(key)) keys.push(key);
    return keys;
  }

  renderTable() {
    const run = this.shown();
    if (!run) {
      this.table.setColumns([]);
      this.table.setRows([]);
      return;
    }
    const openButton = (row) => {
      const button = el('button', { type: 'button', className: 'link', textContent: row.seed, title: `open seed ${row.seed} with this output in the player` });
      button.onclick = () => this.open(run, row);
      return button;
    };
    const statusText = (row) => ({ done: 'ok', error: row.error, queued: 'queued', running: 'running…', cancelled: 'cancelled' })[row.status];
    this.table.setColumns([
      { key: 'seed', label: 'seed', value: (r) => r.seed, cell: openButton },
      ...this.paramKeys(run.rows).map((key) => ({ key: `p:${key}`, label: key, numeric: true, value: (r) => r.values[key] ?? null })),
      { key: 'score', label: 'score', numeric: true, value: (r) => r.score },
      // Which games ended early (a death, a give-up) without opening each.
      { key: 'moves', label: 'moves', numeric: true, value: (r) => r.moves ?? null },
      { key: 'ms', label: 'time (ms)', numeric: true, value: (r) => (r.ms === null ? null : Math.round(r.ms)) },
      { key: 'status', label: 'status', value: statusText },
    ]);
    this.table.setRows(run.rows);
  }

  renderSummary() {
    const run = this.shown();
    const c = this.controls;
    c.tsv.disabled = c.zip.disabled = !run;
    if (!run) {
      c.summary.textContent = '';
      return;
    }
    const scores = run.rows.filter((r) => r.status === 'done').map((r) => r.score);
    const errors = run.rows.filter((r) => r.status === 'error').length;
    const sum = scores.reduce((a, b) => a + b, 0);
    const what = run.source === 'solver' ? `${run.solver}, ${run.budgetMs / 1000} s per seed` : run.name;
    c.summary.textContent = `${run.game} · ${what}. ` + (scores.length
      ? `Score: mean ${group(sum / scores.length, 1)}, median ${group(median(scores), 1)}, sum ${group(sum)} over ${plural(scores.length, 'seed')}`
      : 'No scores yet') +
      (errors ? `; ${plural(errors, 'error')}` : '') +
      (run.skipped.length ? `; ${plural(run.skipped.length, 'file')} skipped` : '') +
      '. Sort by a column’s header; a seed opens it in the player.' +
      (this.storageNote ? ` ${this.storageNote}` : '');
  }

  renderAxis() {
    const run = this.shown();
    const axis = this.controls.axis;
    const previous = axis.value;
    const keys = run ? this.paramKeys(run.rows) : [];
    axis.replaceChildren(new Option('seed', 'seed'), ...keys.map((k) => new Option(k, k)));
    if (['seed', ...keys].includes(previous)) axis.value = previous;
  }

  /** Chart points of some runs over the given seeds: x is the seed or a parameter. */
  chartPoints(rowsBySeed, seeds) {
    const key = this.controls.axis.value || 'seed';
    const points = [];
    for (const seed of seeds) {
      const rows = rowsBySeed.map((bySeed) => bySeed.get(seed));
      const x = key === 'seed' ? Number(seed) : rows.find((r) => r?.values[key] !== undefined)?.values[key];
      if (x === undefined) continue;
      const ys = rows.map((r) => (r?.status === 'done' ? r.score : null));
      // Over seeds, a seed without a score stays as a gap in the line (a line across it
      // would read as a score there).
      if (key === 'seed' || ys.some((y) => y !== null)) points.push({ x, ys });
    }
    const scored = points.some((p) => p.ys.some((y) => y !== null));
    return { key, points: scored ? points : [] };
  }

  renderChart() {
    const run = this.shown();
    if (!run) return this.chart.draw({ xLabel: 'seed', points: [], series: [] });
    const bySeed = new Map(run.rows.map((r) => [r.seed, r]));
    const { key, points } = this.chartPoints([bySeed], run.rows.map((r) => r.seed));
    this.chart.draw({ xLabel: key, points, series: [{ label: `#${run.id} score` }], lines: key === 'seed' });
  }

  renderCompare() {
    const c = this.controls;
    const a = this.runs.find((r) => String(r.id) === c.compareA.value);
    const b = this.runs.find((r) => String(r.id) === c.compareB.value);
    this.compared = null;
    c.compareTsv.disabled = true;
    const clear = (text) => {
      c.compareSummary.replaceChildren(el('p', { textContent: text }));
      c.differ.replaceChildren();
      this.compareTable.setColumns([]);
      this.compareTable.setRows([]);
      this.compareChart.draw({ xLabel: 'seed', points: [], series: [] });
    };
    if (!a || !b) return clear('Run two batches to compare them.');
    if (a.game !== b.game) return clear(`A is ${a.game} and B is ${b.game}: only runs of the same game compare.`);
    if (a === b) return clear('Choose two different runs.');
    const finished = (row) => row && (row.status === 'done' || row.status === 'error');
    const byA = new Map(a.rows.map((r) => [r.seed, r]));
    const byB = new Map(b.rows.map((r) => [r.seed, r]));
    const seeds = a.rows.map((r) => r.seed).filter((s) => finished(byA.get(s)) && finished(byB.get(s)));
    if (!seeds.length) return clear('A and B have no finished seed in common.');
    const raw = (row) => (row.status === 'done' ? row.score : null);
    const scoresA = seeds.map((s) => raw(byA.get(s)));
    const scoresB = seeds.map((s) => raw(byB.get(s)));
    const { title, formula, perTest, totals } = relativeScores(a.game, [scoresA, scoresB]);
    const { wins, ties, losses } = winsTiesLosses(scoresA, scoresB);
    const both = new Set(seeds);
    const onlyA = a.rows.length - both.size;
    const onlyB = b.rows.length - both.size;
    this.compared = { game: a.game };
    c.compareTsv.disabled = false;

    const line = (text) => el('p', { textContent: text });
    c.compareSummary.replaceChildren(
      line(`A = #${a.id} ${a.name}; B = #${b.id} ${b.name}. ${seeds.length} seeds finished in both` +
        (onlyA || onlyB ? ` (left out: ${onlyA} of A’s, ${onlyB} of B’s).` : '.')),
      el('p', { id: 'batch-wtl' }, el('strong', { textContent: `A wins ${wins}, ties ${ties}, loses ${losses}` }), ' (by raw score; an invalid output loses to any valid one).'),
      el('p', { id: 'batch-relative' }, `${title}, ${formula}: `,
        el('strong', { textContent: `A ${group(totals[0], 2)} · B ${group(totals[1], 2)}` }), '.'));

    const differ = seeds
      .map((seed, t) => ({ seed, x: scoresA[t], y: scoresB[t], gap: gap(scoresA[t], scoresB[t]) }))
      .filter((d) => d.gap > 0)
      .sort((p, q) => q.gap - p.gap || Math.abs((q.x ?? 0) - (q.y ?? 0)) - Math.abs((p.x ?? 0) - (p.y ?? 0)))
      .slice(0, 5);
    const show = (v) => (v === null ? 'invalid' : group(v));
    const opener = (run, seed, which) => {
      const button = el('button', { type: 'button', textContent: `open ${which}`, title: `open seed ${seed} with ${which}'s output in the player` });
      button.onclick = () => this.open(run, run.rows.find((r) => r.seed === seed));
      return button;
    };
    c.differ.replaceChildren(...(differ.length
      ? differ.map((d) => el('li', {}, `seed ${d.seed}: A ${show(d.x)}, B ${show(d.y)} (${group(100 * d.gap, 1)}% apart) `,
        el('span', { className: 'open' }, opener(a, d.seed, 'A'), ' ', opener(b, d.seed, 'B'))))
      : [el('li', { textContent: 'none: every common seed scored the same' })]));

    const keys = this.paramKeys(a.rows);
    const rows = seeds.map((seed, t) => ({
      seed, values: byA.get(seed).values, a: scoresA[t], b: scoresB[t], relA: perTest[0][t], relB: perTest[1][t], version: 0,
    }));
    const sideBySide = (r) => {
      const button = el('button', { type: 'button', className: 'side-by-side', textContent: `${r.seed} ⇄`, title: `seed ${r.seed}: A's and B's games side by side` });
      button.setAttribute('aria-label', `seed ${r.seed}: open A's and B's games side by side`);
      button.onclick = () => this.sideBySide(a, b, r.seed);
      return button;
    };
    this.compareTable.setColumns([
      { key: 'seed', label: 'seed', value: (r) => r.seed, cell: sideBySide },
      ...keys.map((key) => ({ key: `p:${key}`, label: key, numeric: true, value: (r) => r.values[key] ?? null })),
      { key: 'a', label: 'A score', numeric: true, value: (r) => r.a, cell: (r) => show(r.a) },
      { key: 'b', label: 'B score', numeric: true, value: (r) => r.b, cell: (r) => show(r.b) },
      { key: 'diff', label: 'A − B', numeric: true, value: (r) => (r.a ?? 0) - (r.b ?? 0) },
      { key: 'relA', label: 'A relative', numeric: true, value: (r) => r.relA },
      { key: 'relB', label: 'B relative', numeric: true, value: (r) => r.relB },
    ]);
    this.compareTable.setRows(rows);
    const { key, points } = this.chartPoints([byA, byB], seeds);
    this.compareChart.draw({ xLabel: key, points, series: [{ label: `A #${a.id}` }, { label: `B #${b.id}` }], lines: key === 'seed' });
  }

  // ----- opening, downloading -----

  async open(run, row) {
    if (row.output === null && row.file && row.file.size > OPEN_LIMIT_BYTES) {
      this.say(`${row.file.name} is too big to replay in the page (${(row.file.size / 1048576).toFixed(1)} MB).`);
      return;
    }
    let output;
    try {
      output = await this.outputOf(run, row);
    } catch (error) {
      this.say(`The kept output of seed ${row.seed} could not be read (${reasonOf(error)}); the seed opens without it.`);
      output = null;
    }
    this.openInPlayer({ game: run.game, seed: row.seed, params: {}, output });
  }

  /** Seed `seed` of runs A and B in the compare view. */
  async sideBySide(a, b, seed) {
    const side = async (run) => {
      const row = run.rows.find((r) => r.seed === seed);
      if (!row) return null;
      if (row.output === null && row.file && row.file.size > OPEN_LIMIT_BYTES) {
        this.say(`${row.file.name} is too big to replay in the page (${(row.file.size / 1048576).toFixed(1)} MB).`);
        return null;
      }
      let text = null;
      try {
        text = await this.outputOf(run, row);
      } catch (error) {
        this.say(`The kept output of seed ${seed} in run #${run.id} could not be read (${reasonOf(error)}).`);
      }
      return text ? { text, name: `#${run.id} ${run.name}` } : null;
    };
    this.openSideBySide({ game: a.game, seed, params: {}, a: await side(a), b: await side(b) });
  }

  /**
   * A row's output text, wherever it is: in memory (this page's runs), in the chosen file, or
   * in the database (kept runs); null when it has none. Files over OPEN_LIMIT_BYTES: null.
   */
  async outputOf(run, row) {
    if (row.output !== null) return row.output;
    if (row.file) return row.file.size > OPEN_LIMIT_BYTES ? null : row.file.text();
    if (run.kept && this.keeper) return this.keeper.output(run, run.rows.indexOf(row));
    return null;
  }

  async downloadZip() {
    const run = this.shown();
    if (!run) return;
    const files = {};
    const left = [];
    this.say('Making the zip…', 'info');
    try {
      for (const row of run.rows) {
        files[`in/${fileName(row.seed)}`] = strToU8(inputText(run.game, row.seed, {}));
        let output = null;
        if (row.output === null && row.file && row.file.size > ZIP_LIMIT_BYTES) left.push(`${row.file.name} (${(row.file.size / 1048576).toFixed(1)} MB)`);
        else output = await this.outputOf(run, row);
        if (output !== null) files[`out/${fileName(row.seed)}`] = strToU8(output);
      }
      files['results.tsv'] = strToU8(this.table.tsv());
      download(`${run.game}-run${run.id}.zip`, new Blob([zipSync(files, { level: 6 })], { type: 'application/zip' }));
      this.say(left.length ? `The zip leaves out files too big to be outputs: ${left.join(', ')}.` : '');
    } catch (error) {
      this.say(`The zip could not be made: ${errorText(error)}`);
    }
  }

  // ----- keeping runs across a reload -----

  /** Reads the kept runs: from the database (first moving localStorage's there), or localStorage. */
  async restore() {
    let legacy = null;
    try {
      legacy = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    } catch (error) {
      this.storageNote = `Earlier results could not be read (${error?.name ?? 'storage unavailable'}).`;
    }
    try {
      this.keeper = await RunStore.open();
    } catch (error) {
      this.keeper = null;
      this.dbNote = `This browser’s database is not available (${reasonOf(error)}), so runs are kept in its small storage (about 5 MB), without their outputs when they do not fit.`;
      this.adopt(legacy?.runs);
      return;
    }
    try {
      if (Array.isArray(legacy?.runs)) {
        // The runs kept before the database was used move into it, once.
        this.adopt(legacy.runs);
        for (const run of this.runs) await this.keeper.save(run, (row) => row.output);
        localStorage.removeItem(STORAGE_KEY);
        this.runs = [];
      }
      await this.finishDeleting();
      this.adopt(await this.keeper.runs());
    } catch (error) {
      this.storageNote = `The kept runs could not be read (${reasonOf(error)}).`;
    }
  }

  /** The ids of runs whose removal from the database was interrupted (`DELETING_KEY`). */
  deleting() {
    try {
      const ids = JSON.parse(localStorage.getItem(DELETING_KEY) ?? '[]');
      return Array.isArray(ids) ? ids.filter(Number.isInteger) : [];
    } catch {
      return [];
    }
  }

  setDeleting(ids) {
    try {
      if (ids.length) localStorage.setItem(DELETING_KEY, JSON.stringify(ids));
      else localStorage.removeItem(DELETING_KEY);
    } catch {
      // no localStorage: a reload during a removal may bring the runs back, as the message says
    }
  }

  /** Removes from the database the runs a page that ended too soon had deleted. */
  async finishDeleting() {
    const ids = this.deleting();
    for (const id of ids) await this.keeper.remove(id);
    this.setDeleting([]);
  }

  /** Takes kept runs (records) into the view, as cancelled where they had not ended. */
  adopt(saved) {
    if (!Array.isArray(saved)) return;
    for (const run of saved) {
      if (!run || !Array.isArray(run.rows) || !this.infos.some((g) => g.id === run.game)) continue;
      run.rows = run.rows.map((r) => ({
        ...r,
        status: r.status === 'queued' || r.status === 'running' ? 'cancelled' : r.status,
        values: r.values ?? {}, output: r.output ?? null, file: null, version: 0,
      }));
      run.skipped ??= [];
      run.restored = true;
      run.wallMs ??= 0;
      if (run.state === 'running') run.state = 'cancelled';
      if (Array.isArray(run.chunks)) run.kept = { chunks: new Set(run.chunks), bytes: run.outputBytes ?? 0 };
      delete run.chunks;
      delete run.outputBytes;
      this.runs.push(run);
    }
    this.nextRunId = Math.max(0, ...this.runs.map((r) => r.id)) + 1;
    this.shownId = this.runs.at(-1)?.id ?? null;
  }

  /** A running batch is kept every few seconds (what has ended), so a reload keeps that. */
  keepSoon(run) {
    if (!this.keeper || this.keepTimer) return;
    this.keepTimer = setTimeout(() => {
      this.keepTimer = null;
      if (run.state === 'running') this.save(run);
    }, KEEP_EVERY_MS);
  }

  /**
   * Keeps `run` (the database: what of it is not kept yet) or, without the database, every run
   * in localStorage. Resolves when written; failures become the note under the results.
   */
  save(run = this.shown()) {
    if (!this.keeper) {
      this.saveLocally();
      return Promise.resolve();
    }
    if (!run) return this.keeping;
    this.keeping = this.keeping.then(async () => {
      if (!this.runs.includes(run)) return; // deleted meanwhile
      try {
        await this.keeper.save(run, (row) => this.outputOf(run, row));
        this.storageNote = '';
      } catch (error) {
        const full = error?.name === 'QuotaExceededError';
        this.storageNote = full
          ? `Run #${run.id} is kept only in part: this browser’s storage for the page is full. Delete older runs under Stored runs to make room.`
          : `Run #${run.id} could not be kept for a reload (${reasonOf(error)}).`;
      }
      if (run.state !== 'running' && run.kept?.bytes > BIG_RUN_BYTES) this.asked = await askPersistence();
      this.renderSummary();
      this.renderStored();
    });
    return this.keeping;
  }

  /** Without the database: the last runs in localStorage, outputs only when they fit. */
  saveLocally() {
    const rows = (run, withOutputs) => run.rows.map((r) => ({
      seed: r.seed, status: r.status, score: r.score, moves: r.moves ?? null, ms: r.ms, values: r.values, error: r.error,
      output: withOutputs ? r.output : null,
    }));
    const text = (withOutputs) => JSON.stringify({
      runs: this.runs.slice(-KEEP_RUNS).map((run) => ({
        id: run.id, name: run.name, game: run.game, source: run.source, solver: run.solver, budgetMs: run.budgetMs,
        seedsText: run.seedsText, skipped: run.skipped, state: run.state, date: run.date, wallMs: run.wallMs,
        rows: rows(run, withOutputs),
      })),
    });
    try {
      localStorage.setItem(STORAGE_KEY, text(true));
      this.storageNote = '';
    } catch {
      try {
        localStorage.setItem(STORAGE_KEY, text(false));
        this.storageNote = 'The table is kept for a reload, but not the outputs: they are too big for this browser’s storage.';
      } catch (error) {
        this.storageNote = `This browser does not keep the results for a reload (${error?.name ?? 'storage unavailable'}).`;
      }
    }
    this.renderSummary();
    this.renderStored();
  }

  /** Stored runs: each with its size and a Delete button, and what the storage holds. */
  async renderStored() {
    const c = this.controls;
    const running = (run) => run.state === 'running';
    c.stored.replaceChildren(...[...this.runs].reverse().map((run) => {
      const size = run.kept ? `${sizeText(run.kept.bytes)} of outputs` : (this.keeper ? 'not kept yet' : 'in the small storage');
      const what = `#${run.id} ${run.game} · ${run.name} · ${plural(run.rows.length, 'seed')} · ${size} · ${new Date(run.date).toLocaleString()}`;
      const remove = el('button', { type: 'button', textContent: 'Delete', disabled: running(run), 'aria-label': `delete run #${run.id}`, title: running(run) ? 'cancel the run first' : `delete run #${run.id} and its outputs` });
      remove.onclick = async () => {
        // Focus moves to the next run's Delete (or Run when none is left), not the page.
        const at = [...c.stored.querySelectorAll('button')].indexOf(remove);
        await this.deleteRuns([run]);
        const left = [...c.stored.querySelectorAll('button:not(:disabled)')];
        (left[Math.min(at, left.length - 1)] ?? c.run).focus();
      };
      return el('li', { 'data-run': run.id }, el('span', { textContent: what }), ' ', remove);
    }));
    if (!this.runs.length) c.stored.replaceChildren(el('li', { textContent: 'No runs are kept.' }));
    c.deleteAll.disabled = !this.runs.length || this.runs.some(running);
    if (!this.keeper) {
      c.storage.textContent = this.dbNote ?? '';
      return;
    }
    const state = await storageState();
    const parts = [];
    if (state.usage !== undefined && state.quota) parts.push(`This page uses ${sizeText(state.usage)} of the ${sizeText(state.quota)} this browser grants it.`);
    const asked = state.asked ?? this.asked;
    if (state.persisted) parts.push('The storage is persistent: the browser will not clear it to make room.');
    else if (asked) parts.push(`The storage is not persistent: asked on ${new Date(asked.at).toLocaleDateString()}, the browser said no, so it may clear these runs when space runs low.`);
    else parts.push(`The storage is not persistent yet: the browser is asked to keep it when a run over ${sizeText(BIG_RUN_BYTES)} is first stored.`);
    c.storage.textContent = parts.join(' ');
  }

  /** Deletes runs from the view and from storage. */
  async deleteRuns(runs) {
    this.runs = this.runs.filter((r) => !runs.includes(r));
    if (!this.runs.some((r) => r.id === this.shownId)) this.shownId = this.runs.at(-1)?.id ?? null;
    if (this.compareIds?.some((id) => !this.runs.some((r) => r.id === id))) this.compareIds = null;
    const all = !this.runs.length;
    if (this.keeper) {
      const ids = runs.map((r) => r.id);
      this.setDeleting([...new Set([...this.deleting(), ...ids])]);
      this.keeping = this.keeping.then(async () => {
        try {
          if (all) await this.keeper.removeAll();
          else for (const id of ids) await this.keeper.remove(id);
          // Delete all also removed any earlier removal's leftovers.
          this.setDeleting(all ? [] : this.deleting().filter((id) => !ids.includes(id)));
        } catch (error) {
          this.say(`The deleted runs could not be removed from this browser’s storage (${reasonOf(error)}); they may come back after a reload.`);
        }
      });
      await this.keeping;
    } else {
      this.saveLocally();
    }
    this.renderAll();
    this.say(`${runs.length === 1 ? `Run #${runs[0].id} was` : `${plural(runs.length, 'run')} were`} deleted.`, 'info');
  }

  /** Delete all asks for a second press (a slip of the finger must not lose every run). */
  deleteAll() {
    const button = this.controls.deleteAll;
    if (!this.confirming) {
      this.confirming = true;
      button.textContent = `Press again to delete all ${plural(this.runs.length, 'run')}`;
      setTimeout(() => {
        this.confirming = false;
        button.textContent = 'Delete all runs';
      }, 5000);
      return;
    }
    this.confirming = false;
    button.textContent = 'Delete all runs';
    this.deleteRuns([...this.runs]);
  }

  show() {
    this.syncAddress();
    this.renderChart();
    this.renderCompare();
  }
}

/** For tests and the curious: a run without its outputs. */
function summary(run) {
  return {
    id: run.id, game: run.game, name: run.name, state: run.state, skipped: run.skipped, wallMs: run.wallMs,
    rows: run.rows.map(({ seed, status, score, moves, ms, values, error, worker, startedAt, endedAt }) => ({ seed, status, score, moves, ms, values, error, worker, startedAt, endedAt })),
  };
}

/**
 * Builds the batch view into `root`. `module`: the compiled wasm module for the workers;
 * `link`: the page's query string; `openInPlayer({game, seed, params, output})` shows a
 * seed and an output in the player; `openSideBySide({game, seed, params, a, b})` two of them
 * in the compare view. Resolves, once the kept runs are read, with `{show()}`, called whenever
 * the view is shown, and `{link()}`, the view's address (the page writes it into history).
 */
export async function createBatchView(root, options) {
  const view = new BatchView(root, options);
  await view.start();
  return { show: () => view.show(), link: () => view.link() };
}
