import type {
  BillingItem,
  CallOptions,
  Contract,
  ContractProduct,
  Product,
  ProductBillingItem,
} from "../api";
import { chooseTariff } from "./choose-tariff";
import { CostError } from "./cost-error";
import { reason, type Reason } from "../i18n";
import { costKindOf, explained, type CostKind, type CostLine, type LineProblem } from "./cost-line";
import type { CostSource } from "./cost-source";
import { formatDay, isActiveAt } from "./dates";
import { isNotFoundError } from "../api";
import { priceTariff } from "./price-tariff";

/** A contract's cost lines at a date. */
export interface ContractLines {
  contract: Contract;
  /** False when no product counts at the date: `lines` is then the one "no product" line. */
  hasProducts: boolean;
  lines: CostLine[];
}

/**
 * Walks contract → products → billing items → tariffs at `date` and prices each line of the kinds in
 * `priced` (other lines carry no tariff and are not asked for one). Independent calls run together:
 * every product at once, each product's billing items as soon as the product arrives, each item's
 * tariffs as soon as the item arrives, so the depth of the chain is four calls whatever its width.
 * A product or billing item that cannot be resolved becomes a line of kind "unknown" with its
 * reason (docs/developers/rules.md#cost-rules): the other lines stay; only the totals fail on it.
 */
export async function loadContractLines(
  source: CostSource,
  contractId: string,
  date: Date,
  priced: ReadonlySet<CostKind>,
  options: CallOptions = {}
): Promise<ContractLines> {
  const contract = await fetchOrExplain(
    () => source.getContract(contractId, options),
    () =>
      new CostError("contract-not-found", reason("cost.contractNotFound", { contract: contractId }))
  );
  const entries = relevantProducts(contract, date);
  if (entries.length === 0) {
    return { contract, hasProducts: false, lines: [noProductLine(date)] };
  }
  const perProduct = await Promise.all(
    entries.map((entry) => loadProductLines(source, contractId, entry, date, priced, options))
  );
  return { contract, hasProducts: true, lines: perProduct.flat() };
}

/**
 * The one line of a contract with no product counting at `date` (ended, not yet started, empty):
 * it costs nothing then (docs/developers/rules.md#cost-rules).
 */
function noProductLine(date: Date): CostLine {
  return explained(
    { productId: "", billingItemId: "", name: "", kind: "none", problem: "no-products" },
    reason("line.noProduct", { date: formatDay(date) })
  );
}

/**
 * Product entries that count at `date`, each ProductId once
 * (docs/developers/rules.md#which-dates-count).
 */
export function relevantProducts(contract: Contract, date: Date): ContractProduct[] {
  return uniqueBy(
    contract.products.filter((p) => isActiveAt(p, date)),
    (p) => p.productId
  );
}

/** A line for a component that cannot be resolved; it blocks both totals. */
function unresolved(
  productId: string,
  billingItemId: string,
  problem: LineProblem,
  why: Reason,
  productName?: string
): CostLine {
  return explained(
    { productId, productName, billingItemId, name: "", kind: "unknown", problem },
    why
  );
}

async function loadProductLines(
  source: CostSource,
  contractId: string,
  entry: ContractProduct,
  date: Date,
  priced: ReadonlySet<CostKind>,
  options: CallOptions = {}
): Promise<CostLine[]> {
  let product: Product;
  try {
    product = await source.getProduct(entry.productId, options);
  } catch (e) {
    if (!isNotFoundError(e)) throw e;
    const why = reason("line.productNotFound", {
      product: describe(entry.productName, entry.productId),
    });
    return [unresolved(entry.productId, "", "product-not-found", why)];
  }
  const items = relevantItems(product, date);
  const productName = product.name ?? entry.productName;
  if (items.length === 0) {
    const why = reason("line.noItems", {
      product: describe(productName, entry.productId),
      date: formatDay(date),
    });
    return [unresolved(entry.productId, "", "no-billing-items", why, productName)];
  }
  return Promise.all(
    items.map((item) => loadLine(source, contractId, product, entry, item, date, priced, options))
  );
}

/**
 * Billing item entries of a product that count at `date`
 * (docs/developers/rules.md#which-dates-count), in the product's order. Assumption (the service's
 * documents are silent): an item listed twice in one product for the same date is one charge, as a
 * ProductId listed twice in a contract is.
 */
function relevantItems(product: Product, date: Date): ProductBillingItem[] {
  const active = uniqueBy(
    product.billingItems.filter((item) => isActiveAt(item, date)),
    (item) => item.billingItemId
  );
  return active
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.order ?? 0) - (b.item.order ?? 0) || a.index - b.index)
    .map(({ item }) => item);
}

async function loadLine(
  source: CostSource,
  contractId: string,
  product: Product,
  entry: ContractProduct,
  ref: ProductBillingItem,
  date: Date,
  priced: ReadonlySet<CostKind>,
  options: CallOptions = {}
): Promise<CostLine> {
  let item: BillingItem;
  try {
    item = await source.getBillingItem(ref.billingItemId, options);
  } catch (e) {
    if (!isNotFoundError(e)) throw e;
    const productName = product.name ?? entry.productName;
    const why = reason("line.itemNotFound", {
      item: ref.billingItemId,
      product: describe(productName, entry.productId),
    });
    return unresolved(
      entry.productId,
      ref.billingItemId,
      "billing-item-not-found",
      why,
      productName
    );
  }
  const line: CostLine = {
    productId: entry.productId,
    productName: product.name ?? entry.productName,
    billingItemId: ref.billingItemId,
    name: item.name,
    kind: costKindOf(item.kind),
    itemKind: item.kind,
    unit: item.unitOfMeasure,
  };
  if (line.kind === "other") {
    return explained(line, reason("line.notCostItem", { kind: item.kind }));
  }
  if (!priced.has(line.kind)) return line;
  const tariffs = await source.getBillingTariffs(entry.productId, ref.billingItemId, options);
  const chosen = chooseTariff(tariffs, {
    productId: entry.productId,
    billingItemId: ref.billingItemId,
    contractId,
    date,
  });
  if (!chosen) {
    return explained(
      { ...line, problem: "no-tariff" },
      reason("line.noTariff", { date: formatDay(date) })
    );
  }
  const price = priceTariff(chosen.tariff);
  const described = {
    ...line,
    tariffId: chosen.tariff.id,
    source: chosen.source,
    validFrom: chosen.tariff.startDateTime,
    validTo: chosen.tariff.endDateTime,
  };
  return price.ok
    ? { ...described, tariff: price.unitTariff }
    : explained({ ...described, problem: "unpriceable" }, price.why);
}

/** Calls `fetch`, turning "not found" into the domain error `explain` builds. */
async function fetchOrExplain<T>(fetch: () => Promise<T>, explain: () => CostError): Promise<T> {
  try {
    return await fetch();
  } catch (e) {
    if (!isNotFoundError(e)) throw e;
    const error = explain();
    error.cause = e;
    throw error;
  }
}

/** `name (id)` when there is a name, else the id. */
export function describe(name: string | undefined, id: string): string {
  return name ? `"${name}" (${id})` : id;
}

function uniqueBy<T>(values: readonly T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value).toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
