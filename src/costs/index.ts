/**
 * The cost rules (docs/developers/rules.md#cost-rules): pure, no Office and no HTTP; the caller
 * passes the source.
 */
export {
  applicableTariff,
  contractCosts,
  contractFixedCosts,
  contractVariableCosts,
  readContract,
} from "./contract-costs";
export type { FixedCosts, VariableCost } from "./contract-costs";
export { chooseTariff } from "./choose-tariff";
export type { ChosenTariff, TariffQuery } from "./choose-tariff";
export { CostError, isCostError } from "./cost-error";
export type { CostErrorCode } from "./cost-error";
export { costKindOf, reasonIn } from "./cost-line";
export type { CostKind, CostLine, LineProblem } from "./cost-line";
export type { CostSource } from "./cost-source";
export { formatDay, isActiveAt, parseServiceDate } from "./dates";
export type { Period } from "./dates";
export { sumMoney, toCents } from "./money";
export { priceTariff, UNPRICEABLE_TARIFF_TYPES } from "./price-tariff";
export type { TariffPrice } from "./price-tariff";
export { loadTariffHistory, tariffHistory } from "./tariff-history";
export type { TariffHistoryQuery, TariffPeriod } from "./tariff-history";
export { contractSummary } from "./contract-summary";
export type { ContractSummary, ProductInForce } from "./contract-summary";
export { contractCostReport } from "./cost-report";
export type { ContractReport } from "./cost-report";
export { planCostReport, REPORT_HEADER, CHART_HEADER } from "./cost-report-plan";
export type { CostReportPlan, ReportCell } from "./cost-report-plan";
