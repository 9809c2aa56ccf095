/**
 * The body of the streaming BILLING.INVOICESTATUS: the cell registers its invoice with the one shared
 * poller (./status-poller.ts) and shows each read until the invoice is final or Excel cancels it.
 */
import { currentLanguage, hasReasonWords, loadReasonWords, tf } from "../i18n";
import { isCancelledError } from "../api";
import { getClient, currentBaseUrl } from "./connection";
import { MatchError } from "./function-errors";
import { readId } from "./read-arguments";
import type { Invoice } from "../api";
import type { PollerOptions } from "./status-poller";
import {
  DRAFT_FOLLOW_MS,
  describeInvoiceStatus,
  InvoiceStatusPoller,
  isFinalInvoice,
} from "./status-poller";
import { toExcelError } from "./to-excel-error";
import { isValuePreview, previewAnswer, rememberAnswer } from "./value-preview";

let shared: InvoiceStatusPoller | undefined;

/** The poller every INVOICESTATUS cell shares (made on first use). */
export function statusPoller(): InvoiceStatusPoller {
  shared ??= new InvoiceStatusPoller({ client: getClient });
  return shared;
}

/**
 * Replaces the shared poller (tests, the benchmark); no argument returns to the default one, made
 * on next use. Cells already watching keep the poller they registered with.
 */
export function configureStatusPoller(options?: Omit<PollerOptions, "client">): void {
  shared = options ? new InvoiceStatusPoller({ client: getClient, ...options }) : undefined;
}

/** The cell's side of a streaming call: a result setter, Excel's cancellation, the preview flag. */
type Streaming = Pick<
  CustomFunctions.StreamingInvocation<string>,
  "setResult" | "onCanceled" | "isInValuePreview"
>;

/**
 * Follows one invoice for one cell: a bad id is `#VALUE!` at once (no request); an id the service
 * does not hold is `#N/A` and the end; every read shows the status until it is final. A failed
 * read shows its error and polling goes on (the next read replaces it).
 */
export function followInvoiceStatus(invoiceId: unknown, invocation: Streaming): void {
  // The formula bar's value preview: the last status this session showed, or the placeholder;
  // nothing is watched or read.
  if (isValuePreview(invocation)) {
    try {
      invocation.setResult(previewAnswer<string>({ name: "INVOICESTATUS", args: [invoiceId] }));
    } catch (error) {
      invocation.setResult(toExcelError(error));
    }
    return;
  }
  // Office speaks Dutch: its words are a chunk of their own, loaded once before the cell says anything.
  const language = currentLanguage();
  if (hasReasonWords(language)) {
    follow(invoiceId, invocation);
    return;
  }
  let cancelled = false;
  invocation.onCanceled = () => {
    cancelled = true;
  };
  void loadReasonWords(language).then(() => {
    if (!cancelled) follow(invoiceId, invocation);
  });
}

function follow(invoiceId: unknown, invocation: Streaming): void {
  let id: string;
  try {
    id = readId(invoiceId, "invoiceId");
  } catch (error) {
    invocation.setResult(toExcelError(error));
    return;
  }
  const poller = statusPoller();
  const since = poller.now();
  const show = (status: string) => {
    rememberAnswer({ name: "INVOICESTATUS", args: [invoiceId] }, status);
    invocation.setResult(status);
  };
  const stop = poller.watch(id, (update) => {
    if ("invoice" in update) {
      const inv = update.invoice;
      if (inv.creditedByInvoiceId !== undefined) {
        // Credited: said with the credit note's number, and nothing more to follow.
        stop();
        void showCredited(inv, show);
        return;
      }
      if (inv.status === "created" && poller.now() - since >= DRAFT_FOLLOW_MS) {
        stop();
        show(tf("fn.status.draftNotFollowed", { status: describeInvoiceStatus(inv) }));
        return;
      }
      show(describeInvoiceStatus(inv));
      if (isFinalInvoice(inv)) stop();
    } else if ("missing" in update) {
      invocation.setResult(
        toExcelError(new MatchError(tf("fn.noneWithId", { what: tf("fn.kind.invoice"), id })))
      );
      stop();
    } else if (!isCancelledError(update.error)) {
      invocation.setResult(toExcelError(update.error, { baseUrl: currentBaseUrl() }));
    }
  });
  invocation.onCanceled = stop;
}

/**
 * A credited invoice's status with its credit note's number (read once; a credit note without a
 * number yet is named by its id): `approved VF2026-000101, credited by VF2026-000102`.
 */
async function showCredited(inv: Invoice, show: (status: string) => void): Promise<void> {
  const creditId = inv.creditedByInvoiceId!;
  let number = creditId;
  try {
    const [note] = await (await getClient()).getInvoicesByIds([creditId]);
    number = note?.invoiceNum ?? creditId;
  } catch {
    // The credit is known either way; its number is a courtesy.
  }
  show(tf("fn.status.credited", { status: describeInvoiceStatus(inv), number }));
}
