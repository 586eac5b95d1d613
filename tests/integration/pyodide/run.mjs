// Runs a Python script inside Pyodide under Node, offline, the way xlwings Lite runs ratingbook.
//
//   node run.mjs PYODIDE_DIR WORK_DIR SCRIPT
//
// PYODIDE_DIR is an installed `pyodide` npm package (node_modules/pyodide: the runtime, its
// standard library and pyodide-lock.json). Every file directly inside WORK_DIR is copied into
// Pyodide's own (in-memory) file system under /work, the wheels in WORK_DIR/wheels under
// /work/wheels; the wheels named in WORK_DIR/bootstrap.txt (micropip and packaging, which the
// npm package does not ship) are unpacked into site-packages first. Then SCRIPT, a file in
// WORK_DIR, runs with top-level await; it installs the rest with micropip from emfs: URLs.
//
// Nothing may come from the network: fetch() is replaced by a function that fails, so a package
// that micropip would have to download (e.g. python-calamine) makes the run fail loudly; only
// the results desk on the loopback address a test names may answer (see below).
// Python's output goes to this process's stdout and stderr; the exit status is 0 only if the
// script finished without an exception.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir, script] = process.argv.slice(2);
if (!pyodideDir || !workDir || !script) {
  console.error("usage: node run.mjs PYODIDE_DIR WORK_DIR SCRIPT");
  process.exit(2);
}

const refused = [];
// The one exception: the results desk a test runs on this machine's loopback address
// (RATINGBOOK_PYODIDE_DESK, e.g. http://127.0.0.1:41234), which xlwings Lite's Take results asks.
const desk = process.env.RATINGBOOK_PYODIDE_DESK ?? "";
const realFetch = globalThis.fetch;
globalThis.fetch = async (resource, options) => {
  const url = String(resource?.url ?? resource);
  if (desk.startsWith("http://127.0.0.1:") && url.startsWith(desk + "/")) {
    return realFetch(resource, options);
  }
  refused.push(url);
  throw new Error(`network access refused in this test: ${url}`);
};

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  // XLWINGS_ON_SERVER: what the Lite runtime sets before importing xlwings, so that
  // `from xlwings import func, script` are the decorators that register functions with Excel.
  env: { HOME: "/home/pyodide", XLWINGS_LICENSE_KEY: "noncommercial", XLWINGS_ON_SERVER: "true" },
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(hostDir, pyDir) {
  pyodide.FS.mkdirTree(pyDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const host = path.join(hostDir, entry.name);
    const target = `${pyDir}/${entry.name}`;
    if (entry.isDirectory()) {
      copyTree(host, target);
    } else if (entry.isFile()) {
      pyodide.FS.writeFile(target, new Uint8Array(fs.readFileSync(host)));
    }
  }
}
// Python's output byte for byte: the batched line handler above splits a line longer than its
// buffer (the result line of a big book) into several lines.
pyodide.setStdout({
  write: (buffer) => {
    process.stdout.write(buffer);
    return buffer.length;
  },
});
copyTree(workDir, "/work");

const bootstrap = fs.existsSync(path.join(workDir, "bootstrap.txt"))
  ? fs.readFileSync(path.join(workDir, "bootstrap.txt"), "utf8").split("\n").filter(Boolean)
  : [];
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of bootstrap) {
  const bytes = new Uint8Array(fs.readFileSync(path.join(workDir, "wheels", wheel)));
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}

let status = 0;
try {
  pyodide.runPython("import os, sys; os.chdir('/work'); sys.path.insert(0, '/work')");
  await pyodide.runPythonAsync(fs.readFileSync(path.join(workDir, script), "utf8"), {
    filename: `/work/${script}`,
  });
} catch (error) {
  console.error(String(error?.message ?? error));
  status = 1;
}
if (refused.length) {
  console.error(`refused network requests: ${refused.join(", ")}`);
  status = 1;
}
// Not process.exit(): it would drop output still queued for a full pipe (a big result line).
process.exitCode = status;
