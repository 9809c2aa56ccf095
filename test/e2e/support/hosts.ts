/**
 * The host profiles the main flows run under (preview/hosts/profiles.ts): the oldest Excel the
 * manifest admits (Excel 2021: ExcelApi 1.14, CustomFunctionsRuntime 1.3, no nested app
 * authentication) and the newest (Excel on the web: ExcelApi 1.21, CustomFunctionsRuntime 1.5, with
 * its limits of 5 MB and 5 million cells per sync). What the older one lacks must degrade (a plain
 * number, the first block of rows selected), never fail.
 */
import type { HostId } from "../../../preview/hosts/profiles";

export const OLDEST_AND_NEWEST: readonly HostId[] = ["excel-2021", "excel-web"];
