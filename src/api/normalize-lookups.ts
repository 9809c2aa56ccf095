/**
 * Lookup records (customers, contracts, bank accounts, tax codes, billing items, service
 * locations, property group configurations) from either dialect into the normalised types. Pure.
 */
import type {
  BankAccount,
  BillingItemSummary,
  ContractSummary,
  Customer,
  PropertyGroupBillingConfiguration,
  ServiceLocation,
  TaxCode,
  TaxRate,
} from "./types";
import { lowerText } from "./enums";
import { formatAddress, normalizeBillingItem } from "./normalize-costs";
import { pick } from "./pick";
import {
  malformed,
  optBool,
  optDate,
  optList,
  optNumber,
  optText,
  reqObject,
  reqText,
  setIf,
} from "./read-fields";

/**
 * Records the live service marks `deleted: true` are left out of lookups: an id of a deleted bank
 * account or tax code must not end up on a new invoice
 * (docs/developers/live-service.md#shapes-the-interface-does-not-show).
 */
export function isDeletedRecord(raw: unknown): boolean {
  return pick(raw, "deleted", "isDeleted") === true;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/**
 * A customer. The vendor's `CustomerDTO` names a company or a person in several fields; the name is
 * the first of `shortDisplayName`, `companyName`, first + last name, and the interface's `name`.
 * The number is the vendor's `accountNumber` (the interface dialect's `customerNumber`).
 */
export function normalizeCustomer(raw: unknown, index = 0): Customer {
  const what = `customers[${index}]`;
  const obj = reqObject(raw, what);
  const first = nonEmpty(optText(obj, `${what}.firstName`, "firstName"));
  const last = nonEmpty(optText(obj, `${what}.lastName`, "lastName"));
  const personal = [first, last].filter((p) => p !== undefined).join(" ");
  const name =
    nonEmpty(optText(obj, `${what}.shortDisplayName`, "shortDisplayName")) ??
    nonEmpty(optText(obj, `${what}.companyName`, "companyName")) ??
    nonEmpty(personal) ??
    optText(obj, `${what}.name`, "name") ??
    "";
  const customer: Customer = { id: reqText(obj, `${what}.id`, "id"), name };
  setIf(
    customer,
    "customerNumber",
    optText(obj, `${what}.accountNumber`, "accountNumber", "customerNumber")
  );
  return customer;
}

/** A contract as the contract filter lists it. */
export function normalizeContractSummary(raw: unknown, index = 0): ContractSummary {
  const what = `contracts[${index}]`;
  const obj = reqObject(raw, what);
  const summary: ContractSummary = {
    id: reqText(obj, `${what}.id`, "id"),
    contractNumber: optText(obj, `${what}.contractNumber`, "contractNumber", "number") ?? "",
  };
  const customerId =
    optText(obj, `${what}.customerId`, "customerId") ??
    optText(pick(obj, "contractor"), `${what}.contractor.customerId`, "customerId");
  setIf(summary, "customerId", customerId);
  return summary;
}

/** A bank account of the organisation (its id is the invoice's companyBankAccountId). */
export function normalizeBankAccount(raw: unknown, index = 0): BankAccount {
  const what = `bankAccounts[${index}]`;
  const obj = reqObject(raw, what);
  const account: BankAccount = {
    id: reqText(obj, `${what}.id`, "id"),
    iban: optText(obj, `${what}.iban`, "iban") ?? "",
  };
  setIf(account, "accountHolder", optText(obj, `${what}.accountHolder`, "accountHolder"));
  setIf(account, "bic", optText(obj, `${what}.bic`, "bic"));
  setIf(account, "isDefault", optBool(obj, `${what}.isDefault`, "isDefault"));
  return account;
}

function toTaxRate(raw: unknown, what: string): TaxRate {
  const obj = reqObject(raw, what);
  const rate = optNumber(obj, `${what}.rate`, "rate", "percentage");
  if (rate === undefined) malformed(`${what}.rate`, "is missing");
  const taxRate: TaxRate = { rate };
  const start = optDate(obj, `${what}.startDateTime`, "startDateTime", "StartDate");
  if (typeof start === "string") taxRate.startDateTime = start;
  setIf(taxRate, "endDateTime", optDate(obj, `${what}.endDateTime`, "endDateTime", "EndDate"));
  return taxRate;
}

/** A tax code with its rates over time (its id is a line's taxCodeId). */
export function normalizeTaxCode(raw: unknown, index = 0): TaxCode {
  const what = `taxCodes[${index}]`;
  const obj = reqObject(raw, what);
  return {
    id: reqText(obj, `${what}.id`, "id"),
    name: optText(obj, `${what}.name`, "name", "code", "description") ?? "",
    rates: optList(obj, `${what}.rates`, "rates").map((r, i) =>
      toTaxRate(r, `${what}.rates[${i}]`)
    ),
  };
}

/** A billing item as the billing item list shows it. */
export function normalizeBillingItemSummary(raw: unknown, index = 0): BillingItemSummary {
  const item = normalizeBillingItem(raw, undefined, `billingItems[${index}]`);
  const summary: BillingItemSummary = { id: item.id, name: item.name, kind: item.kind };
  setIf(summary, "unitOfMeasure", item.unitOfMeasure);
  return summary;
}

/**
 * The customer of a service location: `customerId` (interface), else the vendor's
 * `managementRelations[]` — the owner's, else the first one's.
 */
function locationCustomerId(obj: Record<string, unknown>, what: string): string | undefined {
  const direct = optText(obj, `${what}.customerId`, "customerId");
  if (direct !== undefined) return direct;
  const relations = optList(obj, `${what}.managementRelations`, "managementRelations");
  const owner =
    relations.find((r) => lowerText(optText(r, "", "managementRelationType")) === "owner") ??
    relations[0];
  return optText(owner, `${what}.managementRelations[].customerId`, "customerId");
}

/** A service location (its id is a line's serviceLocationId). */
export function normalizeServiceLocation(raw: unknown, index = 0): ServiceLocation {
  const what = `serviceLocations[${index}]`;
  const obj = reqObject(raw, what);
  const address =
    optText(obj, `${what}.displayAddress`, "displayAddress") ?? formatAddress(pick(obj, "address"));
  const location: ServiceLocation = { id: reqText(obj, `${what}.id`, "id", "serviceLocationId") };
  setIf(location, "name", optText(obj, `${what}.name`, "name") ?? address);
  setIf(location, "address", address);
  setIf(location, "customerId", locationCustomerId(obj, what));
  return location;
}

/** A property group's billing configuration (carries the companyBankAccountId to invoice with). */
export function normalizePropertyGroupConfiguration(
  raw: unknown,
  requestedId: string
): PropertyGroupBillingConfiguration {
  const what = "propertyGroupBillingConfiguration";
  const obj = reqObject(raw, what);
  const propertyGroupId =
    optText(obj, `${what}.propertyGroupId`, "propertyGroupId") ??
    optText(pick(obj, "propertyGroup"), `${what}.propertyGroup.id`, "id") ??
    requestedId;
  const config: PropertyGroupBillingConfiguration = { propertyGroupId };
  setIf(
    config,
    "companyBankAccountId",
    optText(obj, `${what}.companyBankAccountId`, "companyBankAccountId")
  );
  return config;
}
