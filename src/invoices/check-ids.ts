/**
 * Check looks the rows' ids up in the service (docs/developers/rules.md#invoice-sheet: "Check looks the rows'
 * ids up in the service (batched, cached) and refuses one it does not know"). Each distinct id is
 * asked once: customers, contracts and service locations through their filter endpoints with an
 * id list (Masterdata OpenAPI `includeOnlyIds`), bank accounts, tax codes and billing items as the
 * lists the client caches anyway, property groups by bounded-concurrency GETs through the client's
 * cache. An id the service answers it does not hold refuses its row, naming the cell; a look-up
 * that fails for another reason (503, time-out) refuses nothing and says the id was not checked.
 */
import { isAuthError, isNotFoundError, isServiceId } from "../api";
import type { BillingClient } from "../api";
import { cellText } from "./cell-values";
import { classifyHeader, columnLetter } from "./columns";
import { describeError } from "./describe-error";
import type { InvalidInvoice, Plan } from "./plan-types";
import { summarisePlan } from "./plan-invoices";
import { checkReferences } from "./check-references";
import type { SheetSnapshot } from "./sheet-types";
import { sayIn, type Say } from "./words";

/** The kinds of record an id column names. */
type IdKind =
  | "customer"
  | "bankAccount"
  | "taxCode"
  | "billingItem"
  | "serviceLocation"
  | "contract"
  | "propertyGroup";

/** The id columns Check looks up, by canonical column name. */
const ID_COLUMNS: Readonly<Record<string, IdKind>> = {
  customerId: "customer",
  companyBankAccountId: "bankAccount",
  taxCodeId: "taxCode",
  billingItemId: "billingItem",
  serviceLocationId: "serviceLocation",
  contractId: "contract",
  propertyGroupId: "propertyGroup",
};

/** How each kind is named in a message (`check.id.<kind>`), and where a controller finds a valid one
 * (`check.id.<kind>.fix`). */
const KIND_WORDS = {
  customer: ["check.id.customer", "check.id.customer.fix"],
  bankAccount: ["check.id.bankAccount", "check.id.bankAccount.fix"],
  taxCode: ["check.id.taxCode", "check.id.taxCode.fix"],
  billingItem: ["check.id.billingItem", "check.id.billingItem.fix"],
  serviceLocation: ["check.id.serviceLocation", "check.id.serviceLocation.fix"],
  contract: ["check.id.contract", "check.id.contract.fix"],
  propertyGroup: ["check.id.propertyGroup", "check.id.propertyGroup.fix"],
} as const satisfies Record<IdKind, readonly [string, string]>;

/** Ids sent in one filter call (`includeOnlyIds`): short enough for any request body limit. */
export const ID_BATCH_SIZE = 100;
/** Property group configurations read at once (GETs; the client has its own limit too). */
export const ID_LOOKUP_CONCURRENCY = 4;
/** User Timing name of the look-ups, read by `npm run bench:sheet` (as src/excel/timing.ts). */
export const LOOKUP_MEASURE = "billing:lookups";

/** One id in one cell. */
interface IdCell {
  rowNumber: number;
  column: string;
  cell: string;
  id: string;
}

/** What the service said about one id. */
type Verdict = { known: true; contractNumber?: string } | { known: false } | { unchecked: string };

/** The outcome of {@link checkIds}. */
export interface IdCheck {
  /** Per worksheet row: an id the service does not know (or a contract number that disagrees). */
  rowProblems: Map<number, string[]>;
  /** Ids that could not be checked (the service did not answer): one sentence per reason. */
  unchecked: string[];
  /** Distinct ids looked up. */
  ids: number;
  /** Requests made (a cached list counts as one). */
  requests: number;
  /** Wall time of the look-ups, ms. */
  durationMs: number;
}

/** The rows of invoices an earlier run created: their body is never sent again, so not checked. */
function continuedRows(snapshot: SheetSnapshot, plan: Plan): Set<number> {
  const rows = new Set<number>();
  for (const invoice of plan.invoices)
    if (invoice.invoiceId !== undefined) for (const r of invoice.rowNumbers) rows.add(r);
  const idColumn = snapshot.headers.findIndex((h) => classifyHeader(h, 0)?.name === "invoiceId");
  if (idColumn >= 0)
    for (const row of snapshot.rows)
      if (cellText(row.values[idColumn]) !== "") rows.add(row.rowNumber);
  return rows;
}

/** The id cells of the rows to be sent (UUID-shaped only: others are refused by planning already). */
function idCells(snapshot: SheetSnapshot, plan: Plan): { ids: IdCell[]; numbers: IdCell[] } {
  const skip = continuedRows(snapshot, plan);
  const place = (i: number) => snapshot.columnIndexes?.[i] ?? (snapshot.firstColumnIndex ?? 0) + i;
  // Only the id columns and contractNumber are read; a cell's address is built only when needed.
  const columns = snapshot.headers
    .map((h, i) => ({ name: classifyHeader(h, i)?.name ?? "", index: i }))
    .filter((c) => ID_COLUMNS[c.name] !== undefined || c.name === "contractNumber")
    .map((c) => ({
      ...c,
      letter: columnLetter(place(c.index)),
      isId: c.name !== "contractNumber",
    }));
  const ids: IdCell[] = [];
  const numbers: IdCell[] = [];
  for (const row of snapshot.rows) {
    if (skip.has(row.rowNumber)) continue;
    for (const { name, index, letter, isId } of columns) {
      const value = cellText(row.values[index]);
      if (value === "" || (isId && !isServiceId(value))) continue;
      const found = {
        rowNumber: row.rowNumber,
        column: name,
        cell: `${letter}${row.rowNumber}`,
        id: value,
      };
      (isId ? ids : numbers).push(found);
    }
  }
  return { ids, numbers };
}

/** Runs `work` over `items`, at most `limit` at once. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Why a look-up did not answer, for a controller; auth failures are rethrown (Check says sign in). */
function uncheckedReason(error: unknown, say: Say): string {
  if (isAuthError(error)) throw error;
  return describeError(error, "act.lookIdsUp", say);
}

/**
 * Looks every id on the rows to be sent up in the service; see the module comment. Rows of
 * invoices an earlier run created are skipped (their body is never sent again). Never throws for a
 * failed look-up, except a sign-in failure.
 */
export async function checkIds(
  client: BillingClient,
  snapshot: SheetSnapshot,
  plan: Plan
): Promise<IdCheck> {
  const say = sayIn(plan.language);
  const { ids, numbers } = idCells(snapshot, plan);
  // The measure covers the look-ups (network and service), not reading the cells above.
  const start = globalThis.performance?.now() ?? Date.now();
  const wanted = new Map<IdKind, Set<string>>();
  for (const c of ids) {
    const kind = ID_COLUMNS[c.column];
    const set = wanted.get(kind) ?? new Set<string>();
    set.add(c.id.toLowerCase());
    wanted.set(kind, set);
  }
  const verdicts = new Map<string, Verdict>();
  const key = (kind: IdKind, id: string) => `${kind} ${id.toLowerCase()}`;
  let requests = 0;

  /** Asks for `kind` in batches with `load`; every id the answers leave out is unknown. */
  const byList = async (
    kind: IdKind,
    load: (batch: string[]) => Promise<{ id: string; contractNumber?: string }[]>,
    batchSize = ID_BATCH_SIZE
  ) => {
    const all = [...(wanted.get(kind) ?? [])];
    const batches: string[][] = [];
    for (let i = 0; i < all.length; i += batchSize) batches.push(all.slice(i, i + batchSize));
    await Promise.all(
      batches.map(async (batch) => {
        requests += 1;
        try {
          const found = new Map(
            (await load(batch)).map((r) => [r.id.toLowerCase(), r.contractNumber] as const)
          );
          for (const id of batch) {
            const known = found.has(id);
            verdicts.set(
              key(kind, id),
              known ? { known: true, contractNumber: found.get(id) } : { known: false }
            );
          }
        } catch (error) {
          const reason = uncheckedReason(error, say);
          for (const id of batch) verdicts.set(key(kind, id), { unchecked: reason });
        }
      })
    );
  };
  // Whole lists the client caches (few records, read by the template's lists too): one call each.
  const wholeList = (load: () => Promise<{ id: string }[]>) => () => load();

  await Promise.all([
    byList("customer", (batch) => client.filterCustomers({ includeOnlyIds: batch })),
    byList("contract", (batch) => client.filterContracts({ includeOnlyIds: batch })),
    byList("serviceLocation", (batch) => client.filterServiceLocations({ includeOnlyIds: batch })),
    byList(
      "bankAccount",
      wholeList(() => client.getBankAccounts()),
      Number.MAX_SAFE_INTEGER
    ),
    byList(
      "taxCode",
      wholeList(() => client.getTaxCodes()),
      Number.MAX_SAFE_INTEGER
    ),
    byList(
      "billingItem",
      wholeList(() => client.getBillingItems()),
      Number.MAX_SAFE_INTEGER
    ),
    eachLimited([...(wanted.get("propertyGroup") ?? [])], ID_LOOKUP_CONCURRENCY, async (id) => {
      requests += 1;
      try {
        await client.getPropertyGroupBillingConfiguration(id);
        verdicts.set(key("propertyGroup", id), { known: true });
      } catch (error) {
        verdicts.set(
          key("propertyGroup", id),
          isNotFoundError(error) ? { known: false } : { unchecked: uncheckedReason(error, say) }
        );
      }
    }),
  ]);

  const durationMs = (globalThis.performance?.now() ?? Date.now()) - start;
  globalThis.performance?.measure?.(LOOKUP_MEASURE, { start, end: start + durationMs });

  const rowProblems = new Map<number, string[]>();
  const add = (rowNumber: number, text: string) =>
    rowProblems.set(rowNumber, [...(rowProblems.get(rowNumber) ?? []), text]);
  const unchecked = new Map<string, string[]>();
  const contractOf = new Map<number, { id: string; cell: string; number?: string }>();
  for (const c of ids) {
    const kind = ID_COLUMNS[c.column];
    const verdict = verdicts.get(key(kind, c.id));
    if (verdict === undefined) continue;
    if ("unchecked" in verdict) {
      unchecked.set(verdict.unchecked, [
        ...(unchecked.get(verdict.unchecked) ?? []),
        say("check.idCell", { column: c.column, cell: c.cell }),
      ]);
    } else if (!verdict.known) {
      const [noun, fix] = KIND_WORDS[kind];
      const at = { column: c.column, id: c.id, cell: c.cell };
      add(c.rowNumber, say("check.unknownId", { ...at, noun: say(noun), fix: say(fix) }));
    } else if (kind === "contract") {
      contractOf.set(c.rowNumber, { id: c.id, cell: c.cell, number: verdict.contractNumber });
    }
  }
  // contractNumber must name the contract of contractId (the service would bill the wrong one).
  for (const n of numbers) {
    const contract = contractOf.get(n.rowNumber);
    if (contract?.number === undefined || contract.number === "") continue;
    if (contract.number.trim().toLowerCase() !== n.id.toLowerCase())
      add(
        n.rowNumber,
        say("check.contractNumber", {
          number: n.id,
          cell: n.cell,
          contract: contract.id,
          contractCell: contract.cell,
          actual: contract.number,
        })
      );
  }
  return {
    rowProblems,
    unchecked: [...unchecked].map(([reason, cells]) =>
      say("check.notChecked", { count: cells.length, cells: listCells(cells, say), reason })
    ),
    ids: verdicts.size,
    requests,
    durationMs,
  };
}

/** At most this many cells are named in one "not checked" sentence. */
const CELLS_NAMED = 5;

function listCells(cells: readonly string[], say: Say): string {
  if (cells.length <= CELLS_NAMED) return cells.join(", ");
  const named = cells.slice(0, CELLS_NAMED).join(", ");
  return say("check.andMore", { cells: named, more: cells.length - CELLS_NAMED });
}

/**
 * The plan with the id check's findings: each row with an unknown id gets its problem, the whole
 * invoice it belongs to is not sent, and the counts and summary follow. `unchecked` sentences go
 * to `notes`. The plan itself is not changed.
 */
export function withIdCheck(plan: Plan, check: Pick<IdCheck, "rowProblems" | "unchecked">): Plan {
  const notes = [...(plan.notes ?? []), ...check.unchecked];
  if (check.rowProblems.size === 0) return { ...plan, notes };
  const rowProblems = new Map(plan.rowProblems);
  for (const [row, problems] of check.rowProblems)
    rowProblems.set(row, [...(rowProblems.get(row) ?? []), ...problems]);
  const invoices = plan.invoices.filter((i) => !i.rowNumbers.some((r) => check.rowProblems.has(r)));
  const moved: InvalidInvoice[] = plan.invoices
    .filter((i) => !invoices.includes(i))
    .map((i) => ({ key: i.key, label: i.label, rowNumbers: i.rowNumbers, rowsWithProblems: [] }));
  const invalidInvoices = [...plan.invalidInvoices.map((i) => ({ ...i })), ...moved];
  for (const invoice of invalidInvoices)
    invoice.rowsWithProblems = invoice.rowNumbers
      .filter((r) => rowProblems.has(r))
      .sort((a, b) => a - b);
  const counts = {
    ...plan.counts,
    invoices: invoices.length,
    lines: invoices.reduce((n, i) => n + i.body.lines.length, 0),
    rowsWithProblems: rowProblems.size,
    invalidInvoices: invalidInvoices.length,
    continued: invoices.filter((i) => i.invoiceId !== undefined).length,
    finished: plan.counts.finished,
    invalidRows: invalidInvoices.reduce((n, i) => n + i.rowNumbers.length, 0),
  };
  return {
    ...plan,
    invoices,
    invalidInvoices,
    rowProblems,
    counts,
    notes,
    summary: summarisePlan(counts, plan.planProblems, sayIn(plan.language)),
  };
}

/**
 * Check's look-ups as one step: the plan with the service's verdict on its ids (see
 * {@link checkIds}, {@link withIdCheck}). Nothing is asked for a plan that cannot be sent anyway
 * (a problem of the whole selection, no rows). When no client can be made (settings not usable)
 * or the service refuses the sign-in, the sheet's own problems still stand and a note says the
 * ids were not checked, and why.
 */
export async function checkPlanWithService(
  client: () => BillingClient,
  snapshot: SheetSnapshot,
  plan: Plan,
  options: { referenceScope?: string; timeZone?: string } = {}
): Promise<Plan> {
  if (plan.planProblems.length > 0 || plan.counts.rows === 0) return plan;
  try {
    const made = client();
    const ids = await checkIds(made, snapshot, plan);
    if (options.referenceScope === undefined) return withIdCheck(plan, ids);
    // What the service holds under the rows' references (check-references.ts), for the rows the
    // id check lets through.
    const afterIds = withIdCheck(plan, ids);
    const refs = await checkReferences(made, afterIds, options.referenceScope, {
      ...(options.timeZone !== undefined ? { timeZone: options.timeZone } : {}),
    });
    return withIdCheck(afterIds, { rowProblems: refs.rowProblems, unchecked: refs.notes });
  } catch (error) {
    const say = sayIn(plan.language);
    const why = describeError(error, "act.lookIdsUp", say);
    return withIdCheck(plan, {
      rowProblems: new Map(),
      unchecked: [say("check.idsNotChecked", { why })],
    });
  }
}
