/**
 * `npm run generate:api-sets`: writes preview/hosts/api-sets.generated.ts, the requirement set of
 * every member the preview's fake Excel implements, as Microsoft's installed typings note it
 * (`[Api set: ExcelApi 1.18]` in `@types/office-js`, `[Api set: CustomFunctionsRuntime 1.2]` in
 * `@types/custom-functions-runtime`). Never written by hand: a test regenerates it and compares, so
 * new typings or a new fake member make that test fail until this script is run again.
 *
 * How: the TypeScript compiler's parser reads the fake's classes (each names its Excel type in
 * `typeName = "Range"`; its public methods, accessors and the properties its `getters()` loads,
 * inherited ones included) and the `CustomFunctions` object of preview/custom-functions-shim.ts, then
 * finds the same member in the typings' `Excel.<Type>` class (or `CustomFunctions` namespace) and
 * reads its note; a member without a note takes its class's.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { apiSetOfNode, lowestSet, type ApiSet } from "./lib/api-set-notes";

const ROOT = path.resolve(__dirname, "..");
export const OUTPUT = path.join(ROOT, "preview/hosts/api-sets.generated.ts");
const FAKE_DIR = path.join(ROOT, "preview/fake-excel");
const SHIM = path.join(ROOT, "preview/custom-functions-shim.ts");
const OFFICE_TYPINGS = path.join(ROOT, "node_modules/@types/office-js");
const CF_TYPINGS = path.join(ROOT, "node_modules/@types/custom-functions-runtime");

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

const nameOf = (node: { name?: ts.PropertyName | ts.BindingName }): string | undefined =>
  node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ? node.name.text
    : undefined;

function isHidden(node: ts.Node): boolean {
  const flags = ts.getCombinedModifierFlags(node as ts.Declaration);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
}

/** One fake class: its Excel type (when it names one), base class, public members. */
interface FakeClass {
  typeName?: string;
  base?: string;
  members: Set<string>;
}

/** The keys of the object literal a `getters()` method returns (the properties `load` fetches). */
function getterKeys(method: ts.MethodDeclaration): string[] {
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isReturnStatement(node) &&
      node.expression &&
      ts.isObjectLiteralExpression(node.expression)
    ) {
      for (const p of node.expression.properties) {
        const key = nameOf(p as { name?: ts.PropertyName });
        if (key) keys.push(key);
      }
    }
    ts.forEachChild(node, visit);
  };
  if (method.body) visit(method.body);
  return keys;
}

function readClass(node: ts.ClassDeclaration): FakeClass {
  const fake: FakeClass = { members: new Set() };
  const heritage = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const base = heritage?.types[0]?.expression;
  if (base && ts.isIdentifier(base)) fake.base = base.text;
  for (const member of node.members) {
    const name = nameOf(member as { name?: ts.PropertyName });
    if (ts.isConstructorDeclaration(member)) {
      for (const p of member.parameters) {
        const param = nameOf(p);
        const isProperty =
          ts.getCombinedModifierFlags(p) & ts.ModifierFlags.ParameterPropertyModifier;
        if (param && isProperty && !isHidden(p)) fake.members.add(param);
      }
      continue;
    }
    if (!name) continue;
    if (name === "typeName" && ts.isPropertyDeclaration(member) && member.initializer) {
      if (ts.isStringLiteral(member.initializer)) fake.typeName = member.initializer.text;
      continue;
    }
    if (name === "getters" && ts.isMethodDeclaration(member)) {
      for (const key of getterKeys(member)) fake.members.add(key);
      continue;
    }
    if (isHidden(member)) continue;
    if (
      ts.isMethodDeclaration(member) ||
      ts.isGetAccessorDeclaration(member) ||
      ts.isSetAccessorDeclaration(member) ||
      ts.isPropertyDeclaration(member)
    ) {
      fake.members.add(name);
    }
  }
  return fake;
}

/** Every fake Excel type and its members (inherited ones included). */
export function fakeMembers(): Map<string, Set<string>> {
  const classes = new Map<string, FakeClass>();
  for (const file of readdirSync(FAKE_DIR).filter((f) => f.endsWith(".ts"))) {
    parse(path.join(FAKE_DIR, file)).forEachChild((node) => {
      if (ts.isClassDeclaration(node) && node.name) classes.set(node.name.text, readClass(node));
    });
  }
  const byType = new Map<string, Set<string>>();
  for (const fake of classes.values()) {
    if (!fake.typeName) continue;
    const members = new Set<string>();
    for (let c: FakeClass | undefined = fake; c; c = c.base ? classes.get(c.base) : undefined) {
      for (const m of c.members) members.add(m);
    }
    byType.set(fake.typeName, members);
  }
  // The `CustomFunctions` global: the keys of the object createCustomFunctionsShim returns.
  parse(SHIM).forEachChild((node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === "createCustomFunctionsShim") {
      byType.set("CustomFunctions", new Set(getterKeys(node as unknown as ts.MethodDeclaration)));
    }
  });
  return byType;
}

/** The notes of a typings class or namespace: per member (lowest over overloads), and its own. */
interface TypingsEntry {
  own?: ApiSet;
  members: Map<string, ApiSet | undefined>;
}

function collect(
  statements: ts.NodeArray<ts.Statement> | readonly ts.Node[],
  wanted: Set<string>,
  into: Map<string, TypingsEntry>
): void {
  for (const node of statements) {
    if (!ts.isClassDeclaration(node) || !node.name || !wanted.has(node.name.text)) continue;
    const entry: TypingsEntry = { own: apiSetOfNode(node), members: new Map() };
    for (const member of node.members) {
      const name = nameOf(member as { name?: ts.PropertyName });
      if (!name) continue;
      entry.members.set(name, lowestSet([entry.members.get(name), apiSetOfNode(member)]));
    }
    into.set(node.name.text, entry);
  }
}

/** The `Excel.<Type>` classes of @types/office-js that the fake implements. */
function excelTypings(wanted: Set<string>): Map<string, TypingsEntry> {
  const found = new Map<string, TypingsEntry>();
  parse(path.join(OFFICE_TYPINGS, "index.d.ts")).forEachChild((node) => {
    if (ts.isModuleDeclaration(node) && node.name.text === "Excel" && node.body) {
      if (ts.isModuleBlock(node.body)) collect(node.body.statements, wanted, found);
    }
  });
  return found;
}

/** The members of the `CustomFunctions` namespace in @types/custom-functions-runtime. */
function customFunctionsTypings(): TypingsEntry {
  const entry: TypingsEntry = { members: new Map() };
  parse(path.join(CF_TYPINGS, "index.d.ts")).forEachChild((node) => {
    if (!ts.isModuleDeclaration(node) || node.name.text !== "CustomFunctions") return;
    if (!node.body || !ts.isModuleBlock(node.body)) return;
    for (const statement of node.body.statements) {
      const name = nameOf(statement as { name?: ts.PropertyName });
      if (!name) continue;
      // An enum without a note of its own (ErrorCode) needs what its values need.
      const own = apiSetOfNode(statement);
      const note =
        own ??
        (ts.isEnumDeclaration(statement)
          ? lowestSet(statement.members.map(apiSetOfNode))
          : undefined);
      entry.members.set(name, lowestSet([entry.members.get(name), note]));
    }
  });
  return entry;
}

function typingsVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string })
    .version;
}

/** The generated module's text. */
export function generateApiSets(): string {
  const fake = fakeMembers();
  const excel = excelTypings(new Set(fake.keys()));
  excel.set("CustomFunctions", customFunctionsTypings());
  const rows: string[] = [];
  const unknown: string[] = [];
  for (const type of [...fake.keys()].sort()) {
    const typings = excel.get(type);
    for (const member of [...(fake.get(type) ?? [])].sort()) {
      const key = `${type}.${member}`;
      if (!typings || !typings.members.has(member)) {
        unknown.push(key);
        continue;
      }
      const set = typings.members.get(member) ?? typings.own;
      if (set)
        rows.push(
          `  ${JSON.stringify(key)}: [${JSON.stringify(set.set)}, ${JSON.stringify(set.version)}],`
        );
    }
  }
  return `/**
 * GENERATED by scripts/generate-api-sets.ts (npm run generate:api-sets); do not edit.
 * The requirement set of every member the preview's fake Excel implements, as Microsoft's typings
 * note it: @types/office-js ${typingsVersion(OFFICE_TYPINGS)}, @types/custom-functions-runtime ${typingsVersion(CF_TYPINGS)}.
 */

/** "Type.member" → [requirement set, version]. */
export const API_SETS: Readonly<Record<string, readonly [set: string, version: string]>> = {
${rows.join("\n")}
};

/** Public members of the fake that the typings do not have (the fake's own helpers). */
export const NOT_IN_TYPINGS: readonly string[] = [
${unknown.map((key) => `  ${JSON.stringify(key)},`).join("\n")}
];
`;
}

if (require.main === module) {
  writeFileSync(OUTPUT, generateApiSets());
  console.log(`Wrote ${path.relative(ROOT, OUTPUT)}`);
}
