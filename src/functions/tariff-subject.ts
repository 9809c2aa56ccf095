/**
 * The subject of a tariff question, checked before it is answered: a product and a billing item
 * the service holds, the item part of the product. Without this a mistyped id got a row "No tariff
 * of billing item …" that reads like a true answer; now it is `#N/A` naming the id at fault.
 * Both reads are reference data (cached with the cost chain's), made beside the tariffs' read.
 */
import { isNotFoundError, sameId } from "../api";
import type { BillingClient, CallOptions, Product } from "../api";
import { tf } from "../i18n";
import { MatchError } from "./function-errors";

async function orMissing<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (e) {
    if (isNotFoundError(e)) return undefined;
    throw e;
  }
}

/**
 * Resolves when `productId` and `billingItemId` exist and the item is one of the product's; else
 * rejects with a MatchError naming the id at fault (the product first).
 */
export async function checkTariffSubject(
  client: Pick<BillingClient, "getProduct" | "getBillingItem">,
  productId: string,
  billingItemId: string,
  options: CallOptions
): Promise<void> {
  const [product, item] = await Promise.all([
    orMissing<Product>(client.getProduct(productId, options)),
    orMissing(client.getBillingItem(billingItemId, options)),
  ]);
  if (product === undefined) {
    throw new MatchError(tf("fn.noneWithId", { what: tf("fn.kind.product"), id: productId }));
  }
  if (item === undefined) {
    throw new MatchError(
      tf("fn.noneWithId", { what: tf("fn.kind.billingItem"), id: billingItemId })
    );
  }
  if (!product.billingItems.some((b) => sameId(b.billingItemId, billingItemId))) {
    throw new MatchError(
      tf("fn.tariff.notOnProduct", {
        item: item.name ? `"${item.name}" (${billingItemId})` : billingItemId,
        product: product.name ? `"${product.name}" (${productId})` : productId,
      })
    );
  }
}
