/**
 * Customers, addresses, service locations and property group configurations in either dialect.
 * Live: the vendor's `CustomerDTO`, `AddressDTO`, `ServiceLocationDTO` and
 * `PropertyGroupBillingConfigurationDTO` (contracts/openapi). Interface: the ids and names the
 * interface document gives, as before.
 */
import type {
  DataAddress,
  DataCustomer,
  DataPropertyGroupConfig,
  DataServiceLocation,
  Dataset,
} from "./data/dataset-types";
import type { Dialect } from "./types";

/** The name a person reads: the short display name, else the company name, else first + last. */
export function customerDisplayName(c: DataCustomer): string {
  if (c.shortDisplayName) return c.shortDisplayName;
  if (c.companyName) return c.companyName;
  return [c.firstName, c.lastName].filter((p) => p).join(" ");
}

/** Every name a customer filter matches on. */
export function customerNames(c: DataCustomer): string[] {
  return [
    c.shortDisplayName,
    c.companyName,
    c.firstName,
    c.lastName,
    customerDisplayName(c),
  ].filter((n): n is string => typeof n === "string" && n !== "");
}

/** The one-line address ("Stationsweg 1, Breda"). */
export function addressLine(a: DataAddress): string {
  return `${a.streetName} ${a.streetNumber}, ${a.city}`;
}

/** An `AddressDTO`. */
export function renderAddress(a: DataAddress): Record<string, unknown> {
  return { ...a, localizedDisplay: addressLine(a) };
}

/** A customer. */
export function renderCustomer(c: DataCustomer, dialect: Dialect): Record<string, unknown> {
  if (dialect === "interface") {
    return { id: c.id, name: customerDisplayName(c), customerNumber: c.accountNumber };
  }
  return {
    id: c.id,
    customerType: c.customerType,
    accountNumber: c.accountNumber,
    shortDisplayName: c.shortDisplayName,
    companyName: c.companyName ?? null,
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
  };
}

/** The customer as other records refer to it (`ContractorDTO`, `ManagementRelationDTO2`). */
export function customerReference(
  customerId: string,
  data: Dataset
): { customerId: string; accountNumber: string | null; shortDisplayName: string | null } {
  const c = data.customers.find((x) => x.id === customerId);
  return {
    customerId,
    accountNumber: c?.accountNumber ?? null,
    shortDisplayName: c ? customerDisplayName(c) : null,
  };
}

/** A service location. */
export function renderServiceLocation(
  l: DataServiceLocation,
  data: Dataset,
  dialect: Dialect
): Record<string, unknown> {
  if (dialect === "interface") {
    return { id: l.id, name: l.name, address: addressLine(l.address), customerId: l.customerId };
  }
  return {
    id: l.id,
    address: renderAddress(l.address),
    displayAddress: addressLine(l.address),
    managementRelations: [
      { ...customerReference(l.customerId, data), managementRelationType: "owner" },
    ],
  };
}

/** A property group's billing configuration. */
export function renderPropertyGroupConfig(
  cfg: DataPropertyGroupConfig,
  dialect: Dialect
): Record<string, unknown> {
  if (dialect === "interface") return { ...cfg };
  return {
    propertyGroup: { id: cfg.propertyGroupId, name: null },
    companyBankAccountId: cfg.companyBankAccountId,
  };
}
