#!/usr/bin/env node
// Runs an ONNX model in ONNX Runtime (onnxruntime-node) on inputs read from .npy files
// and writes its outputs as .npy files: the peer `vfuse bench` and `vfuse check
// --against onnxruntime` compare vfuse with.
//
// usage: node run.js MODEL.onnx --inputs DIR --outputs DIR [--threads N]
//          [--opt disabled|basic|extended|all] [--warmup W] [--repeat R] [--ort-dir DIR]
//          [--profile PREFIX]
//
// Each graph input NAME is read from DIR/<file name>.npy, the file name being NAME with
// every byte that is not [A-Za-z0-9_.-] replaced by '_' (as tools/cmd_run.cpp names the
// files of `vfuse run --inputs`). After W untimed runs and R timed runs (each one
// session.run, timed with performance.now()), the outputs of the last run are written
// the same way and one JSON line goes to stdout:
//   {"threads":N,"opt":"all","times_ms":[...],"median_ms":M,"min_ms":m,
//    "outputs":[names],"output_count":K,"output_0":name,...,"version":"1.30.0"}
// ("output_<i>" repeats the names as flat fields, for readers of flat records.)
// --ort-dir names the folder whose node_modules holds onnxruntime-node (default: the
// folder of this script). --profile writes ONNX Runtime's per-node profile (every run's
// kernel times, Chrome trace JSON) to PREFIX_<date>.json and names the file in the record
// ("profile"); bench/ort_profile.py summarises it. Errors go to stderr with exit status 1
// (2: bad command line).
'use strict';

const fs = require('fs');
const path = require('path');

function usage(msg) {
  process.stderr.write(`run.js: error: ${msg}\n` +
    'usage: node run.js MODEL.onnx --inputs DIR --outputs DIR [--threads N] ' +
    '[--opt disabled|basic|extended|all] [--warmup W] [--repeat R] [--ort-dir DIR] ' +
    '[--profile PREFIX]\n');
  process.exit(2);
}

function fail(msg) {
  process.stderr.write(`run.js: error: ${msg}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const o = { threads: 1, opt: 'all', warmup: 1, repeat: 1, ortDir: __dirname };
  const positional = [];
  const takesValue = { '--inputs': 'inputs', '--outputs': 'outputs', '--threads': 'threads',
    '--opt': 'opt', '--warmup': 'warmup', '--repeat': 'repeat', '--ort-dir': 'ortDir',
    '--profile': 'profile' };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a in takesValue) {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      o[takesValue[a]] = argv[++i];
    } else if (a.startsWith('-')) {
      usage(`unknown option '${a}'`);
    } else {
      positional.push(a);
    }
  }
  if (positional.length !== 1) usage('expected one MODEL.onnx');
  o.model = positional[0];
  for (const k of ['threads', 'warmup', 'repeat']) {
    const v = String(o[k]);
    if (!/^[0-9]+$/.test(v)) usage(`--${k} needs a non-negative integer, got '${v}'`);
    o[k] = Number(v);
  }
  if (o.threads < 1) usage('--threads must be at least 1');
  if (o.repeat < 1) usage('--repeat must be at least 1');
  if (!['disabled', 'basic', 'extended', 'all'].includes(o.opt))
    usage(`--opt must be disabled, basic, extended or all, got '${o.opt}'`);
  if (!o.inputs) usage('missing --inputs DIR');
  if (!o.outputs) usage('missing --outputs DIR');
  return o;
}

/// The file name of tensor `name` in an inputs / outputs folder (cmd_run.cpp's npy_file_name).
function npyFileName(name) {
  const bytes = Buffer.from(name, 'utf8');
  let s = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    s += /[A-Za-z0-9_.-]/.test(c) && b < 128 ? c : '_';
  }
  return s + '.npy';
}

// .npy dtype descr <-> ONNX Runtime tensor type and typed array.
const kDTypes = [
  { descr: '<f4', ort: 'float32', array: Float32Array },
  { descr: '<f8', ort: 'float64', array: Float64Array },
  { descr: '<i8', ort: 'int64', array: BigInt64Array },
  { descr: '<i4', ort: 'int32', array: Int32Array },
  { descr: '|i1', ort: 'int8', array: Int8Array },
  { descr: '|u1', ort: 'uint8', array: Uint8Array },
  { descr: '|b1', ort: 'bool', array: Uint8Array },
];

/// Parses a .npy file (versions 1.0 to 3.0, little-endian, C order): {type, shape, data}.
function readNpy(file) {
  const buf = fs.readFileSync(file);
  const bad = (what) => fail(`${file}: not a .npy file this reader supports: ${what}`);
  if (buf.length < 10 || buf.toString('latin1', 0, 6) !== '\x93NUMPY') bad('bad magic');
  const major = buf[6];
  let headerLen, start;
  if (major === 1) {
    headerLen = buf.readUInt16LE(8);
    start = 10;
  } else if (major === 2 || major === 3) {
    headerLen = buf.readUInt32LE(8);
    start = 12;
  } else {
    bad(`format version ${major}`);
  }
  const header = buf.toString(major === 3 ? 'utf8' : 'latin1', start, start + headerLen);
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header);
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header);
  const shape = /'shape'\s*:\s*\(([^)]*)\)/.exec(header);
  if (!descr || !fortran || !shape) bad(`header ${JSON.stringify(header)}`);
  if (fortran[1] === 'True') bad('Fortran order');
  const dt = kDTypes.find((d) => d.descr === descr[1]);
  if (!dt) bad(`dtype '${descr[1]}'`);
  const dims = shape[1].split(',').map((s) => s.trim()).filter((s) => s.length > 0).map(Number);
  if (dims.some((d) => !Number.isInteger(d) || d < 0)) bad(`shape (${shape[1]})`);
  const count = dims.reduce((a, b) => a * b, 1);
  const offset = start + headerLen;
  const nbytes = count * dt.array.BYTES_PER_ELEMENT;
  if (buf.length - offset !== nbytes)
    bad(`${buf.length - offset} data bytes, ${nbytes} expected for shape (${dims})`);
  // Copy into an aligned buffer of its own (the header leaves the data at any offset).
  const data = new dt.array(count);
  Buffer.from(data.buffer).set(buf.subarray(offset, offset + nbytes));
  return { type: dt.ort, shape: dims, data: dt.ort === 'bool' ? Array.from(data, Boolean) : data };
}

/// The bytes of a version 1.0 .npy file for an ONNX Runtime tensor.
function npyBytes(tensor) {
  const dt = kDTypes.find((d) => d.ort === tensor.type);
  if (!dt) throw new Error(`output of type '${tensor.type}' cannot be written as .npy`);
  const dims = tensor.dims.map(Number);
  const shape = dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(', ')})`;
  let header = `{'descr': '${dt.descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const pre = Buffer.alloc(10);
  pre.write('\x93NUMPY', 0, 'latin1');
  pre[6] = 1;
  pre[7] = 0;
  pre.writeUInt16LE(header.length, 8);
  const data = tensor.type === 'bool' ? Uint8Array.from(tensor.data, (b) => (b ? 1 : 0)) : tensor.data;
  const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.concat([pre, Buffer.from(header, 'latin1'), body]);
}

/// Writes through a temporary file and a rename, so a reader never sees half a file.
function writeFileAtomic(file, bytes) {
  const tmp = `${file}.tmp${process.pid}`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
}

function loadOrt(dir) {
  const where = path.join(path.resolve(dir), 'node_modules', 'onnxruntime-node');
  try {
    return { ort: require(where), version: require(path.join(where, 'package.json')).version };
  } catch (e) {
    fail(`cannot load onnxruntime-node from ${where} (run \`make onnxruntime\`): ${e.message}`);
  }
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const { ort, version } = loadOrt(o.ortDir);
  let session;
  try {
    session = await ort.InferenceSession.create(o.model, {
      intraOpNumThreads: o.threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: o.opt,
      ...(o.profile ? { enableProfiling: true, profileFilePrefix: o.profile } : {}),
    });
  } catch (e) {
    fail(`cannot load ${o.model}: ${e.message}`);
  }
  const feeds = {};
  for (const name of session.inputNames) {
    const file = path.join(o.inputs, npyFileName(name));
    if (!fs.existsSync(file)) fail(`missing input '${name}': no file ${file}`);
    const t = readNpy(file);
    feeds[name] = new ort.Tensor(t.type, t.data, t.shape);
  }
  const run = async () => {
    try {
      return await session.run(feeds);
    } catch (e) {
      fail(`running ${o.model}: ${e.message}`);
    }
  };
  for (let i = 0; i < o.warmup; ++i) await run();
  const times = [];
  let results;
  for (let i = 0; i < o.repeat; ++i) {
    const t0 = performance.now();
    results = await run();
    times.push(performance.now() - t0);
  }
  fs.mkdirSync(o.outputs, { recursive: true });
  for (const name of session.outputNames) {
    try {
      writeFileAtomic(path.join(o.outputs, npyFileName(name)), npyBytes(results[name]));
    } catch (e) {
      fail(`writing output '${name}': ${e.message}`);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const record = { threads: o.threads, opt: o.opt, times_ms: times, median_ms: median,
    min_ms: sorted[0], outputs: session.outputNames, output_count: session.outputNames.length };
  session.outputNames.forEach((n, i) => { record[`output_${i}`] = n; });
  record.version = version;
  if (o.profile) record.profile = await session.endProfiling();
  process.stdout.write(JSON.stringify(record) + '\n');
}

main().catch((e) => fail(e.stack || String(e)));
