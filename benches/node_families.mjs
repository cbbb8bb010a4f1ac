// The page's module in Node's V8, without a browser: each named family's steps a second, measured
// by the module's own `sudoscope_bench` (the function the page's bench runs), for quick looks
// between Chromium runs and for `node --cpu-prof`. Usage, after `cargo site`:
//
//   node benches/node_families.mjs target/site/sudoscope.wasm beam,steepest 2
//
// (module, families separated by commas, seconds for each).
import fs from 'fs';

const [file, families, seconds = '2'] = process.argv.slice(2);
if (!file || !families) {
  console.error('usage: node benches/node_families.mjs MODULE.wasm FAMILY[,FAMILY...] [SECONDS]');
  process.exit(2);
}
const { instance } = await WebAssembly.instantiate(fs.readFileSync(file), {
  sudoscope: { now_ms: () => performance.now() },
});
const ex = instance.exports;
for (const name of families.split(',')) {
  const bytes = new TextEncoder().encode(name);
  const at = ex.sudoscope_alloc(bytes.length);
  new Uint8Array(ex.memory.buffer, at, bytes.length).set(bytes);
  console.log(name, Math.round(ex.sudoscope_bench(at, bytes.length, Number(seconds))));
}
