/**
 * Which selected rows an action on invoices named by id can apply to, from the sheet alone (issues
 * 21, 26). Pure: the service is asked afterwards (prepare.ts), so that the confirmation states what
 * it holds. Rows of one invoice (one id, one group as Check groups them: one invoiceRef, or one row
 * without) are one item; the statuses that qualify are the action's (src/invoices/actions/).
 * A row whose invoiceId is another invoice's — a copied row — is refused as Check refuses it.
 */
import { isServiceId } from "../../api";
import type { IdAction } from "./id-action";
import { cellText } from "../cell-values";
import { classifyHeader } from "../columns";
import type { CellValue, SheetRow, SheetSnapshot } from "../sheet-types";
import type { ActionItem, ActionPlan, ActionRefusal, ActionRequest } from "./action-types";
import { participleOf } from "./id-words";
import { ENGLISH, sayIn, type Language, type Say } from "../words";

/**
 * The action `request` names in `actions` (the registry's id actions); throws a TypeError naming
 * what is wrong with the request.
 */
export function requestedAction(
  request: ActionRequest,
  actions: Readonly<Record<string, IdAction>>
): IdAction {
  const action = Object.hasOwn(actions, request.action) ? actions[request.action] : undefined;
  if (action === undefined)
    throw new TypeError(
      `action must be one of ${Object.keys(actions)
        .map((n) => `"${n}"`)
        .join(", ")}`
    );
  if (request.channel !== undefined && request.channel !== "email" && request.channel !== "post")
    throw new TypeError('channel must be "email" or "post"');
  if (!action.channels && request.channel !== undefined)
    throw new TypeError(
      `channel applies to ${Object.values(actions)
        .filter((a) => a.channels)
        .map((a) => a.name)
        .join(", ")} only`
    );
  return action;
}

/** The request as planned: the channel of an action that sends filled in. */
function plannedRequest(action: IdAction, request: ActionRequest): ActionRequest {
  return action.channels
    ? { action: request.action, channel: request.channel ?? "email" }
    : { action: request.action };
}

/** The rows of one id in one group (as Check groups them), in sheet order. */
interface Holder {
  group: string;
  rows: SheetRow[];
}

/** See the module comment. The refusals are in `options.language` (default English). */
export function planIdAction(
  action: IdAction,
  snapshot: SheetSnapshot,
  request: ActionRequest,
  options: { language?: Language } = {}
): ActionPlan {
  const say = options.language === undefined ? ENGLISH : sayIn(options.language);
  const participle = participleOf(action, say);
  const at = new Map<string, number>();
  snapshot.headers.forEach((header, index) => {
    const info = classifyHeader(header, index);
    if (info !== undefined && !at.has(info.name)) at.set(info.name, index);
  });
  const plan: ActionPlan = { request: plannedRequest(action, request), items: [], refused: [] };
  const value = (values: readonly CellValue[], column: string) => {
    const i = at.get(column);
    return i === undefined ? "" : cellText(values[i]).trim();
  };
  const hasRefs = at.has("invoiceRef");
  if (!at.has("invoiceId")) {
    // One refusal per invoice as Check groups the rows: the run counts and lists them so.
    for (const rowNumbers of byGroup(snapshot.rows, value, hasRefs))
      plan.refused.push({ rowNumbers, message: say("id.plan.noIdColumn", { participle }) });
    return plan;
  }
  const { holders, emptyRows } = holdersById(snapshot, value, hasRefs);
  for (const [key, list] of holders) {
    const { kept, copies } = originalAndCopies(list, value);
    for (const copy of copies) plan.refused.push(copyRefusal(copy, kept, value, say, participle));
    if (kept === undefined) continue;
    const first = kept.rows[0];
    const id = value(first.values, "invoiceId");
    const rowNumbers = kept.rows.map((r) => r.rowNumber);
    const status = value(first.values, "status").toLowerCase();
    const refuse = (reason: string) =>
      plan.refused.push({
        rowNumbers,
        invoiceId: id,
        message: say("id.row.notDone", { participle, reason }),
      });
    if (!isServiceId(id as unknown)) refuse(say("id.plan.notServiceId", { id: id.slice(0, 60) }));
    else if (!action.rowStatuses.has(status)) refuse(`${action.rowRefusal(status, say)}.`);
    else {
      const reference = value(first.values, "externalReference");
      plan.items.push({
        key,
        invoiceId: id,
        rowNumbers,
        statusBefore: status,
        sentBefore: value(first.values, "sent"),
        creditNoteIdBefore: value(first.values, "creditNoteId"),
        ...(reference === "" ? {} : { referenceBefore: reference }),
      });
    }
  }
  sortBySheet(plan);
  // Rows without an id last: one refusal per invoice as Check groups them (the run counts so).
  const noId = say(
    action.rowStatuses.has("created") ? "id.plan.noIdDrafts" : "id.plan.noIdApproved",
    { participle }
  );
  for (const rowNumbers of byGroup(emptyRows, value, hasRefs))
    plan.refused.push({ rowNumbers, message: noId });
  return plan;
}

type Value = (values: readonly CellValue[], column: string) => string;

/** A row's group as Check groups rows: by invoiceRef, a row without one an invoice of its own. */
function groupOf(row: SheetRow, value: Value, hasRefs: boolean): string {
  const ref = hasRefs ? value(row.values, "invoiceRef") : "";
  return ref !== "" ? `ref:${ref}` : `row:${row.rowNumber}`;
}

/** The row numbers of `rows`, one list per invoice as Check groups them, in sheet order. */
function byGroup(rows: readonly SheetRow[], value: Value, hasRefs: boolean): number[][] {
  const groups = new Map<string, number[]>();
  for (const row of rows) {
    const group = groupOf(row, value, hasRefs);
    groups.set(group, [...(groups.get(group) ?? []), row.rowNumber]);
  }
  return [...groups.values()];
}

/** The rows of each id, by group; rows without an id that hold anything. */
function holdersById(snapshot: SheetSnapshot, value: Value, hasRefs: boolean) {
  const holders = new Map<string, Holder[]>();
  const emptyRows: SheetRow[] = [];
  for (const row of snapshot.rows) {
    const id = value(row.values, "invoiceId");
    if (id === "") {
      // A row without an id: a line of nothing invoiced, or an empty row of the selection.
      if (row.values.some((v) => cellText(v).trim() !== "")) emptyRows.push(row);
      continue;
    }
    // As Check groups rows (groupOf). A sheet without the invoiceRef column cannot say which rows
    // belong together: one id is one invoice.
    const group = hasRefs ? groupOf(row, value, hasRefs) : "";
    const list = holders.get(id.toLowerCase()) ?? [];
    const holder = list.find((h) => h.group === group);
    if (holder !== undefined) holder.rows.push(row);
    else list.push({ group, rows: [row] });
    holders.set(id.toLowerCase(), list);
  }
  return { holders, emptyRows };
}

/**
 * One id on several groups' rows: the original is the first whose rows an earlier run finished
 * (status approved or credited, with its number); the others are copies. Without such an original
 * every holder is refused: the sheet cannot tell which one the service's invoice belongs to.
 */
function originalAndCopies(
  list: Holder[],
  value: Value
): { kept: Holder | undefined; copies: Holder[] } {
  if (list.length === 1) return { kept: list[0], copies: [] };
  const finished = (h: Holder) =>
    h.rows.every((r) =>
      ["approved", "credited"].includes(value(r.values, "status").toLowerCase())
    ) && h.rows.some((r) => value(r.values, "invoiceNum") !== "");
  const kept = list.find(finished);
  return { kept, copies: list.filter((h) => h !== kept) };
}

function copyRefusal(
  copy: Holder,
  original: Holder | undefined,
  value: Value,
  say: Say,
  participle: string
): ActionRefusal {
  const id = value(copy.rows[0].values, "invoiceId");
  const rows = (h: Holder) => {
    const n = h.rows.map((r) => r.rowNumber);
    return n.length === 1
      ? say("id.plan.row", { row: n[0] })
      : say("id.plan.rows", { first: n[0], last: n[n.length - 1] });
  };
  const what =
    original === undefined
      ? say("id.plan.copyElsewhere", { id })
      : say("id.plan.copyOf", { id, rows: rows(original) });
  return {
    rowNumbers: copy.rows.map((r) => r.rowNumber),
    invoiceId: id,
    message: say("id.plan.copy", { participle, what }),
  };
}

/** Items and refusals in sheet order (by their first row). */
function sortBySheet(plan: ActionPlan): void {
  plan.items.sort((a, b) => a.rowNumbers[0] - b.rowNumbers[0]);
  plan.refused.sort((a, b) => a.rowNumbers[0] - b.rowNumbers[0]);
}

/** A draft of the drafts list (the pane's review of a Create drafts run). */
export interface DraftRef {
  invoiceId: string;
  rowNumbers: readonly number[];
}

/**
 * The plan of an id action on the drafts the pane lists (Discard drafts): one item per draft, as
 * the sheet holds it after Create drafts (status `created`). Prepare it as any plan
 * (`prepareInvoiceActions`): the service is read before the confirmation and again before acting.
 */
export function planDrafts(
  action: IdAction,
  request: ActionRequest,
  drafts: readonly DraftRef[]
): ActionPlan {
  const items: ActionItem[] = [];
  const seen = new Set<string>();
  for (const d of drafts) {
    const key = d.invoiceId.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({
      key,
      invoiceId: d.invoiceId,
      rowNumbers: [...d.rowNumbers],
      statusBefore: "created",
      sentBefore: "",
      creditNoteIdBefore: "",
    });
  }
  return { request: plannedRequest(action, request), items, refused: [] };
}
