/**
 * Renders the neutral data in the dialect asked for: live (the vendor's OpenAPI documents in
 * contracts/openapi, departures listed in contracts/allowed-differences.json) or interface (the
 * interface document's PascalCase DTOs and `type` discriminators).
 */
import type {
  DataBillingItem,
  DataCalculationType,
  DataContract,
  DataPeriod,
  DataProduct,
  Dataset,
  DataTariff,
} from "./data/dataset-types";
import { customerReference, renderAddress } from "./render-parties";
import type { Dialect } from "./types";

/** Interface-document spelling of the tariff types (the interface document). */
const INTERFACE_CALCULATION_TYPE: Record<DataCalculationType, string> = {
  unitprice: "unitPrice",
  tiered: "tiered",
  volume: "volume",
  stairstep: "stairStep",
  condition: "condition",
};

/** A contract's service locations: ids and names (interface) or `ContractServiceLocationDTO`. */
function contractLocations(c: DataContract, data: Dataset, dialect: Dialect) {
  return c.serviceLocationIds.map((id) => {
    const location = data.serviceLocations.find((l) => l.id === id);
    if (dialect === "interface") return { id, name: location?.name ?? null };
    return { id, address: location ? renderAddress(location.address) : null };
  });
}

/**
 * A contract. Live: the vendor's `ContractDTO` — the customer in `contractor`, the state in
 * `currentContractStatus`, product periods in `billingDetails.products`.
 */
export function renderContract(
  c: DataContract,
  data: Dataset,
  dialect: Dialect
): Record<string, unknown> {
  const serviceLocations = contractLocations(c, data, dialect);
  if (dialect === "interface") {
    return {
      Id: c.id,
      ContractNumber: c.contractNumber,
      CustomerId: c.customerId,
      BillingDetails: {
        Products: c.products.map((p) => ({
          ProductId: p.productId,
          StartDate: p.startDateTime ?? null,
          EndDate: p.endDateTime ?? null,
        })),
      },
      serviceLocations,
    };
  }
  const customer = data.customers.find((x) => x.id === c.customerId);
  return {
    id: c.id,
    contractNumber: c.contractNumber,
    contractor: {
      ...customerReference(c.customerId, data),
      customerType: customer?.customerType ?? null,
    },
    currentContractStatus: c.terminated ? "terminated" : "signed",
    billingDetails: {
      products: c.products.map((p) => ({
        productId: p.productId,
        productName: data.products.find((x) => x.id === p.productId)?.name ?? null,
        ...period(p),
      })),
    },
    serviceLocations,
  };
}

/**
 * A period as the live dialect sends it: a start only when there is one; an open end as null
 * (docs/developers/live-service.md#dialects and the seed; the vendor types it as a plain date-time
 * — see the allow-list).
 */
function period(p: DataPeriod): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (p.startDateTime !== undefined) out.startDateTime = p.startDateTime;
  if (p.startDateTime !== undefined || p.endDateTime !== undefined)
    out.endDateTime = p.endDateTime ?? null;
  return out;
}

/** A contract in a filter result (interface dialect: just the lookup fields). */
export function renderContractSummary(
  c: DataContract,
  data: Dataset,
  dialect: Dialect
): Record<string, unknown> {
  if (dialect === "interface") {
    return { id: c.id, contractNumber: c.contractNumber, customerId: c.customerId };
  }
  return renderContract(c, data, dialect);
}

/** A product. */
export function renderProduct(p: DataProduct, dialect: Dialect): Record<string, unknown> {
  if (dialect === "interface") {
    return {
      Id: p.id,
      Name: p.name,
      BillingItems: p.billingItems.map((b) => ({
        BillingItemId: b.billingItemId,
        PeriodicityParameters: { periodicityType: b.periodicityType },
        StartDateTime: b.startDateTime ?? null,
        EndDateTime: b.endDateTime ?? null,
      })),
    };
  }
  return {
    id: p.id,
    name: p.name,
    billingItems: p.billingItems.map((b) => ({
      billingItemId: b.billingItemId,
      order: b.order,
      periodicityParameters: { periodicityType: b.periodicityType },
      ...period(b),
    })),
  };
}

/** A billing item. */
export function renderBillingItem(b: DataBillingItem, dialect: Dialect): Record<string, unknown> {
  if (dialect === "interface") {
    return {
      Id: b.id,
      NameDescription: b.name,
      CalculationParameters: { type: b.kind, unitOfMeasure: b.unitOfMeasure },
    };
  }
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    calculationParameters: { billingCalculationType: b.kind, unitOfMeasure: b.unitOfMeasure },
  };
}

/** A billing tariff (camelCase in both dialects, as the interface document writes it). */
export function renderTariff(t: DataTariff, dialect: Dialect): Record<string, unknown> {
  const params: Record<string, unknown> =
    dialect === "interface"
      ? { type: INTERFACE_CALCULATION_TYPE[t.calculationType] }
      : { calculationType: t.calculationType };
  if (t.unitTariff !== undefined) params.unitTariff = t.unitTariff;
  if (t.tiers) params.tiers = t.tiers;
  return {
    id: t.id,
    productId: t.productId,
    billingItemId: t.billingItemId,
    contractId: t.contractId,
    startDateTime: t.startDateTime,
    endDateTime: t.endDateTime,
    calculationParameters: params,
  };
}

export { renderInvoice } from "./render-invoice";
