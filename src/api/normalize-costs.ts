/**
 * Contract, product, billing item and tariff, from either dialect into the normalised types.
 * Pure: JSON in, typed objects out, a ResponseFormatError for anything malformed.
 */
import type {
  BillingItem,
  BillingTariff,
  Contract,
  ContractProduct,
  Product,
  ProductBillingItem,
  ServiceLocationRef,
} from "./types";
import { toDecimalText } from "./decimal-text";
import { lowerText, toItemKind, toTariffType } from "./enums";
import { isJsonObject, pick } from "./pick";
import {
  malformed,
  optDate,
  optList,
  optNumber,
  optText,
  reqObject,
  reqText,
  setIf,
} from "./read-fields";

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/** The id of a resource, falling back to the id that was asked for (the URL named it). */
function resourceId(raw: Record<string, unknown>, what: string, requestedId?: string): string {
  const id = optText(raw, `${what}.id`, "id");
  if (id !== undefined && id.trim() !== "") return id;
  if (requestedId !== undefined) return requestedId;
  return malformed(`${what}.id`, "is missing");
}

function toContractProduct(raw: unknown, index: number): ContractProduct {
  const what = `contract.billingDetails.products[${index}]`;
  const obj = reqObject(raw, what);
  const product: ContractProduct = { productId: reqText(obj, `${what}.productId`, "productId") };
  setIf(product, "productName", optText(obj, `${what}.productName`, "productName", "name"));
  const start = optDate(obj, `${what}.startDateTime`, "startDateTime", "StartDate");
  if (start !== undefined && start !== null) product.startDateTime = start;
  setIf(product, "endDateTime", optDate(obj, `${what}.endDateTime`, "endDateTime", "EndDate"));
  return product;
}

/** A one-line address from the live `AddressDTO` (or the text sent). */
export function formatAddress(raw: unknown): string | undefined {
  if (typeof raw === "string") return raw;
  if (!isJsonObject(raw)) return undefined;
  const display = pick(raw, "localizedDisplay", "displayAddress");
  if (typeof display === "string" && display !== "") return display;
  const parts = [
    [pick(raw, "streetName"), pick(raw, "streetNumber"), pick(raw, "streetNumberAddition")],
    [pick(raw, "postalCode"), pick(raw, "city", "locality")],
  ].map((group) => group.filter((p) => typeof p === "string" || typeof p === "number").join(" "));
  const line = parts.filter((p) => p !== "").join(", ");
  return line === "" ? undefined : line;
}

function toServiceLocationRef(raw: unknown, index: number): ServiceLocationRef {
  const what = `contract.serviceLocations[${index}]`;
  if (typeof raw === "string" && raw !== "") return { id: raw };
  const obj = reqObject(raw, what);
  const ref: ServiceLocationRef = {
    id: reqText(obj, `${what}.id`, "serviceLocationId", "id"),
  };
  const name =
    optText(obj, `${what}.name`, "name", "displayAddress") ?? formatAddress(pick(obj, "address"));
  setIf(ref, "name", name);
  return ref;
}

/** A contract (ContractDTO) of either dialect; `requestedId` is used when the body has no id. */
export function normalizeContract(raw: unknown, requestedId?: string): Contract {
  const obj = reqObject(raw, "contract");
  const billingDetails = pick(obj, "billingDetails");
  if (billingDetails !== undefined && billingDetails !== null && !isJsonObject(billingDetails)) {
    malformed("contract.billingDetails", "should be an object");
  }
  const contract: Contract = {
    id: resourceId(obj, "contract", requestedId),
    products: optList(billingDetails, "contract.billingDetails.products", "products").map(
      toContractProduct
    ),
    serviceLocations: optList(obj, "contract.serviceLocations", "serviceLocations").map(
      toServiceLocationRef
    ),
  };
  setIf(contract, "contractNumber", optText(obj, "contract.contractNumber", "contractNumber"));
  const customerId =
    optText(obj, "contract.customerId", "customerId") ??
    optText(pick(obj, "contractor"), "contract.contractor.customerId", "customerId");
  setIf(contract, "customerId", customerId);
  return contract;
}

function toProductBillingItem(raw: unknown, index: number): ProductBillingItem {
  const what = `product.billingItems[${index}]`;
  const obj = reqObject(raw, what);
  const item: ProductBillingItem = {
    billingItemId: reqText(obj, `${what}.billingItemId`, "billingItemId"),
  };
  setIf(item, "order", optNumber(obj, `${what}.order`, "order"));
  const periodicity = pick(obj, "periodicityParameters");
  const periodicityType =
    typeof periodicity === "string"
      ? periodicity
      : optText(
          periodicity,
          `${what}.periodicityParameters.periodicityType`,
          "periodicityType",
          "type"
        );
  setIf(item, "periodicityType", lowerText(periodicityType));
  const start = optDate(obj, `${what}.startDateTime`, "startDateTime", "StartDate");
  if (start !== undefined && start !== null) item.startDateTime = start;
  setIf(item, "endDateTime", optDate(obj, `${what}.endDateTime`, "endDateTime", "EndDate"));
  return item;
}

/** A product (ProductDTO) of either dialect. */
export function normalizeProduct(raw: unknown, requestedId?: string): Product {
  const obj = reqObject(raw, "product");
  const product: Product = {
    id: resourceId(obj, "product", requestedId),
    billingItems: optList(obj, "product.billingItems", "billingItems").map(toProductBillingItem),
  };
  setIf(product, "name", optText(obj, "product.name", "name", "productName"));
  return product;
}

/** Name and description from `name`/`description` (live) or `NameDescription` (text or object). */
function readNameDescription(
  obj: Record<string, unknown>,
  what: string
): { name: string; description?: string } {
  const nameDescription = pick(obj, "nameDescription");
  let name = optText(obj, `${what}.name`, "name");
  let description = optText(obj, `${what}.description`, "description");
  if (typeof nameDescription === "string") {
    name ??= nameDescription;
  } else if (isJsonObject(nameDescription)) {
    name ??= optText(nameDescription, `${what}.nameDescription.name`, "name");
    description ??= optText(nameDescription, `${what}.nameDescription.description`, "description");
  } else if (nameDescription !== undefined && nameDescription !== null) {
    malformed(`${what}.nameDescription`, "should be text or an object with a name");
  }
  const result: { name: string; description?: string } = { name: name ?? "" };
  if (description !== undefined) result.description = description;
  return result;
}

/** A billing item (BillingItemDTO) of either dialect, also used for the billing item list. */
export function normalizeBillingItem(
  raw: unknown,
  requestedId?: string,
  what = "billingItem"
): BillingItem {
  const obj = reqObject(raw, what);
  const params = pick(obj, "calculationParameters");
  if (params !== undefined && params !== null && !isJsonObject(params)) {
    malformed(`${what}.calculationParameters`, "should be an object");
  }
  const { name, description } = readNameDescription(obj, what);
  const item: BillingItem = {
    id: resourceId(obj, what, requestedId),
    name,
    kind: toItemKind(pick(params, "type", "billingCalculationType")),
  };
  setIf(item, "description", description);
  const unit = optText(params, `${what}.calculationParameters.unitOfMeasure`, "unitOfMeasure");
  setIf(item, "unitOfMeasure", lowerText(unit));
  return item;
}

/** What the tariff list asked for; used when a tariff omits its own product or item id. */
export interface TariffQuery {
  productId?: string;
  billingItemId?: string;
}

/** A billing tariff (BillingTariffDTO) of either dialect; `unitTariff` kept as decimal text. */
export function normalizeTariff(raw: unknown, query: TariffQuery = {}, index = 0): BillingTariff {
  const what = `billingTariffs[${index}]`;
  const obj = reqObject(raw, what);
  const params = pick(obj, "calculationParameters");
  if (params !== undefined && params !== null && !isJsonObject(params)) {
    malformed(`${what}.calculationParameters`, "should be an object");
  }
  const productId = optText(obj, `${what}.productId`, "productId") ?? query.productId;
  const billingItemId =
    optText(obj, `${what}.billingItemId`, "billingItemId") ?? query.billingItemId;
  if (productId === undefined) malformed(`${what}.productId`, "is missing");
  if (billingItemId === undefined) malformed(`${what}.billingItemId`, "is missing");
  const start = optDate(obj, `${what}.startDateTime`, "startDateTime", "StartDate");
  if (typeof start !== "string") malformed(`${what}.startDateTime`, "is missing");
  const calculationType = toTariffType(pick(params, "type", "calculationType"));
  const tariff: BillingTariff = {
    id: reqText(obj, `${what}.id`, "id"),
    productId,
    billingItemId,
    contractId: nonEmpty(optText(obj, `${what}.contractId`, "contractId")) ?? null,
    startDateTime: start,
    endDateTime: optDate(obj, `${what}.endDateTime`, "endDateTime", "EndDate") ?? null,
    calculationType,
  };
  if (calculationType === "unitprice") {
    const amount = pick(params, "unitTariff") ?? pick(obj, "unitTariff");
    setIf(tariff, "unitTariff", toDecimalText(amount, `${what}.calculationParameters.unitTariff`));
  }
  return tariff;
}
