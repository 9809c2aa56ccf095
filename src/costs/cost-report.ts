import type { CallOptions } from "../api";
import { contractCosts } from "./contract-costs";
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
        const [contract, lines] = await Promise.all([
          source.getContract(contractId, options),
          contractCosts(source, contractId, date, options),
        ]);
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
