/**
 * Renders the neutral data in the dialect asked for: live (camelCase, lower-case enums, REAL-SERVICE.md)
 * or interface (the interface document's PascalCase DTOs and `type` discriminators).
 */
import type {
  DataBillingItem,
  DataCalculationType,
  DataContract,
  DataProduct,
  DataServiceLocation,
  DataTariff,
} from "./data/dataset-types";
import type { StoredInvoice } from "./store";
import type { Dialect } from "./types";

/** Interface-document spelling of the tariff types (service-interface.md §2). */
const INTERFACE_CALCULATION_TYPE: Record<DataCalculationType, string> = {
  unitprice: "unitPrice",
  tiered: "tiered",
  volume: "volume",
  stairstep: "stairStep",
  condition: "condition",
};

/** A contract. */
export function renderContract(
  c: DataContract,
  locations: DataServiceLocation[],
  productNames: Map<string, string>,
  dialect: Dialect
): Record<string, unknown> {
  const serviceLocations = c.serviceLocationIds.map((id) => ({
    id,
    name: locations.find((l) => l.id === id)?.name ?? null,
  }));
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
  return {
    id: c.id,
    contractNumber: c.contractNumber,
    customerId: c.customerId,
    terminated: c.terminated ?? false,
    billingDetails: {
      products: c.products.map((p) => ({
        productId: p.productId,
        productName: productNames.get(p.productId) ?? null,
        startDateTime: p.startDateTime ?? null,
        endDateTime: p.endDateTime ?? null,
      })),
    },
    serviceLocations,
  };
}

/** A contract in a filter result (interface dialect: just the lookup fields). */
export function renderContractSummary(
  c: DataContract,
  locations: DataServiceLocation[],
  productNames: Map<string, string>,
  dialect: Dialect
): Record<string, unknown> {
  if (dialect === "interface") {
    return { id: c.id, contractNumber: c.contractNumber, customerId: c.customerId };
  }
  return renderContract(c, locations, productNames, dialect);
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
      startDateTime: b.startDateTime ?? null,
      endDateTime: b.endDateTime ?? null,
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

/** An invoice (camelCase in both dialects). */
export function renderInvoice(inv: StoredInvoice): Record<string, unknown> {
  return {
    ...inv.extra,
    id: inv.id,
    status: inv.status,
    invoiceNum: inv.invoiceNum,
    externalReference: inv.externalReference,
    customerId: inv.customerId,
    contractId: inv.contractId,
    contractNumber: inv.contractNumber,
    companyBankAccountId: inv.companyBankAccountId,
    invoiceDate: inv.invoiceDate,
    lines: inv.lines,
    errors: inv.errors.map((e) => ({ ...e })),
  };
}
