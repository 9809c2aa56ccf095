/**
 * One engine (docs/developers/architecture.md "One engine"): src/invoices/engine/ is handed the
 * registry when a run starts, so it imports nothing from src/invoices/actions/, tests no action's
 * name, and src/invoices has no import cycle (type imports included).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import madge from "madge";
import ts from "typescript";
import { ACTION_NAMES } from "../../../src/invoices";

const ROOT = join(__dirname, "../../..");
const ENGINE = join(ROOT, "src/invoices/engine");
const engineFiles = readdirSync(ENGINE).filter((f) => f.endsWith(".ts"));

/** The string literals of a source file (comments and templates' words left out). */
function stringLiterals(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const found: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan())
    if (kind === ts.SyntaxKind.StringLiteral) found.push(scanner.getTokenValue());
  return found;
}

describe("one engine", () => {
  it("the registry names every action the pane offers", () => {
    expect(ACTION_NAMES).toEqual(
      expect.arrayContaining(["create-and-approve", "send", "credit", "mark-sent"])
    );
  });

  it("no file in engine/ imports actions/", async () => {
    const graph = (
      await madge(join(ROOT, "src/invoices"), {
        fileExtensions: ["ts"],
        tsConfig: join(ROOT, "tsconfig.json"),
        detectiveOptions: { ts: { skipTypeImports: false } },
      })
    ).obj();
    const reaching = Object.entries(graph).flatMap(([file, deps]) =>
      file.startsWith("engine/")
        ? deps.filter((d) => d.startsWith("actions/")).map((d) => `${file} → ${d}`)
        : []
    );
    expect(Object.keys(graph).filter((f) => f.startsWith("engine/")).length).toBe(
      engineFiles.length
    );
    expect(reaching).toEqual([]);
  });

  it("has no import cycle in src/invoices, type imports included", async () => {
    const result = await madge(join(ROOT, "src/invoices"), {
      fileExtensions: ["ts"],
      tsConfig: join(ROOT, "tsconfig.json"),
      detectiveOptions: { ts: { skipTypeImports: false } },
    });
    // Cycles inside the layers src/invoices uses (api, i18n) are theirs, not the engine's.
    const ours = result.circular().filter((cycle) => cycle.every((f) => !f.startsWith("../")));
    expect(ours).toEqual([]);
  });

  it("no file in engine/ names an action", () => {
    const named = engineFiles.flatMap((file) =>
      stringLiterals(readFileSync(join(ENGINE, file), "utf8"))
        .filter((s) => (ACTION_NAMES as readonly string[]).includes(s))
        .map((s) => `${file}: "${s}"`)
    );
    expect(named).toEqual([]);
  });

  it("the literal scan sees a name where one is written (the check can fail)", () => {
    expect(stringLiterals('// "send"\nif (name === "send") go();')).toEqual(["send"]);
  });
});
