import type { CallOptions } from "../api";
import { contractCosts, readContract } from "./contract-costs";
import type { CostLine } from "./cost-line";
import type { CostSource } from "./cost-source";

/** One contract of a cost report: its lines, or why they could not be read. */
export interface ContractReport {
  contractId: string;
  contractNumber?: string;
  lines?: CostLine[];
  /** The reason the contract has no lines (not found, the service refused, …). */
  error?: string;
}

/**
 * The CONTRACTCOSTS lines of every contract at `date`, through the same cost rules as the functions
 * (so through the one client, its cache and rate governor). A contract that fails does not fail the
 * others: its report carries the reason (`describe` turns the error into a controller's sentence,
 * secrets redacted by the caller).
 */
export async function contractCostReport(
  source: CostSource,
  contractIds: readonly string[],
  date: Date,
  describe: (e: unknown) => string,
  options: CallOptions = {}
): Promise<ContractReport[]> {
  return await Promise.all(
    contractIds.map(async (contractId): Promise<ContractReport> => {
      try {
        // The contract read first: one it does not know is one plain sentence (a CostError,
        // "Contract … was not found."), not the service's 404 text.
        const contract = await readContract(source, contractId, options);
        const lines = await contractCosts(source, contractId, date, options);
        return {
          contractId,
          ...(contract.contractNumber ? { contractNumber: contract.contractNumber } : {}),
          lines,
        };
      } catch (e) {
        return { contractId, error: describe(e) };
      }
    })
  );
}
