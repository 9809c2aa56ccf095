/**
 * A row's state as a small total function of two things (docs/developers/rules.md#truth-of-a-run): what the
 * service holds for the invoice, and what this run attempted. Nothing else decides what a row says.
 */
import type { Invoice } from "../../api";
import { entriesText } from "../describe-error";
import type { InvoiceState, StopReason } from "./run-types";
import { ENGLISH, type Say } from "../words";

/** What the service holds for one invoice, as far as this run found out. */
export type Held =
  /** Nothing was asked (the run stopped first, or nothing needed asking). */
  | { kind: "unasked" }
  /** The service answered: no invoice carries its id or reference. */
  | { kind: "none" }
  /** Asked, but no answer came: whether (and how) it exists is still open. */
  | { kind: "open" }
  /** The one invoice that carries it, as last read. */
  | { kind: "invoice"; invoice: Invoice };

/** What this run attempted for one invoice, and how that ended. */
export interface Attempt {
  /** The last step sent (or tried): nothing, the create, the approve. */
  step: "none" | "create" | "approve";
  /** The failure of the last step, in plain words ("Could not approve the invoice: …"). */
  said?: string;
  /** The service refused the step (its answer is final; running again changes nothing). */
  refused?: boolean;
  /** Waiting for the approval ran out of time. */
  timedOut?: boolean;
  /** What the run found on the way, e.g. an extra draft with the same reference. */
  notes: string[];
}

/** What settling gives: the state, the message, and whether the `status` cell is written. */
export interface Settled {
  state: InvoiceState;
  message: string;
  /** False when the service could not be read: the row keeps the status it has (never downgraded). */
  writeStatus: boolean;
}

/** Statuses after approval (docs/developers/live-service.md: `settled`, `generated` follow `approved`). */
export const APPROVED_STATUSES: ReadonlySet<string> = new Set(["approved", "settled", "generated"]);

const statusOf = (invoice: Invoice) => (invoice.status ?? "").toLowerCase();

/** Approved and numbered: final, never read again (docs/developers/rules.md#truth-of-a-run). */
export function isNumbered(invoice: Invoice): boolean {
  return APPROVED_STATUSES.has(statusOf(invoice)) && (invoice.invoiceNum ?? "").trim() !== "";
}

/** The service reports a problem: the invoice will not be approved as it is. */
export function hasProblem(invoice: Invoice): boolean {
  return invoice.errors.length > 0 || statusOf(invoice) === "generationfailed";
}

/** A draft that can be approved. */
export function isDraft(invoice: Invoice): boolean {
  return statusOf(invoice) === "created" && !hasProblem(invoice);
}

/** No further change is to be waited for: numbered, or a problem. */
export function isSettled(invoice: Invoice): boolean {
  return isNumbered(invoice) || hasProblem(invoice);
}

/** Why the run stopped, as a sentence for a row, in the words of `say`. */
export function stopText(reason: StopReason, say: Say = ENGLISH): string {
  switch (reason) {
    case "cancelled":
      return say("row.stop.cancelled");
    case "auth":
      return say("row.signIn");
    case "sheet-write":
      return say("row.stop.sheetWrite");
    case "unreachable":
      return say("row.stop.unreachable");
    case "rate-limited":
      return say("row.stop.rateLimited");
  }
}

const join = (...parts: (string | undefined)[]) =>
  parts.filter((p): p is string => p !== undefined && p !== "").join(" ");

/** Everything a row needs to be settled. */
export interface SettleInput {
  held: Held;
  attempt: Attempt;
  stopped?: StopReason;
  /** Words that replace STOP_TEXT[stopped] (a sign-in or role refusal's own sentence). */
  stopText?: string;
  /** The invoice's client reference, for messages. */
  reference?: string;
  /** The row carries an invoice id from an earlier run. */
  hasId: boolean;
  /** The row carried its reference from an earlier run (it may exist without an id). */
  hadReference: boolean;
  /** The state the row's `status` cell shows now (for a row that keeps it). */
  prior: InvoiceState;
  /** A "Create drafts" run: a draft is where the run meant to stop. */
  drafts?: boolean;
  /**
   * The stop was a role refusal (a 403: the account may not do this): no "run again" advice, which
   * cannot help; the stop's own words say what to ask for.
   */
  roleRefused?: boolean;
  /** The run's words (RunOptions.language); default English. */
  say?: Say;
}

/** The settled state of one invoice: see the module comment. */
export function settle(input: SettleInput): Settled {
  const { held, attempt, stopped } = input;
  const say = input.say ?? ENGLISH;
  const stop = stopped === undefined ? undefined : (input.stopText ?? stopText(stopped, say));
  /** "Run again to …", unless running again cannot help. */
  const again = (advice: string) => (input.roleRefused ? undefined : advice);
  const waiting = say("row.waitingForLimit");
  const notes = attempt.notes.join(" ");
  if (held.kind === "invoice") {
    const invoice = held.invoice;
    if (hasProblem(invoice)) {
      const words =
        invoice.errors.length > 0
          ? say("row.problem", { words: entriesText(invoice.errors) || say("row.noDetails") })
          : say("row.generationFailed");
      return { state: "failed", message: join(words, notes), writeStatus: true };
    }
    if (isNumbered(invoice)) return { state: "approved", message: notes, writeStatus: true };
    if (statusOf(invoice) === "created") {
      if (attempt.step === "approve" && attempt.refused)
        return { state: "failed", message: join(attempt.said, notes), writeStatus: true };
      if (input.drafts && attempt.said === undefined && stop === undefined)
        return {
          state: "created",
          message: join(say("row.draft"), notes),
          writeStatus: true,
        };
      return {
        state: "created",
        message: join(
          say("row.createdNotApproved"),
          attempt.said,
          stop,
          say("row.again.approve"),
          notes
        ),
        writeStatus: true,
      };
    }
    // approvalinprogress, approved without a number yet, or a status the interface does not show.
    return {
      state: attempt.timedOut ? "pending" : "approving",
      message: join(say("row.stillApproving"), attempt.said, stop, notes),
      writeStatus: true,
    };
  }
  if (held.kind === "none") {
    if (attempt.refused)
      return { state: "failed", message: join(attempt.said, notes), writeStatus: true };
    // A 429 is never a final answer: the service holds nothing, and said "later".
    if (stopped === "rate-limited") return { state: "queued", message: waiting, writeStatus: true };
    if (stopped === "auth")
      // Refused (401/403) or never sent for want of a sign-in: either way nothing was created.
      return {
        state: "cancelled",
        message: join(say("row.notCreated"), stop, again(say("row.again.create"))),
        writeStatus: true,
      };
    if (stopped === "cancelled" || stopped === "sheet-write")
      return {
        state: "cancelled",
        message: join(say("row.nothingSent"), stop, say("row.again.create")),
        writeStatus: true,
      };
    return {
      state: "not sent",
      message: join(
        say("row.notSentColon"),
        attempt.said ?? stop ?? say("row.nothingReached"),
        say("row.again.send")
      ),
      writeStatus: true,
    };
  }
  if (input.hasId) {
    // The invoice exists; it could not be read now. The row keeps its status (never downgraded).
    return {
      state: input.prior,
      message: join(
        held.kind === "unasked" ? say("row.notChecked") : attempt.said,
        stop,
        again(say("row.again.continue"))
      ),
      writeStatus: false,
    };
  }
  if (held.kind === "unasked") {
    const nothingSent = attempt.step === "none" && !input.hadReference;
    if (stopped === "rate-limited" && (nothingSent || attempt.step === "create"))
      return { state: "queued", message: waiting, writeStatus: true };
    return {
      state: "cancelled",
      message: nothingSent
        ? join(say("row.nothingSent"), stop, again(say("row.again.create")))
        : join(say("row.notChecked"), stop, again(say("row.again.continue"))),
      writeStatus: true,
    };
  }
  const ref = input.reference ?? "";
  if (attempt.step === "create") {
    return {
      state: "unknown",
      message: join(
        say("row.cutAfterCreate", { ref }),
        attempt.said,
        stop,
        say("row.again.lookUp"),
        notes
      ),
      writeStatus: true,
    };
  }
  return {
    state: "unknown",
    message: join(say("row.referenceOpen", { ref }), attempt.said, stop, say("row.again.continue")),
    writeStatus: true,
  };
}
