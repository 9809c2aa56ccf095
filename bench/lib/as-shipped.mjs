/**
 * Runs a bench on the add-in's code compiled as it ships, not as tsx runs it.
 *
 * `npx tsx` compiles with esbuild's `keepNames`: every function made at run time (each call's
 * closures, each class method's) is passed through a `__name` helper that redefines its `name`
 * property. The pane's bundle (webpack with ts-loader, ES2022) has no such helper. In a benchmark
 * of CPU per call that helper is a cost the controller's pane never pays (`bench/invoices-profile.ts`
 * listed `__name` among the engine's allocations). Here the bench and the code it measures are
 * bundled by esbuild without `keepNames`, for ES2022 as tsconfig.json says, into
 * `node_modules/.cache/bench/`, and run by Node itself. Each source file keeps its own `__dirname`
 * (the simulator's child process is found beside `simulator-process.ts`); processes the bench forks
 * (the simulator) still run under tsx: they are the service, not what is measured.
 *
 * Usage: `node bench/lib/as-shipped.mjs bench/invoices.ts [the bench's own flags]`.
 */
import { build } from "esbuild";
import { readFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [entry, ...args] = process.argv.slice(2);
if (entry === undefined) {
  console.error("Usage: node bench/lib/as-shipped.mjs <bench entry .ts> [flags]");
  process.exit(2);
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const outDir = path.join(root, "node_modules", ".cache", "bench");
await mkdir(outDir, { recursive: true });
const outfile = path.join(outDir, `${path.basename(entry, ".ts")}.mjs`);

/** Gives each of the project's own files its own `__dirname` and `__filename`. */
const ownDirname = {
  name: "own-dirname",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = await readFile(args.path, "utf8");
      contents = contents
        .replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path)))
        .replace(/\b__filename\b/g, JSON.stringify(args.path));
      return { contents, loader: "ts" };
    });
  },
};

await build({
  entryPoints: [path.resolve(entry)],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "es2022",
  keepNames: false,
  // Packages are bundled too, as the pane's bundle has them (Node's own modules stay Node's).
  plugins: [ownDirname],
  logLevel: "warning",
  // What bundled CommonJS packages expect of Node (the project's own files got theirs above).
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      'import { fileURLToPath as __fileURLToPath } from "node:url";',
      "const require = __createRequire(import.meta.url);",
      "const __filename = __fileURLToPath(import.meta.url);",
      'const __dirname = __filename.slice(0, __filename.lastIndexOf("/"));',
    ].join(" "),
  },
});

process.argv = [process.argv[0], path.resolve(entry), ...args];
await import(pathToFileURL(outfile).href);
