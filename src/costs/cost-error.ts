import { reasonText, type Reason } from "../i18n";

/** Why a cost could not be worked out. The custom functions show each as `#N/A` with the message. */
export type CostErrorCode =
  | "contract-not-found"
  | "product-not-found"
  | "billing-item-not-found"
  | "no-products"
  | "no-billing-items"
  | "no-tariff"
  | "unpriceable"
  | "invalid-data";

/**
 * A cost that cannot be given as a number. The message is written for a controller: it names the
 * contract, product and billing item (name and id) involved and says what is missing.
 */
export class CostError extends Error {
  override name = "CostError" as const;
  /** The message as a code and values, said in the language where it is shown (src/i18n reasons). */
  readonly reason?: Reason;

  /**
   * @param code - what went wrong, for callers that treat outcomes differently
   * @param message - a controller-readable sentence, or its reason (the message is then its English)
   * @param options - the underlying error, if any
   */
  constructor(
    readonly code: CostErrorCode,
    message: string | Reason,
    options?: { cause?: unknown }
  ) {
    super(typeof message === "string" ? message : reasonText(message), options);
    if (typeof message !== "string") this.reason = message;
  }
}

/** True when `e` is a {@link CostError} (also across module copies, by name). */
export function isCostError(e: unknown): e is CostError {
  return e instanceof CostError || (e instanceof Error && e.name === "CostError" && "code" in e);
}
