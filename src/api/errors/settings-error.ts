import { reason, reasonText, type Language, type Reason, type ReasonKey } from "../../i18n";
import { BillingError, hasErrorName } from "./billing-error";

/** One problem with the connection settings: which field, and what is wrong (never its value). */
export interface SettingsProblem {
  field: string;
  message: string;
}

/** Each problem's message as a code (src/i18n reasons), kept beside the problem's own fields. */
const PROBLEM_REASONS = new WeakMap<SettingsProblem, Reason>();

/** A problem of `field` whose message is the English words of the settings check `code`. */
export function settingsProblem(field: string, code: ReasonKey & `set.${string}`): SettingsProblem {
  const why = reason(code as "set.url.invalid");
  const problem = { field, message: reasonText(why) };
  PROBLEM_REASONS.set(problem, why);
  return problem;
}

/** A problem's words in `language` (its code's; a problem made without one keeps its own words). */
export function settingsProblemText(problem: SettingsProblem, language: Language): string {
  const why = PROBLEM_REASONS.get(problem);
  return why === undefined ? problem.message : reasonText(why, language);
}

/** "field: problem; field: problem" as one reason (a problem without a code keeps its words). */
function problemsReason(problems: readonly SettingsProblem[]): Reason | undefined {
  const each = problems.map((p) =>
    reason("set.problem", { field: p.field, problem: PROBLEM_REASONS.get(p) ?? p.message })
  );
  return each.reduceRight<Reason | undefined>(
    (rest, first) => (rest === undefined ? first : reason("set.problems", { first, rest })),
    undefined
  );
}

/** The connection settings cannot be used; `problems` lists each field at fault. */
export class SettingsError extends BillingError {
  override name = "SettingsError" as const;
  readonly problems: SettingsProblem[];

  constructor(problems: SettingsProblem[]) {
    const list = problemsReason(problems);
    super(reasonText(reason("set.unusable", { problems: list ?? "" })));
    this.problems = problems;
    this.reason = reason("set.unusable", { problems: list ?? "" });
  }
}

/** True when `value` is a {@link SettingsError}. */
export function isSettingsError(value: unknown): value is SettingsError {
  return value instanceof SettingsError || hasErrorName(value, "SettingsError");
}
