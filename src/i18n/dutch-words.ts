/**
 * The Dutch words the functions bundle does not carry, in one lazily loaded chunk (`reasons-nl`):
 * the reasons made below the pane and the functions (reasons-nl.ts) and the functions' own
 * messages (functions-nl.ts). `loadReasonWords("nl")` (reasons.ts) imports this module only when
 * Office speaks Dutch, so an English Office never downloads it and the functions bundle stays
 * within its 60 KB budget.
 */
import { nlFunctions } from "./functions-nl";
import type { SameFunctionPlaceholders } from "./function-messages";
import { nlReasons } from "./reasons-nl";

// A Dutch function message whose placeholders differ from the English one fails to compile here.
const nlFunctionsChecked: SameFunctionPlaceholders<typeof nlFunctions> = nlFunctions;

// Nothing of the main bundle is imported here (types only): a module this chunk shared with the
// bundles would be split into a chunk file of its own.
export { nlFunctionsChecked as nlFunctions, nlReasons };
