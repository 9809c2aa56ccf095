/**
 * The Lookups tab's searches (docs/developers/rules.md#lookups: find the ids the service needs
 * without leaving Excel): which call each kind makes, how its input is checked and how results are
 * listed. Pure over a client; the panel only renders.
 */
import { currentLanguage, numberText, t, type MessageKey } from "../i18n";
import type { BillingClient, BillingItemKind, TaxRate } from "../api";
import { isServiceId } from "../api";

/** What can be looked up. */
export type LookupKind =
  "customers" | "contracts" | "taxCodes" | "bankAccounts" | "billingItems" | "serviceLocations";

/** One result: the id to use, a name to recognise it, a detail line. */
export interface LookupResult {
  id: string;
  name: string;
  detail?: string;
}

/** Results of one search; `total` counts before the cut to {@link MAX_RESULTS}. */
export interface LookupResults {
  results: LookupResult[];
  total: number;
}

/** Result of {@link checkLookupQuery}. */
export type LookupQueryCheck = { ok: true; query: string } | { ok: false; message: string };

/** The client calls the lookups use. */
export type LookupClient = Pick<
  BillingClient,
  | "filterCustomers"
  | "filterContracts"
  | "getTaxCodes"
  | "getBankAccounts"
  | "getBillingItems"
  | "filterServiceLocations"
>;

/** A list longer than this is cut; the pane asks for a narrower search. */
export const MAX_RESULTS = 50;

/** How a kind is presented and what its input means. */
export interface LookupKindInfo {
  label: string;
  inputLabel: string;
  placeholder: string;
  /** The example the placeholder gives (a value of the demo data). */
  example: string;
  /** `required`: the search needs text; `optional`: empty lists everything. */
  input: "required" | "optional";
}

/**
 * A kind's words, read in the pane's language each time they are shown (the catalogue's keys of
 * its drop-down label and its search box; the example is a name from the data, not translated).
 */
function kindInfo(
  labelKey: MessageKey,
  inputKey: MessageKey,
  example: string,
  input: LookupKindInfo["input"]
): LookupKindInfo {
  const text = t as (key: MessageKey) => string;
  return {
    get label() {
      return text(labelKey);
    },
    get inputLabel() {
      return text(inputKey);
    },
    get placeholder() {
      return t("lookups.placeholder", { example });
    },
    example,
    input,
  };
}

/** The kinds, in the order of the drop-down. */
export const LOOKUP_KINDS: Readonly<Record<LookupKind, LookupKindInfo>> = {
  customers: kindInfo(
    "pane.lookups.customers",
    "pane.lookups.query.customers",
    "Jansen",
    "required"
  ),
  contracts: kindInfo(
    "pane.lookups.contracts",
    "lookups.contracts.input",
    // A contract number of the demo data, so the example finds one; empty lists every contract.
    "C-1001",
    "optional"
  ),
  taxCodes: kindInfo("pane.lookups.taxCodes", "lookups.nameContains", "21%", "optional"),
  bankAccounts: kindInfo(
    "pane.lookups.bankAccounts",
    "lookups.bankAccounts.input",
    "NL91",
    "optional"
  ),
  billingItems: kindInfo("pane.lookups.billingItems", "lookups.nameContains", "heat", "optional"),
  serviceLocations: kindInfo(
    "pane.lookups.serviceLocations",
    "lookups.serviceLocations.input",
    "Jansen",
    "required"
  ),
};

/** Service locations of at most this many matching customers are read (one call each). */
export const MAX_LOCATION_CUSTOMERS = 10;

/**
 * Customer id → name for `ids`. The service has no customer-by-id call in the interface, so the
 * customer list is read once (the client caches it until Refresh) and looked up here; a failure
 * leaves the names out rather than failing the search that needed them.
 */
export async function customerNames(
  client: Pick<LookupClient, "filterCustomers">,
  ids: readonly string[]
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const byLowerId = new Map(ids.map((id) => [id.toLowerCase(), id]));
  try {
    for (const c of await client.filterCustomers({})) {
      const id = byLowerId.get(c.id.toLowerCase());
      if (id !== undefined && c.name !== "") names.set(id, c.name);
    }
  } catch {
    // Names are a help, not the answer: the ids still show.
  }
  return names;
}

/** "customer Jansen BV", or "customer <id>" when the name is not known. */
function customerText(id: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(id);
  return t("lookups.detail.customer", { name: name || id });
}

/** Longest search text accepted; a pasted cell with a whole paragraph is not a search. */
const MAX_QUERY = 200;

/** Checks the search text of `kind`; the message says what to type. */
export function checkLookupQuery(kind: LookupKind, raw: string): LookupQueryCheck {
  const query = raw.trim();
  if (query.length > MAX_QUERY)
    return { ok: false, message: t("lookups.tooLong", { max: MAX_QUERY }) };
  if (LOOKUP_KINDS[kind].input === "required" && query === "") {
    return {
      ok: false,
      message: t("lookups.typeSomething", { what: LOOKUP_KINDS[kind].inputLabel.toLowerCase() }),
    };
  }
  return { ok: true, query };
}

function contains(haystack: (string | undefined)[], needle: string): boolean {
  if (needle === "") return true;
  const n = needle.toLowerCase();
  return haystack.some((h) => h !== undefined && h.toLowerCase().includes(n));
}

function currentRate(rates: TaxRate[], now: Date): number | undefined {
  const t = now.getTime();
  const valid = rates.filter(
    (r) =>
      (r.startDateTime === undefined || Date.parse(r.startDateTime) <= t) &&
      (r.endDateTime === undefined || r.endDateTime === null || t < Date.parse(r.endDateTime))
  );
  return (valid[valid.length - 1] ?? rates[rates.length - 1])?.rate;
}

function kindText(kind: BillingItemKind, unit: string | undefined): string {
  const k =
    kind === "subscription"
      ? t("lookups.detail.fixed")
      : kind === "consumption"
        ? t("lookups.detail.variable")
        : kind;
  return unit ? t("lookups.detail.perUnit", { kind: k, unit }) : k;
}

/** Runs the search of `kind` for the (checked) `query`. Errors are the client's, for the pane to word. */
export async function runLookup(
  client: LookupClient,
  kind: LookupKind,
  query: string,
  now: Date = new Date()
): Promise<LookupResults> {
  let results: LookupResult[];
  switch (kind) {
    case "customers":
      results = (await client.filterCustomers({ nameContains: query })).map((c) => ({
        id: c.id,
        name: c.name,
        detail: c.customerNumber
          ? t("lookups.detail.customerNumber", { number: c.customerNumber })
          : undefined,
      }));
      break;
    case "contracts": {
      const list = isServiceId(query)
        ? await client.filterContracts({ customerId: query })
        : await client.filterContracts(query === "" ? {} : { flexSearch: query });
      const names = await customerNames(client, [
        ...new Set(list.map((c) => c.customerId).filter((id): id is string => id !== undefined)),
      ]);
      results = list.map((c) => ({
        id: c.id,
        name: c.contractNumber,
        detail: c.customerId ? customerText(c.customerId, names) : undefined,
      }));
      break;
    }
    case "taxCodes":
      results = (await client.getTaxCodes())
        .filter((code) => contains([code.name, code.id], query))
        .map((code) => {
          const rate = currentRate(code.rates, now);
          return {
            id: code.id,
            name: code.name,
            detail:
              rate === undefined
                ? undefined
                : t("lookups.detail.rate", { rate: numberText(rate, currentLanguage()) }),
          };
        });
      break;
    case "bankAccounts":
      results = (await client.getBankAccounts())
        .filter((b) => contains([b.iban, b.accountHolder, b.id], query))
        .map((b) => ({
          id: b.id,
          name: b.iban,
          detail:
            [b.accountHolder, b.isDefault ? t("lookups.detail.default") : undefined]
              .filter(Boolean)
              .join(", ") || undefined,
        }));
      break;
    case "billingItems":
      results = (await client.getBillingItems())
        .filter((b) => contains([b.name, b.id], query))
        .map((b) => ({ id: b.id, name: b.name, detail: kindText(b.kind, b.unitOfMeasure) }));
      break;
    case "serviceLocations":
      results = await serviceLocationsOf(client, query);
      break;
  }
  return { results: results.slice(0, MAX_RESULTS), total: results.length };
}

/**
 * Service locations of the customer with id `query`, or of the customers whose name or number
 * matches it (the customer filter's flexSearch), each named with its customer.
 */
async function serviceLocationsOf(client: LookupClient, query: string): Promise<LookupResult[]> {
  const customers = isServiceId(query)
    ? [{ id: query, name: "" }]
    : (await client.filterCustomers({ flexSearch: query })).slice(0, MAX_LOCATION_CUSTOMERS);
  const results: LookupResult[] = [];
  for (const customer of customers) {
    const who = customer.name || customer.id;
    for (const s of await client.filterServiceLocations({ customerId: customer.id })) {
      const place = s.name && s.address && s.address !== s.name ? s.address : undefined;
      results.push({
        id: s.id,
        name: s.name ?? s.address ?? s.id,
        detail:
          [place, isServiceId(query) ? undefined : t("lookups.detail.customer", { name: who })]
            .filter(Boolean)
            .join(" · ") || undefined,
      });
    }
  }
  return results;
}

/** "3 found", "No customers found", "Showing 50 of 120: narrow the search". */
export function resultsHeading(kind: LookupKind, found: LookupResults): string {
  if (found.total === 0)
    return t("lookups.noneFound", { kind: LOOKUP_KINDS[kind].label.toLowerCase() });
  if (found.total > found.results.length)
    return t("lookups.showing", { shown: found.results.length, total: found.total });
  return t("lookups.found", { count: found.total });
}
