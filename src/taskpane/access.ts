/**
 * What the signed-in account may do, from its token's app roles (the gateway's operations table):
 * what the pane offers, and why it does not offer the rest. Pure.
 */
import { t } from "../i18n";
import { BILLING_ROLES } from "../api";
import type { CardState } from "./run-card-model";

/**
 * What the account may do, from the token's roles: `unknown` when they are not known (no sign-in:
 * the simulator, a pasted token — the service decides), `invoice`, `read` (a reader), or `none`
 * (signed in without any role of the add-in: the gateway refuses everything).
 */
export type Access = "unknown" | "invoice" | "read" | "none";

export function accessOf(state: Pick<CardState, "roles">): Access {
  const { roles } = state;
  if (roles === undefined) return "unknown";
  if (roles.includes(BILLING_ROLES.invoice)) return "invoice";
  return roles.includes(BILLING_ROLES.read) ? "read" : "none";
}

/** Why the card does not offer what the account's role would be refused (none: it offers all). */
export function roleNote(access: Access): string | undefined {
  const roles = { read: BILLING_ROLES.read, invoice: BILLING_ROLES.invoice };
  if (access === "read") return t("card.role.reader", roles);
  if (access === "none") return t("card.role.none", roles);
  return undefined;
}

/** True when the account may act on invoices (unknown roles: the service decides). */
export function mayAct(state: Pick<CardState, "roles">): boolean {
  const access = accessOf(state);
  return access === "unknown" || access === "invoice";
}

/** True when the account may read: Check, the template, the example row (not with no role). */
export function mayRead(state: Pick<CardState, "roles">): boolean {
  return accessOf(state) !== "none";
}
