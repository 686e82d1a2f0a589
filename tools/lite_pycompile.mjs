// Runs tools/lite_pycompile.py inside Pyodide under Node (make lite), so the bytecode is
// compiled by the same Python the browser runs. Usage:
//   node tools/lite_pycompile.mjs PYODIDE_DIR WORK_DIR [lite_pycompile.py's arguments]
// WORK_DIR is Python's working folder (mounted at /work): paths are relative to it.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, workDir, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")));
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdir("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(workDir) }, "/work");
pyodide.runPython("import os; os.chdir('/work')");
const script = join(dirname(fileURLToPath(import.meta.url)), "lite_pycompile.py");
const module = pyodide.toPy({ __name__: "lite_pycompile" });
pyodide.runPython(readFileSync(script, "utf8"), { globals: module, filename: script });
process.exitCode = module.get("main")(pyodide.toPy(args));
