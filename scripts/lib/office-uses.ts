/**
 * Every Office API member a set of source files uses, with the requirement set Microsoft's typings
 * note for it (`[Api set: ExcelApi 1.18]`), and which of those uses the manifest's declared sets do
 * not cover and no `isSetSupported` guard of at least that version protects. Read with the
 * TypeScript type checker: each property access (and each name taken from an Office object by
 * destructuring) is resolved to its declaration in @types/office-js, @types/custom-functions-runtime
 * or @types/office-runtime, and that declaration's JSDoc (its class's when it has none) is read. So
 * the check follows the typings; nothing is listed by hand.
 *
 * A use is guarded when it sits in the branch that runs only if
 * `isSetSupported("Set", "x.y")` said yes (`if`, `?:`, `&&`, or after an `if (!…) return/throw`),
 * with that set at a version at least the member's. A call of a small function whose body asks
 * `isSetSupported` with literal arguments (`isNestedAppAuthSupported()`) counts as that question.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { apiSetOfNode, lowestSet, versionBelow, type ApiSet } from "./api-set-notes";

/** One use of an Office member. */
export interface OfficeUse {
  /** Path relative to the project root, and 1-based line. */
  file: string;
  line: number;
  /** `Excel.RangeAreas.select`. */
  member: string;
  needs: ApiSet;
}

const TYPINGS =
  /node_modules[\\/]@types[\\/](office-js|custom-functions-runtime|office-runtime)[\\/]/;

/** The sets a manifest declares (`<Set Name="ExcelApi" MinVersion="1.9"/>`). */
export function manifestSets(xml: string): Map<string, string> {
  const defaults = /<Sets[^>]*DefaultMinVersion="([^"]+)"/.exec(xml)?.[1] ?? "1.1";
  const sets = new Map<string, string>();
  for (const m of xml.matchAll(/<Set\s+([^>]*?)\/?>/g)) {
    const name = /Name="([^"]+)"/.exec(m[1])?.[1];
    const version = /MinVersion="([^"]+)"/.exec(m[1])?.[1] ?? defaults;
    if (name) sets.set(name.toLowerCase(), version);
  }
  return sets;
}

/** True when the declared sets cover `needs`. */
export function covered(sets: Map<string, string>, needs: ApiSet): boolean {
  const declared = sets.get(needs.set.toLowerCase());
  return declared !== undefined && !versionBelow(declared, needs.version);
}

/** The note of a declaration, or of the class, interface or namespace around it. */
function noteOf(declaration: ts.Declaration): ApiSet | undefined {
  for (let node: ts.Node | undefined = declaration; node; node = node.parent) {
    const note = apiSetOfNode(node);
    if (note) return note;
    if (ts.isSourceFile(node) || ts.isModuleBlock(node)) return undefined;
  }
  return undefined;
}

function qualifiedName(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  return checker.getFullyQualifiedName(symbol).replace(/^"[^"]*"\./, "");
}

/** The Office symbol a property access or a destructured name resolves to, if any. */
function officeSymbol(checker: ts.TypeChecker, node: ts.Node): ts.Symbol | undefined {
  let symbol: ts.Symbol | undefined;
  if (ts.isPropertyAccessExpression(node)) symbol = checker.getSymbolAtLocation(node.name);
  else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
    const key = node.propertyName ?? node.name;
    if (!ts.isIdentifier(key)) return undefined;
    symbol = checker.getTypeAtLocation(node.parent).getProperty(key.text);
  }
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declarations = symbol?.declarations ?? [];
  if (declarations.length === 0) return undefined;
  return declarations.every((d) => TYPINGS.test(d.getSourceFile().fileName)) ? symbol : undefined;
}

/** Every Office member use in the program's files under `roots`, with its note. */
export function officeUses(program: ts.Program, root: string, roots: string[]): OfficeUse[] {
  const checker = program.getTypeChecker();
  const uses: OfficeUse[] = [];
  const inRoots = (file: string) =>
    roots.some((r) => path.resolve(file).startsWith(path.resolve(root, r) + path.sep));
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || !inRoots(source.fileName)) continue;
    const visit = (node: ts.Node): void => {
      const symbol =
        ts.isPropertyAccessExpression(node) || ts.isBindingElement(node)
          ? officeSymbol(checker, node)
          : undefined;
      const needs = symbol ? lowestSet((symbol.declarations ?? []).map(noteOf)) : undefined;
      if (symbol && needs) {
        const at = ts.isPropertyAccessExpression(node) ? node.name : node;
        uses.push({
          file: path.relative(root, source.fileName),
          line: source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1,
          member: qualifiedName(checker, symbol),
          needs,
          node: at,
        } as OfficeUse & { node: ts.Node });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

/** A literal `isSetSupported("Set", "x.y")` call: the set it asks for. */
function askedSet(call: ts.CallExpression): ApiSet | undefined {
  const callee = call.expression;
  const name = ts.isPropertyAccessExpression(callee)
    ? callee.name.text
    : ts.isIdentifier(callee)
      ? callee.text
      : "";
  if (name !== "isSetSupported") return undefined;
  const [set, version] = call.arguments;
  if (!set || !ts.isStringLiteralLike(set)) return undefined;
  const v = version && ts.isStringLiteralLike(version) ? version.text : "1.1";
  return { set: set.text, version: v };
}

/** The sets a condition asks for, each with whether it is negated (`!isSetSupported(…)`). */
function guardsIn(
  checker: ts.TypeChecker,
  condition: ts.Expression
): { set: ApiSet; negated: boolean }[] {
  const found: { set: ApiSet; negated: boolean }[] = [];
  const visit = (node: ts.Node, negated: boolean): void => {
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      visit(node.operand, !negated);
      return;
    }
    if (ts.isParenthesizedExpression(node)) return visit(node.expression, negated);
    if (ts.isCallExpression(node)) {
      const direct = askedSet(node);
      if (direct) found.push({ set: direct, negated });
      else for (const set of setsAskedBy(checker, node)) found.push({ set, negated });
    }
    ts.forEachChild(node, (child) => visit(child, negated));
  };
  visit(condition, false);
  return found;
}

/** The literal `isSetSupported` questions in the body of the function a call calls (one level). */
function setsAskedBy(checker: ts.TypeChecker, call: ts.CallExpression): ApiSet[] {
  let symbol = checker.getSymbolAtLocation(
    ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression
  );
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const sets: ApiSet[] = [];
  for (const declaration of symbol?.declarations ?? []) {
    if (TYPINGS.test(declaration.getSourceFile().fileName)) continue;
    const body = (declaration as ts.FunctionLikeDeclaration).body;
    if (!body) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const asked = askedSet(node);
        if (asked) sets.push(asked);
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
  }
  return sets;
}

const enough = (asked: ApiSet, needs: ApiSet) =>
  asked.set.toLowerCase() === needs.set.toLowerCase() &&
  !versionBelow(asked.version, needs.version);

const exits = (statement: ts.Statement): boolean => {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements[statement.statements.length - 1];
    return last !== undefined && exits(last);
  }
  return false;
};

/** True when the use runs only after an `isSetSupported` question of at least its set said yes. */
export function isGuarded(checker: ts.TypeChecker, use: ts.Node, needs: ApiSet): boolean {
  const holds = (condition: ts.Expression, wantNegated: boolean) =>
    guardsIn(checker, condition).some((g) => g.negated === wantNegated && enough(g.set, needs));
  for (let child: ts.Node = use, node = use.parent; node; child = node, node = node.parent) {
    if (ts.isIfStatement(node) && child !== node.expression) {
      if (holds(node.expression, child === node.elseStatement)) return true;
    }
    if (ts.isConditionalExpression(node) && child !== node.condition) {
      if (holds(node.condition, child === node.whenFalse)) return true;
    }
    if (
      ts.isBinaryExpression(node) &&
      child === node.right &&
      node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      holds(node.left, false)
    ) {
      return true;
    }
    if (ts.isBlock(node) || ts.isSourceFile(node)) {
      const statements = node.statements as ts.NodeArray<ts.Statement>;
      const index = statements.indexOf(child as ts.Statement);
      for (const earlier of statements.slice(0, Math.max(index, 0))) {
        if (
          ts.isIfStatement(earlier) &&
          !earlier.elseStatement &&
          exits(earlier.thenStatement) &&
          holds(earlier.expression, true)
        ) {
          return true;
        }
      }
    }
  }
  return false;
}

/** The program of a tsconfig (its options; the given root files). */
export function programOf(root: string, files: string[]): ts.Program {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (f) => readFileSync(f, "utf8"));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  // Only the Office typings: the check resolves Office members, not Node's or jest's.
  const types = ["office-js", "office-runtime", "custom-functions-runtime"];
  return ts.createProgram(files, { ...parsed.options, noEmit: true, types });
}

/** The uses in `roots` that the manifest does not cover and no guard protects. */
export function unguardedUses(
  program: ts.Program,
  root: string,
  roots: string[],
  manifestXml: string
): OfficeUse[] {
  const sets = manifestSets(manifestXml);
  const checker = program.getTypeChecker();
  return officeUses(program, root, roots)
    .filter((use) => !covered(sets, use.needs))
    .filter((use) => !isGuarded(checker, (use as OfficeUse & { node: ts.Node }).node, use.needs))
    .map(({ file, line, member, needs }) => ({ file, line, member, needs }));
}
